import { describe, expect, it } from 'vitest';
import { ServerCode } from '../codes';
import { AccountCheckStatus } from '../entities';
import { outcomeOfAdyenRefusal, outcomeOfFailure, PAY_TYPES, walletFailureReasonOf } from '../payments';
import { AccountCheckCode } from './accounts';
import { testCards } from './cards';
import { FineCode } from './fines';
import { CATALOGUE_PAY_TYPES } from './packages';
import { walletTokens } from './wallet';

/** The catalogue keeps its own copies of a few constants; these tests hold them to the rest of contracts. */
describe('the catalogue agrees with contracts', () => {
  it('uses the code catalogue numbers', () => {
    expect(AccountCheckCode).toEqual({
      ok: 0,
      banned: ServerCode.banned,
      deactivated: ServerCode.deactivated,
      deactivating: ServerCode.deactivating,
      sourceMismatch: ServerCode.sourceMismatch,
      notExist: ServerCode.accountNotFound,
    });
    expect(FineCode).toEqual({
      ok: 0,
      notFound: ServerCode.fineNotFound,
      alreadyPaid: ServerCode.fineAlreadyPaid,
      amountChanged: ServerCode.fineAmountChanged,
    });
    expect(AccountCheckStatus.deactivating).toBe(4);
  });

  it('uses the pay types of SPEC §3', () => {
    expect([...CATALOGUE_PAY_TYPES].sort()).toEqual([...PAY_TYPES].sort());
  });

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
