import { describe, expect, it } from 'vitest';
import { outcomeOfAdyenRefusal, outcomeOfFailure, walletFailureReasonOf } from '../outcomes';
import { testCards } from './cards';
import { walletTokens } from './wallet';

/** The outcomes the catalogue promises for each row agree with the contracts' mapping functions. */
describe('the catalogue agrees with contracts', () => {
  const declines = testCards.flatMap((card) =>
    card.behaviour.kind === 'declined' ? [[card.number, card.behaviour.decline] as const] : [],
  );

  it.each(declines)('%s: the failure mapping gives the row outcome', (_, decline) => {
    expect(
      outcomeOfFailure({ errCode: decline.err_code, failDetail: decline.fail_detail ?? undefined }),
    ).toBe(decline.outcome);
  });

  it.each(declines)('%s: the provider 17 refusal mapping agrees, but for risk', (_, decline) => {
    // Risk is known to the app from fail_detail only; Adyen's refusal code alone maps to other.
    const expected = decline.outcome === 'highRisk' ? 'other' : decline.outcome;
    expect(outcomeOfAdyenRefusal(decline.refusal_code ?? undefined)).toBe(expected);
  });

  it.each(walletTokens.filter((row) => row.failure_reason !== null && row.fail_detail !== 'pending'))(
    '$token: the wallet failure mapping gives $failure_reason',
    (row) => {
      expect(walletFailureReasonOf(row.fail_detail)).toBe(row.failure_reason);
    },
  );
});
