import { ORDER_PAYMENT_WINDOW_MS } from '@topup/contracts/simulators';
import { describe, expect, it } from 'vitest';
import type { Params } from '../api/client';
import { ATTEMPT_STORAGE_KEY, type AttemptStorage, orderAttempts } from './orderAttempt';

/** One intent, one X-CLI-RID until its order is known; the order kept until its result is. */

function memoryStorage(initial: Record<string, string> = {}): AttemptStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

const wallet: Params<'createCoinPay'> = {
  recharge_id: 'rc_499',
  uid: 1001,
  pay_type: 26,
  source: 1,
  kind: 'normal',
  ext: { h5_deviceid: 'dev-1', page_view_id: 'pv-1' },
};
const newCard: Params<'createCoinPay'> = {
  ...wallet,
  pay_type: 23,
  token: 'tok_1',
  bin: '424242',
  last4: '4242',
};

function counter() {
  let n = 0;
  return () => {
    n += 1;
    return `rid-${n}`;
  };
}

describe('the X-CLI-RID of an intent', () => {
  it('is the same for a retry of the same intent whose answer was lost', () => {
    const attempts = orderAttempts(memoryStorage(), () => 1_000);
    const fresh = counter();
    expect(attempts.requestIdFor(wallet, fresh)).toBe('rid-1');
    expect(
      attempts.requestIdFor({ ...wallet, ext: { h5_deviceid: 'dev-1', page_view_id: 'pv-2' } }, fresh),
    ).toBe('rid-1');
  });

  it('survives a reload for a request that can be re-sent (no card token)', () => {
    const storage = memoryStorage();
    expect(orderAttempts(storage, () => 1_000).requestIdFor(wallet, counter())).toBe('rid-1');
    const afterReload = orderAttempts(storage, () => 2_000);
    expect(afterReload.requestIdFor(wallet, () => 'rid-new')).toBe('rid-1');
  });

  it('is new after a reload for a new card: its token is not kept, so the request cannot be the same', () => {
    const storage = memoryStorage();
    orderAttempts(storage, () => 1_000).requestIdFor(newCard, counter());
    expect(
      orderAttempts(storage, () => 2_000).requestIdFor({ ...newCard, token: 'tok_2' }, () => 'rid-new'),
    ).toBe('rid-new');
    expect(storage.data.get(ATTEMPT_STORAGE_KEY)).not.toContain('tok_');
  });

  const others: [string, Params<'createCoinPay'>][] = [
    ['another package', { ...wallet, recharge_id: 'rc_999' }],
    ['another target', { ...wallet, uid: 1002 }],
    ['another pay type', { ...wallet, pay_type: 25 }],
    ['another kind', { ...wallet, kind: 'retry' }],
    ['a saved card', { ...wallet, pay_type: 27, source_id: 'card_1' }],
  ];
  for (const [name, params] of others) {
    it(`is new for ${name}`, () => {
      const attempts = orderAttempts(memoryStorage(), () => 1_000);
      const fresh = counter();
      attempts.requestIdFor(wallet, fresh);
      expect(attempts.requestIdFor(params, fresh)).toBe('rid-2');
    });
  }

  it('is new once the order exists or was refused', () => {
    const attempts = orderAttempts(memoryStorage(), () => 1_000);
    const fresh = counter();
    attempts.requestIdFor(wallet, fresh);
    attempts.ordered('ord-1');
    expect(attempts.requestIdFor(wallet, fresh)).toBe('rid-2');
    attempts.settled();
    expect(attempts.requestIdFor(wallet, fresh)).toBe('rid-3');
  });
});

describe('the order kept for a reload or a return', () => {
  it('is found again until its result is known', () => {
    const storage = memoryStorage();
    const attempts = orderAttempts(storage, () => 1_000);
    attempts.requestIdFor(wallet, counter());
    expect(attempts.unsettled()).toBeUndefined();
    attempts.ordered('ord-1');
    expect(orderAttempts(storage, () => 5_000).unsettled()).toMatchObject({ orderId: 'ord-1', payType: 26 });
    attempts.settled();
    expect(orderAttempts(storage, () => 5_000).unsettled()).toBeUndefined();
  });

  it('is over once past its payment window', () => {
    const storage = memoryStorage();
    const attempts = orderAttempts(storage, () => 1_000);
    attempts.requestIdFor(wallet, counter());
    attempts.ordered('ord-1');
    expect(orderAttempts(storage, () => 1_000 + ORDER_PAYMENT_WINDOW_MS).unsettled()).toBeUndefined();
  });

  const hostile: [string, string][] = [
    ['not JSON', '{'],
    ['the wrong shape', JSON.stringify({ orderId: 'x' })],
    [
      'an unknown pay type',
      JSON.stringify({ key: 'k', requestId: 'r', resendable: true, orderId: 'o', payType: 99, at: 1 }),
    ],
    [
      'a huge order id',
      JSON.stringify({
        key: 'k',
        requestId: 'r',
        resendable: true,
        orderId: 'o'.repeat(500),
        payType: 26,
        at: 1,
      }),
    ],
    [
      'a time in the future',
      JSON.stringify({ key: 'k', requestId: 'r', resendable: true, orderId: 'o', payType: 26, at: 9e15 }),
    ],
  ];
  for (const [name, raw] of hostile) {
    it(`reads as nothing when storage holds ${name}`, () => {
      const attempts = orderAttempts(memoryStorage({ [ATTEMPT_STORAGE_KEY]: raw }), () => 1_000);
      expect(attempts.unsettled()).toBeUndefined();
      expect(attempts.requestIdFor(wallet, () => 'rid-new')).toBe('rid-new');
    });
  }

  it('a storage that refuses every write still keeps the intent within the page', () => {
    const refusing: AttemptStorage = {
      getItem: () => null,
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {},
    };
    const attempts = orderAttempts(refusing, () => 1_000);
    const fresh = counter();
    expect(attempts.requestIdFor(newCard, fresh)).toBe('rid-1');
    expect(attempts.requestIdFor(newCard, fresh)).toBe('rid-1');
  });
});

describe('a card order whose answer never came, after a reload', () => {
  const savedCard: Params<'createCoinPay'> = {
    ...wallet,
    pay_type: 27,
    source_id: 'card_1',
    cvv_token: 'cvv_1',
  };

  it.each([
    ['a new card', newCard, { recharge_id: 'rc_499', uid: 1001, kind: 'normal' }],
    [
      'a saved card with its code',
      savedCard,
      { recharge_id: 'rc_499', uid: 1001, kind: 'normal', source_id: 'card_1' },
    ],
  ])('%s: its X-CLI-RID and public intent are kept, never a token', (_name, params, intent) => {
    const storage = memoryStorage();
    orderAttempts(storage, () => 1_000).requestIdFor(params, counter());
    const afterReload = orderAttempts(storage, () => 2_000);
    expect(afterReload.unanswered()).toMatchObject({ requestId: 'rid-1', payType: params.pay_type, intent });
    expect(afterReload.unanswered()?.intent).toStrictEqual(intent);
    expect(storage.data.get(ATTEMPT_STORAGE_KEY)).not.toMatch(/tok_|cvv_1|4242/);
  });

  it('is nothing for a request the next tap re-sends whole, for an order found, or once settled', () => {
    const storage = memoryStorage();
    const attempts = orderAttempts(storage, () => 1_000);
    attempts.requestIdFor(wallet, counter());
    expect(orderAttempts(storage, () => 2_000).unanswered()).toBeUndefined();
    attempts.requestIdFor(newCard, counter());
    expect(orderAttempts(storage, () => 2_000).unanswered()).toBeDefined();
    attempts.ordered('ord-1');
    expect(orderAttempts(storage, () => 2_000).unanswered()).toBeUndefined();
    attempts.settled();
    expect(orderAttempts(storage, () => 2_000).unanswered()).toBeUndefined();
  });

  it('is over once past its payment window', () => {
    const storage = memoryStorage();
    orderAttempts(storage, () => 1_000).requestIdFor(newCard, counter());
    expect(orderAttempts(storage, () => 1_000 + ORDER_PAYMENT_WINDOW_MS).unanswered()).toBeUndefined();
  });

  const attempt = { key: 'k', requestId: 'r', resendable: false, payType: 23, at: 1 };
  it.each([
    ['no intent', attempt],
    [
      'a uid that is not a number',
      { ...attempt, intent: { recharge_id: 'rc_499', uid: '1001', kind: 'normal' } },
    ],
    ['an unknown kind', { ...attempt, intent: { recharge_id: 'rc_499', uid: 1001, kind: 'free' } }],
    ['an empty package', { ...attempt, intent: { recharge_id: '', uid: 1001, kind: 'normal' } }],
    [
      'a huge source id',
      { ...attempt, intent: { recharge_id: 'rc', uid: 1, kind: 'normal', source_id: 's'.repeat(200) } },
    ],
  ])('reads as nothing when storage holds %s', (_name, value) => {
    const attempts = orderAttempts(
      memoryStorage({ [ATTEMPT_STORAGE_KEY]: JSON.stringify(value) }),
      () => 1_000,
    );
    expect(attempts.unanswered()).toBeUndefined();
  });
});
