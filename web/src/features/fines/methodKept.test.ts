// @vitest-environment node
import { ServerCode } from '@topup/contracts';
import { describe, expect, it } from 'vitest';
import { fine7001 } from '../../test/fineClient';
import { type FineEvent, type FineScreen, fineReducer } from './state';

/** The way to pay the visitor chose outlives a refresh ("amount changed") and a retry after a failure. */

const hosted: FineScreen = {
  kind: 'payable',
  fine: fine7001,
  method: 'hosted',
  busy: 'idle',
  error: undefined,
};
const fine14 = { ...fine7001, amount: 14.99 };
const answered: FineEvent = { type: 'fineAnswered', answer: { ok: true, data: fine14 } };
const run = (from: FineScreen, events: readonly FineEvent[]) => events.reduce(fineReducer, from);

describe('the chosen way to pay, through a reload of the fine', () => {
  it('amount changed, then refresh: the hosted page still chosen, at the new amount', () => {
    const refused: FineEvent = {
      type: 'paymentEnded',
      end: { kind: 'refused', result: ServerCode.fineAmountChanged, message: '' },
    };
    const changed = run(hosted, [{ type: 'orderStarted' }, refused]);
    expect(changed).toEqual({ kind: 'amountChanged', fine: fine7001, method: 'hosted' });
    // The change is said, and waits for the visitor's confirmation (amountChange.test.ts).
    expect(run(changed, [{ type: 'load' }, answered])).toEqual({
      ...hosted,
      fine: fine14,
      amountChange: { from: fine7001.amount, confirmed: false },
    });
  });

  it('a failed payment, then "try again": the way it was paid is chosen again', () => {
    const failed: FineEvent = {
      type: 'paymentEnded',
      end: { kind: 'failed', orderId: 'o1', outcome: 'other', detail: undefined },
    };
    expect(run(hosted, [{ type: 'orderStarted' }, failed, { type: 'load' }, answered])).toEqual({
      ...hosted,
      fine: fine14,
    });
  });

  it('a first load knows no choice: the card, as before', () => {
    expect(run({ kind: 'loading' }, [answered])).toMatchObject({ kind: 'payable', method: 'card' });
  });
});
