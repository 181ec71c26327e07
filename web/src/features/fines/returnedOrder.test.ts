// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { fineOrders } from '../../payments/fineOrders';
import { type AttemptStorage, orderAttempts } from '../../payments/orderAttempt';
import { processingPanel, returnedUnpaidPanel } from '../../payments/outcome';
import { pendingPanelOf } from '../../payments/pendingPanel';
import { fine7001 } from '../../test/fineClient';
import { cardRequest, hostedRequest } from './finePayment';
import { fineReducer } from './state';

/**
 * Review: Back from the issuer's 3-D Secure page of a fine's card order gave «الدفع قيد المعالجة» after a 10 s
 * block, and paying another way emptied the holder name. The order kept by the tab says its page was left, so
 * the new page says it as the pay step does, and keeps the name it was sent with (never the card).
 */

function memoryStorage(): AttemptStorage & { readonly data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}
const card = {
  tokenised: { token: 'tok_1', bin: '424242', last4: '4242', scheme: 'visa', cardValidDate: '12/30' },
  holderName: 'Reem Al-Harbi',
  remember: false,
};

describe("a fine's card order left for the issuer's page", () => {
  it('a new page finds it left, with the holder name and no card detail: "not confirmed", give it up', () => {
    const storage = memoryStorage();
    const before = orderAttempts(storage, () => 42, fineOrders);
    before.requestIdFor(cardRequest(fine7001, 'h5_dev', card), () => 'rid-1');
    before.ordered('PO1');
    before.leftForPage();
    // Back from the bank's page: a new page reads what the tab kept.
    const kept = orderAttempts(storage, () => 43, fineOrders).unsettled();
    expect(kept).toMatchObject({ orderId: 'PO1', left: true, intent: { name: 'Reem Al-Harbi' } });
    const stored = [...storage.data.values()].join('');
    expect(stored).not.toContain('tok_1');
    expect(stored).not.toContain('4242');
    expect(pendingPanelOf('PO1', false, kept)).toBe(returnedUnpaidPanel);
  });

  it('not left (a reload while the order is polled), or a hosted order: no name, "processing"', () => {
    const storage = memoryStorage();
    const attempts = orderAttempts(storage, () => 42, fineOrders);
    attempts.requestIdFor(hostedRequest(fine7001, 'h5_dev'), () => 'rid-2');
    attempts.ordered('PO2');
    const kept = attempts.unsettled();
    expect(kept?.intent).not.toHaveProperty('name');
    expect(pendingPanelOf('PO2', false, kept)).toBe(processingPanel);
  });

  it('the pending screen carries the panel it is said with', () => {
    const checking = fineReducer(
      { kind: 'loading' },
      { type: 'checkResult', orderId: 'PO1', bannedBefore: true, method: 'card' },
    );
    const pending = fineReducer(checking, {
      type: 'paymentEnded',
      end: { kind: 'pending', orderId: 'PO1', panel: returnedUnpaidPanel },
    });
    expect(pending).toMatchObject({ kind: 'pending', orderId: 'PO1', panel: returnedUnpaidPanel });
  });
});
