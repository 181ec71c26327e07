import { ORDER_PAYMENT_WINDOW_MS } from '@topup/contracts/simulators';
import { describe, expect, it } from 'vitest';
import type { Params } from '../api/client';
import { type FineOrderRequest, fineOrders } from './fineOrders';
import {
  ATTEMPT_STORAGE_KEY,
  type AttemptStorage,
  coinOrders,
  keptOrderIds,
  orderAttempts,
  payAttempts,
  fineAttempts as tabFineAttempts,
} from './orderAttempt';

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

const adyenCard: Params<'createCoinPay'> = {
  ...wallet,
  pay_type: 27,
  platform_data: { encryptedCardNumber: 'enc_1', encryptedSecurityCode: 'enc_2' },
  bin: '424242',
  last4: '4242',
};

/** The pay step's rule (create_coin_pay) over a storage. */
const coinAttempts = (storage: AttemptStorage, now: () => number) => orderAttempts(storage, now, coinOrders);

function counter() {
  let n = 0;
  return () => {
    n += 1;
    return `rid-${n}`;
  };
}

describe('the X-CLI-RID of an intent', () => {
  it('is the same for a retry of the same intent whose answer was lost', () => {
    const attempts = coinAttempts(memoryStorage(), () => 1_000);
    const fresh = counter();
    expect(attempts.requestIdFor(wallet, fresh)).toBe('rid-1');
    expect(
      attempts.requestIdFor({ ...wallet, ext: { h5_deviceid: 'dev-1', page_view_id: 'pv-2' } }, fresh),
    ).toBe('rid-1');
  });

  it('survives a reload for a request that can be re-sent (no card token)', () => {
    const storage = memoryStorage();
    expect(coinAttempts(storage, () => 1_000).requestIdFor(wallet, counter())).toBe('rid-1');
    const afterReload = coinAttempts(storage, () => 2_000);
    expect(afterReload.requestIdFor(wallet, () => 'rid-new')).toBe('rid-1');
  });

  it.each([
    ['a card token (provider 13)', newCard],
    ['an encrypted card in platform_data (provider 17)', adyenCard],
    [
      'a saved card with its encrypted code in platform_data',
      { ...wallet, pay_type: 27, source_id: 'src_1', platform_data: { encryptedSecurityCode: 'enc' } },
    ],
    ['a saved card with a CVV token', { ...wallet, pay_type: 23, source_id: 'src_1', cvv_token: 'cvv_1' }],
  ] as const)(
    'after a reload, %s is asked for without its card, never re-sent by the next tap',
    (_, request) => {
      const storage = memoryStorage();
      coinAttempts(storage, () => 1_000).requestIdFor(request, counter());
      const afterReload = coinAttempts(storage, () => 2_000);
      expect(afterReload.unanswered()?.requestId).toBe('rid-1');
      expect(storage.data.get(ATTEMPT_STORAGE_KEY)).not.toMatch(/tok_|enc|cvv_1/);
    },
  );

  it('is new after a reload for a new card: its token is not kept, so the request cannot be the same', () => {
    const storage = memoryStorage();
    coinAttempts(storage, () => 1_000).requestIdFor(newCard, counter());
    expect(
      coinAttempts(storage, () => 2_000).requestIdFor({ ...newCard, token: 'tok_2' }, () => 'rid-new'),
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
      const attempts = coinAttempts(memoryStorage(), () => 1_000);
      const fresh = counter();
      attempts.requestIdFor(wallet, fresh);
      expect(attempts.requestIdFor(params, fresh)).toBe('rid-2');
    });
  }

  it('is new once the order exists or was refused', () => {
    const attempts = coinAttempts(memoryStorage(), () => 1_000);
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
    const attempts = coinAttempts(storage, () => 1_000);
    attempts.requestIdFor(wallet, counter());
    expect(attempts.unsettled()).toBeUndefined();
    attempts.ordered('ord-1');
    expect(coinAttempts(storage, () => 5_000).unsettled()).toMatchObject({ orderId: 'ord-1', payType: 26 });
    attempts.settled();
    expect(coinAttempts(storage, () => 5_000).unsettled()).toBeUndefined();
  });

  it('keeps that its 3-D Secure check opened, across a reload, until its result is known', () => {
    const storage = memoryStorage();
    const attempts = coinAttempts(storage, () => 1_000);
    attempts.requestIdFor(newCard, counter());
    attempts.challengeOpened();
    // No order yet: nothing to mark.
    expect(storage.data.get(ATTEMPT_STORAGE_KEY)).not.toContain('challenged');
    attempts.ordered('ord-1');
    expect(coinAttempts(storage, () => 2_000).unsettled()?.challenged).toBeUndefined();
    attempts.challengeOpened();
    expect(coinAttempts(storage, () => 2_000).unsettled()).toMatchObject({
      orderId: 'ord-1',
      challenged: true,
    });
    expect(storage.data.get(ATTEMPT_STORAGE_KEY)).not.toContain('tok_1');
    attempts.settled();
    expect(coinAttempts(storage, () => 2_000).unsettled()).toBeUndefined();
  });

  it("keeps that the page left for the order's own page (a provider's, the issuer's), across a reload", () => {
    const storage = memoryStorage();
    const attempts = coinAttempts(storage, () => 1_000);
    attempts.requestIdFor(wallet, counter());
    attempts.leftForPage();
    expect(storage.data.get(ATTEMPT_STORAGE_KEY)).not.toContain('left');
    attempts.ordered('ord-1');
    attempts.leftForPage();
    expect(coinAttempts(storage, () => 2_000).unsettled()).toMatchObject({ orderId: 'ord-1', left: true });
    expect(coinAttempts(storage, () => 2_000).unsettled()?.challenged).toBeUndefined();
    attempts.settled();
    attempts.requestIdFor(newCard, counter());
    attempts.ordered('ord-2');
    // The issuer's 3-D Secure page is left as a provider's page is, not lost as a check in the page's layer.
    attempts.challengeOpened(true);
    expect(coinAttempts(storage, () => 2_000).unsettled()).toMatchObject({ orderId: 'ord-2', left: true });
    expect(coinAttempts(storage, () => 2_000).unsettled()?.challenged).toBeUndefined();
  });

  it('is over once past its payment window', () => {
    const storage = memoryStorage();
    const attempts = coinAttempts(storage, () => 1_000);
    attempts.requestIdFor(wallet, counter());
    attempts.ordered('ord-1');
    expect(coinAttempts(storage, () => 1_000 + ORDER_PAYMENT_WINDOW_MS).unsettled()).toBeUndefined();
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
      'an account that is no uid',
      JSON.stringify({
        key: 'k',
        requestId: 'r',
        resendable: true,
        orderId: 'o',
        payType: 26,
        at: 1,
        account: '1001',
      }),
    ],
    [
      'a negative account',
      JSON.stringify({
        key: 'k',
        requestId: 'r',
        resendable: true,
        orderId: 'o',
        payType: 26,
        at: 1,
        account: -1,
      }),
    ],
    [
      'a time in the future',
      JSON.stringify({ key: 'k', requestId: 'r', resendable: true, orderId: 'o', payType: 26, at: 9e15 }),
    ],
  ];
  for (const [name, raw] of hostile) {
    it(`reads as nothing when storage holds ${name}`, () => {
      const attempts = coinAttempts(memoryStorage({ [ATTEMPT_STORAGE_KEY]: raw }), () => 1_000);
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
    const attempts = coinAttempts(refusing, () => 1_000);
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
    coinAttempts(storage, () => 1_000).requestIdFor(params, counter());
    const afterReload = coinAttempts(storage, () => 2_000);
    expect(afterReload.unanswered()).toMatchObject({ requestId: 'rid-1', payType: params.pay_type, intent });
    expect(afterReload.unanswered()?.intent).toStrictEqual(intent);
    expect(storage.data.get(ATTEMPT_STORAGE_KEY)).not.toMatch(/tok_|cvv_1|4242/);
  });

  it('is nothing for a request the next tap re-sends whole, for an order found, or once settled', () => {
    const storage = memoryStorage();
    const attempts = coinAttempts(storage, () => 1_000);
    attempts.requestIdFor(wallet, counter());
    expect(coinAttempts(storage, () => 2_000).unanswered()).toBeUndefined();
    attempts.requestIdFor(newCard, counter());
    expect(coinAttempts(storage, () => 2_000).unanswered()).toBeDefined();
    attempts.ordered('ord-1');
    expect(coinAttempts(storage, () => 2_000).unanswered()).toBeUndefined();
    attempts.settled();
    expect(coinAttempts(storage, () => 2_000).unanswered()).toBeUndefined();
  });

  it('is over once past its payment window', () => {
    const storage = memoryStorage();
    coinAttempts(storage, () => 1_000).requestIdFor(newCard, counter());
    expect(coinAttempts(storage, () => 1_000 + ORDER_PAYMENT_WINDOW_MS).unanswered()).toBeUndefined();
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
    const attempts = coinAttempts(
      memoryStorage({ [ATTEMPT_STORAGE_KEY]: JSON.stringify(value) }),
      () => 1_000,
    );
    expect(attempts.unanswered()).toBeUndefined();
  });
});

describe('one rule for a fine: its X-CLI-RID and order, kept for a reload as the pay step keeps its own', () => {
  const fineAttempts = (storage: AttemptStorage, now: () => number) =>
    orderAttempts(storage, now, fineOrders);
  const fine = { fine_id: 7001, amount: 4.99, source: 1, h5_deviceid: 'dev-1' } as const;
  const hosted: FineOrderRequest = { call: 'payerMaxCreateFinePay', params: fine };
  const cardParams = { ...fine, pay_type: 23, token: 'tok_1', bin: '424242', last4: '4242' } as const;
  const card: FineOrderRequest = { call: 'createFinePay', params: cardParams };
  /** A reload in between: `true` builds the second attempt over the same storage as a fresh page would. */
  it.each<[string, FineOrderRequest, FineOrderRequest, boolean, 'same' | 'new']>([
    ['a lost card answer retried in the page', card, card, false, 'same'],
    ['a lost hosted answer retried in the page', hosted, hosted, false, 'same'],
    ['the hosted page asked for again after a reload', hosted, hosted, true, 'same'],
    [
      'another card after a reload (its token was not kept)',
      card,
      { call: 'createFinePay', params: { ...cardParams, token: 'tok_2' } },
      true,
      'new',
    ],
    ['another fine', hosted, { ...hosted, params: { ...fine, fine_id: 7003 } }, false, 'new'],
    ['another amount shown', hosted, { ...hosted, params: { ...fine, amount: 9.99 } }, false, 'new'],
    ['the card after the hosted page', hosted, card, false, 'new'],
  ])('%s: %s X-CLI-RID', (_name, first, second, reload, expected) => {
    const storage = memoryStorage();
    const before = fineAttempts(storage, () => 1_000);
    expect(before.requestIdFor(first, () => 'rid-1')).toBe('rid-1');
    const after = reload ? fineAttempts(storage, () => 2_000) : before;
    expect(after.requestIdFor(second, () => 'rid-2')).toBe(expected === 'same' ? 'rid-1' : 'rid-2');
  });

  it('a card order sent before a reload is asked for by its X-CLI-RID and public fields, never its card', () => {
    const storage = memoryStorage();
    fineAttempts(storage, () => 1_000).requestIdFor(card, counter());
    const afterReload = fineAttempts(storage, () => 2_000);
    expect(afterReload.unanswered()).toMatchObject({ requestId: 'rid-1', payType: 23 });
    expect(afterReload.unanswered()?.intent).toStrictEqual({
      call: 'createFinePay',
      fine_id: 7001,
      amount: 4.99,
    });
    expect(JSON.stringify([...storage.data])).not.toMatch(/tok_|4242/);
  });

  it('an order made before a reload is found again until its result is known', () => {
    const storage = memoryStorage();
    const attempts = fineAttempts(storage, () => 1_000);
    attempts.requestIdFor(hosted, counter());
    attempts.ordered('ord-9');
    expect(fineAttempts(storage, () => 5_000).unsettled()).toMatchObject({
      orderId: 'ord-9',
      intent: { fine_id: 7001 },
    });
    attempts.settled();
    expect(fineAttempts(storage, () => 5_000).unsettled()).toBeUndefined();
  });

  it("is kept apart from the pay step's: neither screen takes the other's order for its own", () => {
    const storage = memoryStorage();
    fineAttempts(storage, () => 1_000).requestIdFor(hosted, counter());
    fineAttempts(storage, () => 1_000).ordered('ord-fine');
    expect(coinAttempts(storage, () => 2_000).unsettled()).toBeUndefined();
    coinAttempts(storage, () => 2_000).requestIdFor(wallet, counter());
    coinAttempts(storage, () => 2_000).ordered('ord-coin');
    expect(fineAttempts(storage, () => 3_000).unsettled()?.orderId).toBe('ord-fine');
    expect(coinAttempts(storage, () => 3_000).unsettled()?.orderId).toBe('ord-coin');
  });

  it.each([
    ['a coin intent', { recharge_id: 'rc_499', uid: 1001, kind: 'normal' }],
    ['a fine id that is not a number', { call: 'createFinePay', fine_id: '7001', amount: 4.99 }],
    ['an unknown call', { call: 'createCoinPay', fine_id: 7001, amount: 4.99 }],
    ['no amount', { call: 'createFinePay', fine_id: 7001 }],
  ])('reads as nothing when storage holds %s', (_name, intent) => {
    const value = { key: 'k', requestId: 'r', resendable: false, payType: 23, at: 1, intent };
    const attempts = fineAttempts(
      memoryStorage({ 'topup.fine_attempt': JSON.stringify(value) }),
      () => 1_000,
    );
    expect(attempts.unanswered()).toBeUndefined();
  });
});

describe("the orders the tab follows on screen (an old account's sessions and attempts are kept for these)", () => {
  it("are the pay step's and the fine's kept orders while a screen shows each, until each settles", () => {
    const stopPay = payAttempts.follow();
    const stopFine = tabFineAttempts.follow();
    expect(keptOrderIds()).toEqual(new Set());
    payAttempts.requestIdFor(wallet, () => 'rid-pay');
    // Sent, no order yet: nothing to follow by id.
    expect(keptOrderIds()).toEqual(new Set());
    payAttempts.ordered('ord-pay');
    tabFineAttempts.requestIdFor(
      { call: 'payerMaxCreateFinePay', params: { fine_id: 7001, amount: 4.99, source: 1 } },
      () => 'rid-fine',
    );
    tabFineAttempts.ordered('ord-fine');
    expect(keptOrderIds()).toEqual(new Set(['ord-pay', 'ord-fine']));
    payAttempts.settled();
    tabFineAttempts.settled();
    expect(keptOrderIds()).toEqual(new Set());
    stopPay();
    stopFine();
  });

  it('a kept order no screen shows is not followed; one stop is counted once', () => {
    payAttempts.requestIdFor(wallet, () => 'rid-pay');
    payAttempts.ordered('ord-pay');
    expect(keptOrderIds()).toEqual(new Set());
    const stop = payAttempts.follow();
    const other = payAttempts.follow();
    expect(keptOrderIds()).toEqual(new Set(['ord-pay']));
    stop();
    stop();
    expect(keptOrderIds()).toEqual(new Set(['ord-pay']));
    other();
    expect(keptOrderIds()).toEqual(new Set());
    payAttempts.settled();
  });
});

describe('keepOnly: an attempt forgotten leaves nothing in the tab, memory or storage', () => {
  it('forgets what `keep` refuses, unless a screen shows it', () => {
    const storage = memoryStorage();
    const attempts = orderAttempts(storage, () => 1_000, coinOrders);
    attempts.requestIdFor(wallet, () => 'rid-1');
    attempts.ordered('ord-1');
    const stop = attempts.follow();
    attempts.keepOnly(() => false);
    expect(attempts.unsettled()?.orderId).toBe('ord-1');
    stop();
    attempts.keepOnly((id) => id !== 'ord-1');
    expect(attempts.unsettled()).toBeUndefined();
    expect(storage.data.has(ATTEMPT_STORAGE_KEY)).toBe(false);
    // A new intent after it starts afresh.
    expect(attempts.requestIdFor(wallet, () => 'rid-2')).toBe('rid-2');
  });

  it('hands `keep` the account the attempt was made for, kept across a reload (none: made signed out)', () => {
    const storage = memoryStorage();
    let uid: number | undefined = 1001;
    const attempts = orderAttempts(
      storage,
      () => 1_000,
      coinOrders,
      () => uid,
    );
    attempts.requestIdFor(wallet, () => 'rid-1');
    attempts.ordered('ord-1');
    // Whoever signs in later, the attempt stays the one it was made for.
    uid = 1010;
    const seen: [string | undefined, number | undefined][] = [];
    orderAttempts(storage, () => 1_000, coinOrders).keepOnly((id, account) => seen.push([id, account]) > 0);
    expect(seen).toEqual([['ord-1', 1001]]);
    attempts.settled();
    uid = undefined;
    attempts.requestIdFor(wallet, () => 'rid-2');
    attempts.keepOnly((id, account) => seen.push([id, account]) > 0);
    expect(seen[1]).toEqual([undefined, undefined]);
    expect(storage.data.get(ATTEMPT_STORAGE_KEY)).not.toContain('account');
  });
});
