import { ClientCode, ServerCode } from '@topup/contracts';
import { describe, expect, it, vi } from 'vitest';
import {
  type CardDeps,
  checkUnban,
  createOrderGuard,
  fineCardParams,
  fineOrderResult,
  hostedParams,
  lostAnswer,
  payFineByCard,
  payFineOnHostedPage,
} from './finePayment';
import type { FinePaymentEnd } from './state';
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
} from './testClient';

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

describe('the order guard', () => {
  const never = () => false;

  it('a double tap makes one order; the next attempt after a settled one gets a new X-CLI-RID', async () => {
    let now = 1;
    const guard = createOrderGuard({ deviceId: () => 'h5', now: () => now });
    const ids: string[] = [];
    let release: () => void = () => {};
    const create = (rid: string) => {
      ids.push(rid);
      return new Promise<string>((resolve) => {
        release = () => resolve(rid);
      });
    };
    const first = guard.run('card', create, never);
    const taps = await Promise.all(Array.from({ length: 5 }, () => guard.run('card', create, never)));
    expect(taps).toEqual([undefined, undefined, undefined, undefined, undefined]);
    expect(guard.busy).toBe(true);
    release();
    expect(await first).toBe('h5-1');
    now = 2;
    const second = guard.run('card', create, never);
    release();
    expect(await second).toBe('h5-2');
    expect(ids).toEqual(['h5-1', 'h5-2']);
  });

  const lost: FinePaymentEnd = { kind: 'refused', result: ClientCode.network, message: 'x' };
  // [what the first attempt answered, the second attempt's intent, whether the second reuses the id]
  const cases: [string, FinePaymentEnd, string, boolean][] = [
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
  ];
  it.each(cases)(
    'after %s, the next attempt reuses the X-CLI-RID: %s → %s',
    async (_name, first, intent, reuses) => {
      let now = 1;
      const guard = createOrderGuard({ deviceId: () => 'h5', now: () => now });
      const ids: string[] = [];
      const answering =
        (end: FinePaymentEnd) =>
        async (rid: string): Promise<FinePaymentEnd> => {
          ids.push(rid);
          return end;
        };
      await guard.run('card', answering(first), lostAnswer);
      expect(guard.unconfirmed).toBe(lostAnswer(first) ? 'card' : undefined);
      now = 2;
      await guard.run(intent, answering({ kind: 'paid', orderId: 'o' }), lostAnswer);
      expect(ids[1] === ids[0]).toBe(reuses);
      expect(guard.unconfirmed).toBeUndefined();
    },
  );

  it('frees itself when the attempt throws, keeping the id: the order may exist', async () => {
    let now = 1;
    const guard = createOrderGuard({ deviceId: () => 'h5', now: () => now });
    await expect(guard.run('card', () => Promise.reject(new Error('boom')), never)).rejects.toThrow('boom');
    now = 2;
    expect(await guard.run('card', async (rid) => rid, never)).toBe('h5-1');
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
    expect(end).toEqual({ kind: 'redirected' });
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
  ] as const)('result on return: %s', async (_name, results, end, callsMade) => {
    const queue = [...results];
    const fake = fakeFinesClient({
      [PAY_RESULT]: () => ok({ result: queue.shift() ?? -1, source_id: '' }),
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
