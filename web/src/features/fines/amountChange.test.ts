// @vitest-environment node
import { ServerCode } from '@topup/contracts';
import { describe, expect, it } from 'vitest';
import { fine7001 } from '../../test/fineClient';
import { amountChangeOf, awaitsConfirm } from './amountChange';
import { type FineEvent, type FineScreen, fineReducer } from './state';

/** Review: 7003's refresh changed $9.99 to $14.99 silently, the card kept typed: one tap paid 50% more. */

const payable: FineScreen = {
  kind: 'payable',
  fine: fine7001,
  method: 'card',
  busy: 'idle',
  error: undefined,
};
const run = (from: FineScreen, events: readonly FineEvent[]) => events.reduce(fineReducer, from);
const refused: FineEvent = {
  type: 'paymentEnded',
  end: { kind: 'refused', result: ServerCode.fineAmountChanged, message: '' },
};
const answeredAt = (amount: number): FineEvent => ({
  type: 'fineAnswered',
  answer: { ok: true, data: { ...fine7001, amount } },
});

describe('a changed amount', () => {
  it('is none without an amount shown before, or the same amount', () => {
    expect(amountChangeOf(undefined, 14.99)).toBeUndefined();
    expect(amountChangeOf(14.99, 14.99)).toBeUndefined();
    expect(amountChangeOf(9.99, 14.99)).toEqual({ from: 9.99, confirmed: false });
    expect(awaitsConfirm(undefined)).toBe(false);
    expect(awaitsConfirm({ from: 9.99, confirmed: false })).toBe(true);
    expect(awaitsConfirm({ from: 9.99, confirmed: true })).toBe(false);
  });

  it('refreshed after "amount changed": said with the amount shown before, and waiting for the confirmation', () => {
    const refreshed = run(payable, [{ type: 'orderStarted' }, refused, { type: 'load' }, answeredAt(14.99)]);
    expect(refreshed).toMatchObject({
      kind: 'payable',
      fine: { amount: 14.99 },
      amountChange: { from: fine7001.amount, confirmed: false },
    });
    const confirmed = fineReducer(refreshed, { type: 'confirmAmount', confirmed: true });
    expect(confirmed).toMatchObject({ amountChange: { from: fine7001.amount, confirmed: true } });
    // The tick may be taken back; and a refusal at the pay button keeps the change said.
    expect(fineReducer(confirmed, { type: 'confirmAmount', confirmed: false })).toEqual(refreshed);
    const refusedAgain = run(confirmed, [
      { type: 'orderStarted' },
      { type: 'paymentEnded', end: { kind: 'refused', result: 500, message: 'x' } },
    ]);
    expect(refusedAgain).toMatchObject({ amountChange: { confirmed: true }, busy: 'idle', error: 'x' });
  });

  it('the same amount after the refresh, or a plain retry: nothing to confirm', () => {
    const same = run(payable, [
      { type: 'orderStarted' },
      refused,
      { type: 'load' },
      answeredAt(fine7001.amount),
    ]);
    expect(same).toMatchObject({ kind: 'payable', amountChange: undefined });
    const failed: FineEvent = {
      type: 'paymentEnded',
      end: { kind: 'failed', orderId: 'o1', outcome: 'other', detail: undefined },
    };
    expect(
      run(payable, [{ type: 'orderStarted' }, failed, { type: 'load' }, answeredAt(14.99)]),
    ).toMatchObject({
      amountChange: undefined,
    });
  });

  it('no confirmation outside a payable changed amount, nor while an order is being made', () => {
    expect(fineReducer(payable, { type: 'confirmAmount', confirmed: true })).toBe(payable);
    const busy = { ...payable, busy: 'creatingOrder' as const, amountChange: { from: 1, confirmed: false } };
    expect(fineReducer(busy, { type: 'confirmAmount', confirmed: true })).toBe(busy);
  });
});
