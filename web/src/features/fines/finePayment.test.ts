import { ClientCode, OrderResult, ServerCode } from '@topup/contracts';
import { describe, expect, it, vi } from 'vitest';
import { fineOrders } from '../../payments/fineOrders';
import { type AttemptStorage, orderAttempts } from '../../payments/orderAttempt';
import {
  CHECK_DISPLAY_ID,
  CREATE_FINE_PAY,
  checkData,
  FINE_INFO,
  fakeFinesClient,
  fine7001,
  networkDown,
  ok,
  PAY_ERROR,
  PAY_RESULT,
  PAYER_MAX,
  type Route,
  refuse,
} from '../../test/fineClient';
import {
  type CardDeps,
  cardRequest,
  checkUnban,
  createOrderGuard,
  fineCardParams,
  fineOrderResult,
  hostedParams,
  hostedRequest,
  payFineByCard,
  payFineOnHostedPage,
  recoverFineOrder,
} from './finePayment';
import type { FinePaymentEnd } from './state';

const card = {
  tokenised: { token: 'tok_1', bin: '424242', last4: '4242', scheme: 'visa', cardValidDate: '12/30' },
  holderName: 'Reem',
  remember: false,
};
const base = { sleep: async () => {}, deviceId: () => 'h5_dev', now: () => 1000 };

function cardDeps(routes: Readonly<Record<string, Route>>) {
  const fake = fakeFinesClient(routes);
  const redirect = vi.fn(() => true);
  const deps: CardDeps = {
    ...base,
    api: fake.client,
    threeDs: () => Promise.reject(new Error('no 3-D Secure for provider 13')),
    container: () => document.body,
    signal: new AbortController().signal,
    redirect,
    onVerifying: vi.fn(),
    onRedirect: vi.fn(),
  };
  return { deps, calls: fake.calls, redirect };
}

describe('order parameters', () => {
  it('card: pay type 23, the shown amount, token and public card fields only', () => {
    expect(fineCardParams(fine7001, 'h5_dev', card)).toEqual({
      fine_id: 7001,
      amount: 4.99,
      source: 1,
      h5_deviceid: 'h5_dev',
      pay_type: 23,
      ext: { h5_deviceid: 'h5_dev' },
      token: 'tok_1',
      bin: '424242',
      last4: '4242',
      scheme: 'visa',
      card_valid_date: '12/30',
      name: 'Reem',
      is_remember: false,
    });
  });

  it('hosted page: the fine and the shown amount', () => {
    expect(hostedParams(fine7001, 'h5_dev')).toEqual({
      fine_id: 7001,
      amount: 4.99,
      source: 1,
      h5_deviceid: 'h5_dev',
    });
  });
});

/** The fines screen's attempts over a map, as a reload sees them: a new `fineAttempts(storage)` is a new page. */
function memoryStorage(): AttemptStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}
const fineAttempts = (storage: AttemptStorage) => orderAttempts(storage, () => 1000, fineOrders);

describe('the order guard (one order per intent, payments/orderAttempt.ts)', () => {
  const cardIntent = cardRequest(fine7001, 'h5', card);
  const hostedIntent = hostedRequest(fine7001, 'h5');

  it('a double tap makes one order; the next attempt after a settled one gets a new X-CLI-RID', async () => {
    let now = 1;
    const guard = createOrderGuard(fineAttempts(memoryStorage()), { deviceId: () => 'h5', now: () => now });
    const ids: string[] = [];
    let release: () => void = () => {};
    const send = (rid: string) => {
      ids.push(rid);
      return new Promise<FinePaymentEnd>((resolve) => {
        release = () => resolve({ kind: 'paid', orderId: rid });
      });
    };
    const first = guard.run(cardIntent, send);
    const taps = await Promise.all(Array.from({ length: 5 }, () => guard.run(cardIntent, send)));
    expect(taps).toEqual([undefined, undefined, undefined, undefined, undefined]);
    expect(guard.busy).toBe(true);
    release();
    expect(await first).toEqual({ kind: 'paid', orderId: 'h5-1' });
    now = 2;
    const second = guard.run(cardIntent, send);
    release();
    await second;
    expect(ids).toEqual(['h5-1', 'h5-2']);
  });

  const lost: FinePaymentEnd = { kind: 'refused', result: ClientCode.network, message: 'x' };
  // [what the first attempt answered, the second attempt's intent, whether the second reuses the id]
  const cases: [string, FinePaymentEnd, 'card' | 'hosted', boolean][] = [
    ['no answer (network)', lost, 'card', true],
    ['a time-out', { kind: 'refused', result: ClientCode.timeout, message: 'x' }, 'card', true],
    ['a 502', { kind: 'refused', result: 502, message: 'x' }, 'card', true],
    ['no answer, then another method', lost, 'hosted', false],
    [
      'a refusal (amount changed)',
      { kind: 'refused', result: ServerCode.fineAmountChanged, message: 'x' },
      'card',
      false,
    ],
    [
      'a request the client could not build',
      { kind: 'refused', result: ClientCode.setup, message: 'x' },
      'card',
      false,
    ],
    [
      'an order, failed',
      { kind: 'failed', orderId: 'o', outcome: 'other', detail: undefined },
      'card',
      false,
    ],
    ['an order, pending', { kind: 'pending', orderId: 'o' }, 'card', false],
    ['an order, paid', { kind: 'paid', orderId: 'o' }, 'card', false],
  ];
  it.each(cases)(
    'after %s, the next attempt (%s) reuses the X-CLI-RID: %s',
    async (_name, first, next, reuses) => {
      let now = 1;
      const guard = createOrderGuard(fineAttempts(memoryStorage()), { deviceId: () => 'h5', now: () => now });
      const ids: string[] = [];
      const answering = (end: FinePaymentEnd) => async (rid: string) => {
        ids.push(rid);
        return end;
      };
      await guard.run(cardIntent, answering(first));
      now = 2;
      await guard.run(next === 'card' ? cardIntent : hostedIntent, answering({ kind: 'paid', orderId: 'o' }));
      expect(ids[1] === ids[0]).toBe(reuses);
    },
  );

  it.each<[string, FinePaymentEnd, 'unsettled' | 'unanswered' | 'nothing']>([
    ['an order pending', { kind: 'pending', orderId: 'o7' }, 'unsettled'],
    ['an order gone to its hosted page', { kind: 'redirected', orderId: 'o7' }, 'unsettled'],
    ['a lost answer', lost, 'unanswered'],
    ['a paid order', { kind: 'paid', orderId: 'o7' }, 'nothing'],
    ['a refusal', { kind: 'refused', result: ServerCode.fineAlreadyPaid, message: 'x' }, 'nothing'],
  ])('after %s, a reload finds %s', async (_name, end, found) => {
    const storage = memoryStorage();
    await createOrderGuard(fineAttempts(storage), { deviceId: () => 'h5', now: () => 1 }).run(
      cardIntent,
      async () => end,
    );
    const afterReload = fineAttempts(storage);
    expect(afterReload.unsettled()?.orderId).toBe(found === 'unsettled' ? 'o7' : undefined);
    expect(afterReload.unanswered()?.requestId).toBe(found === 'unanswered' ? 'h5-1' : undefined);
    expect([...storage.data.values()].join()).not.toMatch(/tok_1|4242/);
  });

  it('frees itself when the attempt throws, keeping the id: the order may exist', async () => {
    let now = 1;
    const guard = createOrderGuard(fineAttempts(memoryStorage()), { deviceId: () => 'h5', now: () => now });
    await expect(guard.run(cardIntent, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    now = 2;
    expect(await guard.run(cardIntent, async (rid) => ({ kind: 'paid', orderId: rid }))).toEqual({
      kind: 'paid',
      orderId: 'h5-1',
    });
  });
});

describe('after a reload, the order this tab kept for the fine', () => {
  it('an order made: its result is asked for, never a second order', async () => {
    const storage = memoryStorage();
    const before = fineAttempts(storage);
    before.requestIdFor(cardRequest(fine7001, 'h5_dev', card), () => 'rid-1');
    before.ordered('o8');
    const fake = fakeFinesClient({ [PAY_RESULT]: () => ok({ result: OrderResult.success, source_id: '' }) });
    const attempts = fineAttempts(storage);
    expect(await recoverFineOrder({ ...base, api: fake.client }, attempts, 7001)).toEqual({
      kind: 'paid',
      orderId: 'o8',
    });
    expect(fake.calls().map((c) => c.path)).toEqual([PAY_RESULT]);
    expect(attempts.unsettled()).toBeUndefined();
  });

  it('an order the server does not know (23001): said at once and let go, so a reload does not ask again', async () => {
    const storage = memoryStorage();
    const before = fineAttempts(storage);
    before.requestIdFor(cardRequest(fine7001, 'h5_dev', card), () => 'rid-1');
    before.ordered('o8');
    const fake = fakeFinesClient({ [PAY_RESULT]: () => refuse(ServerCode.orderNotFound) });
    const attempts = fineAttempts(storage);
    expect(await recoverFineOrder({ ...base, api: fake.client }, attempts, 7001)).toEqual({
      kind: 'orderNotFound',
      orderId: 'o8',
    });
    expect(fake.calls().map((c) => c.path)).toEqual([PAY_RESULT]);
    expect(attempts.unsettled()).toBeUndefined();
  });

  it.each<[string, Route, 'paid' | 'none', boolean]>([
    [
      'the order it made',
      () => ok({ order_id: 'o9', url: '', platform_data: { status: 'paid' } }),
      'paid',
      false,
    ],
    ['none (refused without a card)', () => refuse(ServerCode.invalidParam), 'none', false],
    ['no answer again', () => networkDown, 'none', true],
  ])(
    'a card order whose answer was lost: the same X-CLI-RID without the card finds %s',
    async (_n, answer, end, kept) => {
      const storage = memoryStorage();
      fineAttempts(storage).requestIdFor(cardRequest(fine7001, 'h5_dev', card), () => 'rid-1');
      const fake = fakeFinesClient({
        [CREATE_FINE_PAY]: answer,
        [PAY_RESULT]: () => ok({ result: OrderResult.success, source_id: '' }),
      });
      const attempts = fineAttempts(storage);
      const found = await recoverFineOrder({ ...base, api: fake.client }, attempts, 7001);
      expect(found).toEqual(end === 'paid' ? { kind: 'paid', orderId: 'o9' } : undefined);
      const create = fake.calls()[0];
      expect(create?.rid).toBe('rid-1');
      expect(create?.query.get('token')).toBeNull();
      expect(create?.query.get('fine_id')).toBe('7001');
      expect(attempts.unanswered() !== undefined).toBe(kept);
    },
  );

  it("nothing for another fine's order", async () => {
    const storage = memoryStorage();
    fineAttempts(storage).requestIdFor(cardRequest(fine7001, 'h5_dev', card), () => 'rid-1');
    fineAttempts(storage).ordered('o8');
    const fake = fakeFinesClient({});
    expect(
      await recoverFineOrder({ ...base, api: fake.client }, fineAttempts(storage), 7003),
    ).toBeUndefined();
    expect(fake.calls()).toEqual([]);
  });
});

describe('paying by card', () => {
  it('paid at once, with the X-CLI-RID on create_fine_pay', async () => {
    const { deps, calls } = cardDeps({
      [CREATE_FINE_PAY]: () => ok({ order_id: 'o1', url: '', platform_data: { status: 'paid' } }),
    });
    expect(await payFineByCard(deps, fine7001, card, 'h5-1')).toEqual({ kind: 'paid', orderId: 'o1' });
    expect(calls()[0]?.rid).toBe('h5-1');
    expect(calls()[0]?.query.get('token')).toBe('tok_1');
  });

  it.each([[ServerCode.fineAmountChanged], [ServerCode.fineAlreadyPaid], [ServerCode.fineNotFound]])(
    'refused with %i',
    async (code) => {
      const { deps } = cardDeps({ [CREATE_FINE_PAY]: () => refuse(code) });
      expect(await payFineByCard(deps, fine7001, card, 'r')).toMatchObject({ kind: 'refused', result: code });
    },
  );

  it('a decline maps to its outcome and message', async () => {
    const { deps } = cardDeps({
      [CREATE_FINE_PAY]: () =>
        ok({
          order_id: 'o2',
          url: '',
          platform_data: {
            status: 'failed',
            err_code: '20051',
            fail_detail: 'Insufficient Funds or Exceeds Amount Limits',
          },
        }),
    });
    expect(await payFineByCard(deps, fine7001, card, 'r')).toMatchObject({
      kind: 'failed',
      orderId: 'o2',
      outcome: 'balance',
    });
  });
});

describe('the hosted page', () => {
  it('redirects to the order url', async () => {
    const fake = fakeFinesClient({
      [PAYER_MAX]: () =>
        ok({
          order_id: 'o3',
          url: 'http://x/__provider/hosted/pay?order_id=o3',
          platform_data: { status: 'redirect' },
        }),
    });
    const redirect = vi.fn(() => true);
    const end = await payFineOnHostedPage({ ...base, api: fake.client, redirect }, fine7001, 'rid-9');
    expect(end).toEqual({ kind: 'redirected', orderId: 'o3' });
    expect(redirect).toHaveBeenCalledWith('http://x/__provider/hosted/pay?order_id=o3');
    expect(fake.calls()[0]?.rid).toBe('rid-9');
  });

  /** The trusted-host policy refused the provider's page: the order is cancelled and the screen ends. */
  it.each([
    [
      'the hosted page',
      (fake: ReturnType<typeof fakeFinesClient>, redirect: (url: string) => boolean) =>
        payFineOnHostedPage({ ...base, api: fake.client, redirect }, fine7001, 'r'),
    ],
    [
      "the card order's page",
      (fake: ReturnType<typeof fakeFinesClient>, redirect: (url: string) => boolean) =>
        payFineByCard({ ...cardDeps({}).deps, api: fake.client, redirect }, fine7001, card, 'r'),
    ],
  ])('%s refused: failed with "no payment page", the order cancelled', async (_name, pay) => {
    const order = () =>
      ok({ order_id: 'o6', url: 'https://evil.example/pay', platform_data: { status: 'redirect' } });
    const fake = fakeFinesClient({
      [PAYER_MAX]: order,
      [CREATE_FINE_PAY]: order,
      '/api/order/click_cancel/': () => ok({ cancelled: true }),
    });
    const redirect = vi.fn(() => false);
    expect(await pay(fake, redirect)).toEqual({
      kind: 'failed',
      orderId: 'o6',
      outcome: 'other',
      detail: 'تعذّر فتح صفحة الدفع. أعد المحاولة أو اختر طريقة دفع أخرى',
    });
    expect(redirect).toHaveBeenCalledWith('https://evil.example/pay');
    await vi.waitFor(() => expect(fake.calls().map((c) => c.path)).toContain('/api/order/click_cancel/'));
  });

  it('an order without a page fails instead of going nowhere', async () => {
    const fake = fakeFinesClient({
      [PAYER_MAX]: () => ok({ order_id: 'o4', url: '', platform_data: { status: 'redirect' } }),
    });
    const redirect = vi.fn(() => true);
    expect(await payFineOnHostedPage({ ...base, api: fake.client, redirect }, fine7001, 'r')).toMatchObject({
      kind: 'failed',
    });
    expect(redirect).not.toHaveBeenCalled();
  });

  it.each([
    ['-1, -1, 0 → paid', [-1, -1, 0], { kind: 'paid', orderId: 'o5' }, 3],
    ['always -1 → pending after the bound', [-1, -1, -1, -1, -1], { kind: 'pending', orderId: 'o5' }, 4],
    // A crafted or stale link: the server's definite 23001 ends the wait at the first answer.
    [
      'no such order (23001) → not found at once',
      [ServerCode.orderNotFound],
      { kind: 'orderNotFound', orderId: 'o5' },
      1,
    ],
    [
      '-1, then no such order → not found',
      [-1, ServerCode.orderNotFound],
      { kind: 'orderNotFound', orderId: 'o5' },
      2,
    ],
  ] as const)('result on return: %s', async (_name, results, end, callsMade) => {
    const queue: number[] = [...results];
    const fake = fakeFinesClient({
      [PAY_RESULT]: () => {
        const next = queue.shift() ?? -1;
        return next > 1 ? refuse(next) : ok({ result: next, source_id: '' });
      },
    });
    expect(await fineOrderResult({ ...base, api: fake.client }, 'o5', 4)).toEqual(end);
    expect(fake.calls()).toHaveLength(callsMade);
    expect(fake.calls()[0]?.query.get('zp_orderid')).toBe('o5');
  });

  it('result on return: failed, with the failure reason', async () => {
    const fake = fakeFinesClient({
      [PAY_RESULT]: () => ok({ result: 1, source_id: '' }),
      [PAY_ERROR]: () =>
        ok({ err_code: '', err_summary: '', fail_reason: '', fail_detail: 'channel_user_risk' }),
    });
    expect(await fineOrderResult({ ...base, api: fake.client }, 'o6')).toMatchObject({
      kind: 'failed',
      outcome: 'highRisk',
    });
  });
});

describe('the account check after payment', () => {
  const unbanned = { ...fine7001, status: 'paid', account_banned: false };
  it.each([
    [
      'not banned: the fine says so and the account answers',
      () => ok(unbanned),
      () => ok(checkData),
      'notBanned',
    ],
    ['the fine says banned', () => ok({ ...unbanned, account_banned: true }), () => ok(checkData), 'banned'],
    ['check_display_id answers 20001', () => ok(unbanned), () => refuse(ServerCode.banned), 'banned'],
    ['check_display_id unreachable', () => ok(unbanned), () => networkDown, 'unknown'],
    [
      'check_display_id answers another refusal',
      () => ok(unbanned),
      () => refuse(ServerCode.deactivated),
      'unknown',
    ],
    ['get_fine_info unreachable', () => networkDown, () => ok(checkData), 'unknown'],
  ] as const)('%s', async (_name, info, check, account) => {
    const fake = fakeFinesClient({ [FINE_INFO]: info, [CHECK_DISPLAY_ID]: check });
    expect((await checkUnban(fake.client, 7001)).account).toBe(account);
  });

  it('asks check_display_id about the fine account', async () => {
    const fake = fakeFinesClient({
      [FINE_INFO]: () => ok(unbanned),
      [CHECK_DISPLAY_ID]: () => ok(checkData),
    });
    await checkUnban(fake.client, 7001);
    expect(fake.calls().map((c) => c.path)).toEqual([FINE_INFO, CHECK_DISPLAY_ID]);
    expect(fake.calls()[1]?.query.get('display_id')).toBe('10000009');
  });
});
