import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ServerCode } from '@topup/contracts';
import { HOSTILE_NICKNAME_SHOWN } from '@topup/contracts/testdata/accounts';
import { Provider } from 'jotai';
import { createStore } from 'jotai/vanilla';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fineOrders } from '../../payments/fineOrders';
import { type AttemptStorage, orderAttempts } from '../../payments/orderAttempt';
import type { CardFieldsProps } from '../../payments/providers/types';
import { rememberChoiceAtom } from '../../payments/rememberCard';
import { acknowledgeLinkAtom, signInAtom } from '../../session/session';
import { envelope } from '../../test/fakeTransport';
import {
  CHECK_DISPLAY_ID,
  CREATE_FINE_PAY,
  checkData,
  FINE_INFO,
  fakeFinesClient,
  fine7001,
  networkDown,
  ok,
  PAY_RESULT,
  PAYER_MAX,
  type Route,
  refuse,
} from '../../test/fineClient';
import type { BanMemory } from './banMemory';
import { FineScreenView } from './FinesPage';
import { RETURN_POLL_TRIES } from './finePayment';
import { paidOrdersIn } from './paidOrders';
import type { FineScreenDeps } from './useFineFlow';

/** Card fields standing in for the provider adapter: always valid, tokenising to a fixed token. */
function FakeCardFields({ onValidity, bindSubmit }: CardFieldsProps) {
  useEffect(() => {
    onValidity({ valid: true, messages: [] });
    bindSubmit(async () => ({
      ok: true,
      value: { token: 'tok_fake', bin: '424242', last4: '4242', scheme: 'visa', cardValidDate: '12/30' },
    }));
    return () => bindSubmit(undefined);
  }, [onValidity, bindSubmit]);
  return <div data-testid="card-fields" />;
}

vi.mock('../../payments/providers/adapters', () => ({
  loadCardFields: async () => FakeCardFields,
  loadThreeDs: async () => ({ run: async () => ({ kind: 'cancelled' }) }),
  browserRedirect: { go: () => true },
}));

afterEach(cleanup);

/** The tab's memory of each fine account's ban before leaving the page, in a map. */
function mapBanMemory(
  seed: Readonly<Record<number, boolean>> = {},
): BanMemory & { map: Map<number, boolean> } {
  const map = new Map(Object.entries(seed).map(([id, banned]) => [Number(id), banned]));
  return { map, remember: (id, banned) => void map.set(id, banned), recall: (id) => map.get(id) };
}

/** The tab's session storage for the fine order attempts: a new render over the same map is a reload. */
function memoryStorage(): AttemptStorage & { readonly data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

function renderFines(
  search: string,
  routes: Readonly<Record<string, Route>>,
  banMemory: BanMemory = mapBanMemory(),
  store = createStore(),
  storage: AttemptStorage = memoryStorage(),
) {
  const fake = fakeFinesClient(routes);
  const redirect = vi.fn(() => true);
  const leaveReturn = vi.fn();
  const deps: FineScreenDeps = {
    api: fake.client,
    sleep: async () => {},
    deviceId: () => 'h5_dev',
    now: () => 42,
    threeDs: async () => ({ run: async () => ({ kind: 'cancelled' }) }),
    redirect,
    banMemory,
    attempts: orderAttempts(storage, () => 42, fineOrders),
    paidOrders: paidOrdersIn(() => storage),
    leaveReturn,
  };
  render(
    <Provider store={store}>
      <FineScreenView search={search} deps={deps} />
    </Provider>,
  );
  return { calls: fake.calls, redirect, leaveReturn };
}

const unbannedFine = { ...fine7001, status: 'paid', account_banned: false };
/** 7003's account (10000002) was never banned, as in the mock. */
const fine7003 = { ...fine7001, id: 7003, uid: 1002, display_uid: '10000002', account_banned: false };
const unbanText = () => screen.getByTestId('fine-unban');
const payButton = () => screen.getByTestId('fine-pay');
const enterHolder = async () => {
  fireEvent.change(await screen.findByLabelText('اسم حامل البطاقة'), { target: { value: 'Reem' } });
};

/** Session storage holding fine 7001's hosted order o7, made in an earlier visit, its result not known. */
function keptHostedOrder() {
  const storage = memoryStorage();
  const before = orderAttempts(storage, () => 42, fineOrders);
  before.requestIdFor(
    { call: 'payerMaxCreateFinePay', params: { fine_id: 7001, amount: 4.99, source: 1 } },
    () => 'rid-1',
  );
  before.ordered('o7');
  return storage;
}

describe('the fines screen', () => {
  it('loads, then shows 7001: display id, nickname as text, amount left to right, pay choices', async () => {
    renderFines('?id=7001', { [FINE_INFO]: () => ok(fine7001) });
    expect(screen.getByTestId('fine-loading')).toBeTruthy();
    await screen.findByTestId('fine-summary');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('دفع الغرامة');
    expect(screen.getByTestId('fine-display-id').textContent).toBe('10000009');
    // The markup is text, the right-to-left override inside the nickname is not shown.
    expect(screen.getByTestId('fine-nickname').textContent).toBe(HOSTILE_NICKNAME_SHOWN);
    expect(screen.getByTestId('fine-summary').querySelector('img')).toBeNull();
    expect(screen.getByTestId('fine-amount').getAttribute('dir')).toBe('ltr');
    expect(screen.getByTestId('fine-amount').textContent).toBe('$4.99');
    expect(screen.getAllByRole('radio')).toHaveLength(2);
    expect(screen.getByRole('group')).toBeTruthy();
    // The pay button names the amount, as the recharge's does.
    expect(payButton().textContent).toBe('ادفع الغرامة $4.99');
    expect(screen.getByTestId('fine-pay-amount').getAttribute('dir')).toBe('ltr');
  });

  it.each([
    ['signed out', undefined, undefined, false],
    ['a link sign-in the visitor has not answered for', 'link', undefined, false],
    ['a link sign-in the visitor said is theirs', 'linkAnswered', undefined, false],
    ['signed in, no earlier answer', 'account', undefined, true],
    ['signed in, said no last time', 'account', false, false],
  ] as const)(
    'save card, %s: ticked as on the pay step, and the order says so',
    async (_name, signIn, last, ticked) => {
      const loginType = signIn === 'linkAnswered' ? 'link' : signIn;
      const store = createStore();
      if (loginType !== undefined)
        store.set(signInAtom, {
          session: {
            session_key: 'sk-10000001',
            user: { uid: 1001, display_uid: '10000001', nickname: 'ريم', icon: '' },
          },
          loginType,
        });
      if (signIn === 'linkAnswered') store.set(acknowledgeLinkAtom);
      if (last !== undefined) store.set(rememberChoiceAtom, last);
      const { calls } = renderFines(
        '?id=7001',
        {
          [FINE_INFO]: () => ok(fine7001),
          [CREATE_FINE_PAY]: () => ok({ order_id: 'o1', url: '', platform_data: { status: 'paid' } }),
          [CHECK_DISPLAY_ID]: () => ok(checkData),
        },
        mapBanMemory(),
        store,
      );
      if (loginType === undefined) {
        // Signed out, nothing would be saved: the choice is not offered.
        await screen.findByLabelText('اسم حامل البطاقة');
        expect(screen.queryByRole('checkbox', { name: 'حفظ البطاقة للدفع لاحقًا' })).toBeNull();
      } else if (signIn === 'link') {
        // A stranger's link may have signed them in: nothing is kept for that account, and the page says why.
        expect((await screen.findByTestId('remember-confirm-first')).textContent).toContain('تؤكد');
        expect(screen.queryByRole('checkbox', { name: 'حفظ البطاقة للدفع لاحقًا' })).toBeNull();
      } else {
        const box = (await screen.findByRole('checkbox', {
          name: 'حفظ البطاقة للدفع لاحقًا',
        })) as HTMLInputElement;
        expect(box.checked).toBe(ticked);
      }
      await enterHolder();
      await waitFor(() => expect((payButton() as HTMLButtonElement).disabled).toBe(false));
      fireEvent.click(payButton());
      await screen.findByTestId('fine-unban');
      const create = calls().find((c) => c.path === CREATE_FINE_PAY);
      expect(create?.query.get('is_remember')).toBe(ticked ? '1' : '0');
    },
  );

  it.each([
    [
      '7002 already paid',
      '?id=7002',
      () => ok({ ...fine7001, id: 7002, status: 'paid' }),
      'fine-already-paid',
    ],
    ['7999 not found', '?id=7999', () => refuse(ServerCode.fineNotFound), 'fine-not-found'],
  ] as const)('%s: says so, offers no payment, focuses the ending', async (_name, search, answer, testId) => {
    renderFines(search, { [FINE_INFO]: answer });
    const ending = await screen.findByTestId(testId);
    expect(screen.queryByTestId('fine-pay')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(ending.querySelector('h2')));
  });

  // SPEC §8's fine codes as the visitor reads them: the page's own words, whatever the server's message.
  it.each<[string, boolean, Readonly<Record<string, Route>>]>([
    [
      '@spec:code.22001 the fine info refused with 22001',
      false,
      { [FINE_INFO]: () => refuse(ServerCode.fineNotFound) },
    ],
    [
      '@spec:code.22001 the card order refused with 22001 (gone meanwhile)',
      true,
      { [FINE_INFO]: () => ok(fine7001), [CREATE_FINE_PAY]: () => refuse(ServerCode.fineNotFound) },
    ],
  ])('%s: "not found", and no payment offered', async (_name, paying, routes) => {
    renderFines('?id=7001', routes);
    if (paying) {
      await enterHolder();
      await waitFor(() => expect((payButton() as HTMLButtonElement).disabled).toBe(false));
      fireEvent.click(payButton());
    }
    const ending = await screen.findByTestId('fine-not-found');
    expect(screen.getByRole('heading', { level: 2, name: 'الغرامة غير موجودة' })).toBe(
      ending.querySelector('h2'),
    );
    expect(ending.textContent).toContain('لم نجد غرامة بهذا الرقم. تحقّق منه وأدخله مرة أخرى');
    expect(screen.queryByTestId('fine-pay')).toBeNull();
  });

  it('@spec:code.22002 the card order refused as already paid (paid meanwhile): "already paid", no payment offered', async () => {
    const { calls } = renderFines('?id=7001', {
      [FINE_INFO]: () => ok(fine7001),
      [CREATE_FINE_PAY]: () => refuse(ServerCode.fineAlreadyPaid),
    });
    await enterHolder();
    await waitFor(() => expect((payButton() as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(payButton());
    const ending = await screen.findByTestId('fine-already-paid');
    expect(screen.getByRole('heading', { level: 2, name: 'تم دفع هذه الغرامة' })).toBe(
      ending.querySelector('h2'),
    );
    expect(ending.textContent).toContain('لا حاجة إلى دفعها مرة أخرى');
    expect(screen.queryByTestId('fine-pay')).toBeNull();
    expect(calls().filter((c) => c.path === CREATE_FINE_PAY)).toHaveLength(1);
  });

  // SPEC §8: a refusal's code and message, the message only as Arabic text (refusalText.ts), said beside the
  // pay button until the next tap; "nothing charged" only when the refusal made no order.
  it.each<[string, number, string, string, string | undefined]>([
    [
      'a code none lists, an English message: the generic sentence, the same order next',
      12345,
      'Gateway internal error',
      'تعذّر إنشاء الطلب (الرمز 12345). اضغط «ادفع الغرامة» مرة أخرى لإعادة المحاولة بالطلب نفسه، ولن يُخصم المبلغ مرتين',
      undefined,
    ],
    [
      'a code none lists, an Arabic message: shown, isolated',
      12345,
      'الخدمة مشغولة الآن',
      'تعذّر إنشاء الطلب (الرمز 12345): الخدمة مشغولة الآن. اضغط «ادفع الغرامة» مرة أخرى لإعادة المحاولة بالطلب نفسه، ولن يُخصم المبلغ مرتين',
      'الخدمة مشغولة الآن',
    ],
    [
      '23006 with an English message: the catalogue message, nothing charged',
      ServerCode.tooManyPaymentAttempts,
      'Too many attempts',
      'تعذّر إنشاء الطلب (الرمز 23006): محاولات دفع كثيرة خلال وقت قصير. انتظر بضع دقائق ثم أعد المحاولة. لم يُنشأ أي طلب ولم يُخصم أي مبلغ. اضغط «ادفع الغرامة» لإعادة المحاولة',
      'محاولات دفع كثيرة خلال وقت قصير. انتظر بضع دقائق ثم أعد المحاولة',
    ],
  ])('a card order refused, %s', async (_name, code, message, said, isolated) => {
    renderFines('?id=7001', {
      [FINE_INFO]: () => ok(fine7001),
      [CREATE_FINE_PAY]: () => envelope(null, code, message),
    });
    await enterHolder();
    await waitFor(() => expect((payButton() as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(payButton());
    const error = await screen.findByTestId('fine-pay-error');
    expect(error.textContent).toBe(said);
    expect(error.getAttribute('role')).toBe('alert');
    const part = screen.queryByTestId('fine-pay-error-message');
    expect(part?.textContent).toBe(isolated);
    if (part !== null) expect([part.tagName, part.getAttribute('dir')]).toEqual(['BDI', 'auto']);
    expect((payButton() as HTMLButtonElement).disabled).toBe(false);
  });

  it.each([
    ['', 'أدخل رقم الغرامة لعرضها ودفعها', null],
    ['?id=abc', 'رقم الغرامة في الرابط غير صحيح. أدخل الرقم الصحيح', 'alert'],
  ])('a link %j without a usable id: a message and no call', async (search, text, role) => {
    const { calls } = renderFines(search, {});
    const said = screen.getByText(text);
    expect(screen.getByTestId('fine-bad-link').contains(said)).toBe(true);
    // No id at all is the page's instruction, plain text, not announced as an error; a wrong id is an error.
    expect(said.getAttribute('role')).toBe(role);
    expect(screen.getByTestId('fine-bad-link').querySelector('[role="alert"]') !== null).toBe(role !== null);
    await act(async () => {});
    expect(calls()).toEqual([]);
  });

  it('a network failure shows its message and retries', async () => {
    let down = true;
    renderFines('?id=7001', { [FINE_INFO]: () => (down ? networkDown : ok(fine7001)) });
    const failed = await screen.findByTestId('fine-load-failed');
    expect(failed.querySelector('[role="alert"]')?.textContent).not.toBe('');
    down = false;
    fireEvent.click(screen.getByRole('button', { name: 'إعادة المحاولة' }));
    await screen.findByTestId('fine-summary');
  });

  // Attack review: a lying server's fine fields. A fine is USD in whole cents, its account id digits (the
  // contract, contracts/api/fines.ts): anything else is refused, said so, nothing of it drawn, never paid.
  it.each([
    ['a currency with words of its own', { currency: 'USD \u202Eاتصل بالدعم 0500000000' }],
    ['another currency, in exponent form', { currency: 'SAR', amount: 1e-7 }],
    ['an amount finer than a cent', { amount: 4.999999 }],
    ['a display id of 3,000 characters', { display_uid: `10000009\u202E${'X'.repeat(3000)}` }],
    // Another fine's answer: the order would be made for fine_id 7002 under the link of 7001.
    ['the id of another fine', { id: 7002 }],
  ])('a fine with %s: refused with its message, no summary, no payment', async (_name, lie) => {
    const { calls } = renderFines('?id=7001', { [FINE_INFO]: () => ok({ ...fine7001, ...lie }) });
    const failed = await screen.findByTestId('fine-load-failed');
    expect(failed.querySelector('[role="alert"]')?.textContent).toBe(
      'وصلتنا بيانات هذه الغرامة بصيغة غير صالحة (المبلغ أو العملة أو رقم الحساب)، فلا يمكن عرضها أو دفعها. أعد المحاولة لاحقاً أو تواصل مع الدعم',
    );
    expect(screen.queryByTestId('fine-summary')).toBeNull();
    expect(document.body.textContent).not.toContain('\u202E');
    expect(calls().map((call) => call.path)).toEqual([FINE_INFO]);
  });

  it('card 7001: paid, and the banned account is said to be unbanned', async () => {
    let paid = false;
    renderFines('?id=7001', {
      [FINE_INFO]: () => ok(paid ? unbannedFine : fine7001),
      [CREATE_FINE_PAY]: () => {
        paid = true;
        return ok({ order_id: 'o1', url: '', platform_data: { status: 'paid' } });
      },
      [CHECK_DISPLAY_ID]: () => ok(checkData),
    });
    expect((await screen.findByTestId('fine-account-state')).textContent).toBe(
      'محظور بعد استرداد مبلغ مدفوع',
    );
    expect(screen.getByTestId('fine-lead').textContent).toBe(
      'ادفع الغرامة المستحقة على الحساب. إن كان محظورًا بسببها، يُلغى الحظر تلقائيًا بعد الدفع.',
    );
    await enterHolder();
    await waitFor(() => expect((payButton() as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(payButton());
    await waitFor(() => expect(unbanText().getAttribute('data-unban')).toBe('unbanned'));
    expect(unbanText().textContent).toBe('أُلغي حظر الحساب، ويمكن استخدامه وشحنه الآن');
  });

  it('card 7001 paid but the account still banned: says so, and offers to check again', async () => {
    renderFines('?id=7001', {
      [FINE_INFO]: () => ok(fine7001),
      [CREATE_FINE_PAY]: () => ok({ order_id: 'o1', url: '', platform_data: { status: 'paid' } }),
      [CHECK_DISPLAY_ID]: () => refuse(ServerCode.banned),
    });
    await enterHolder();
    await waitFor(() => expect((payButton() as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(payButton());
    await waitFor(() => expect(unbanText().getAttribute('data-unban')).toBe('stillBanned'));
    expect(unbanText().textContent).toBe(
      'تم الدفع، لكن الحساب ما زال محظورًا. تحقّق بعد قليل أو تواصل مع الدعم',
    );
    expect(screen.queryByTestId('fine-top-up')).toBeNull();
    expect(screen.getByTestId('fine-check-unban')).toBeTruthy();
  });

  it('@spec:code.22003 card 7003: 22003 → amount changed → refresh → the new amount is paid once; never banned, so not "unbanned"', async () => {
    let amount = 9.99;
    const { calls } = renderFines('?id=7003', {
      [FINE_INFO]: () => ok({ ...fine7003, amount }),
      [CREATE_FINE_PAY]: (query) => {
        if (query.get('amount') !== '14.99') {
          amount = 14.99;
          return refuse(ServerCode.fineAmountChanged);
        }
        return ok({ order_id: 'o7', url: '', platform_data: { status: 'paid' } });
      },
      [CHECK_DISPLAY_ID]: () => ok(checkData),
    });
    expect((await screen.findByTestId('fine-account-state')).textContent).toBe('غير محظور');
    await enterHolder();
    await waitFor(() => expect((payButton() as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(payButton());
    const changed = await screen.findByTestId('fine-amount-changed');
    expect(changed.textContent).toContain('تغيّر مبلغ الغرامة');
    expect(changed.textContent).toContain('اضغط «تحديث» لعرض المبلغ الجديد، ثم ادفع');
    fireEvent.click(screen.getByTestId('fine-refresh'));
    await waitFor(() => expect(screen.getByTestId('fine-amount').textContent).toBe('$14.99'));
    await enterHolder();
    // The new amount is said beside the previous one, and paid only once the visitor confirms it.
    expect(screen.getByTestId('fine-amount-change').textContent).toContain('$9.99');
    expect((payButton() as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('fine-confirm-amount'));
    await waitFor(() => expect((payButton() as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(payButton());
    fireEvent.click(payButton());
    const unban = await screen.findByTestId('fine-unban');
    await waitFor(() => expect(unban.getAttribute('data-unban')).toBe('notBanned'));
    expect(unban.textContent).toBe('الحساب غير محظور، ويمكن استخدامه وشحنه الآن');
    expect(screen.getByTestId('fine-paid').textContent).not.toContain('أُلغي حظر');
    expect(screen.getByTestId('fine-top-up').getAttribute('href')).toBe('/recharge-list');
    const creates = calls().filter((c) => c.path === CREATE_FINE_PAY);
    expect(creates.map((c) => c.query.get('amount'))).toEqual(['9.99', '14.99']);
    expect(creates.every((c) => c.rid === 'h5_dev-42' && c.query.get('pay_type') === '23')).toBe(true);
  });

  it('hosted page: remembers the ban, goes to the payment page, then the order url', async () => {
    const memory = mapBanMemory();
    const { redirect } = renderFines(
      '?id=7001',
      {
        [FINE_INFO]: () => ok(fine7001),
        [PAYER_MAX]: () =>
          ok({
            order_id: 'o8',
            url: '/__provider/hosted/pay?order_id=o8',
            platform_data: { status: 'redirect' },
          }),
      },
      memory,
    );
    await screen.findByTestId('fine-summary');
    fireEvent.click(screen.getByRole('radio', { name: 'طرق دفع محلية (صفحة الدفع)' }));
    fireEvent.click(payButton());
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('/__provider/hosted/pay?order_id=o8'));
    expect(memory.map.get(7001)).toBe(true);
    expect(screen.getByTestId('loading-overlay').textContent).toContain('جارٍ الانتقال إلى صفحة الدفع');
  });

  it('back from the hosted page: polls while -1, then paid and unbanned (banned when it left), focus on the result', async () => {
    const results = [-1, -1, 0];
    const { calls, leaveReturn } = renderFines(
      '?id=7001&zp_show=1&zp_orderid=o9',
      {
        [PAY_RESULT]: () => ok({ result: results.shift() ?? 0, source_id: '' }),
        [FINE_INFO]: () => ok(unbannedFine),
        [CHECK_DISPLAY_ID]: () => ok(checkData),
      },
      mapBanMemory({ 7001: true }),
    );
    const paid = await screen.findByTestId('fine-paid');
    await waitFor(() => expect(unbanText().getAttribute('data-unban')).toBe('unbanned'));
    expect(document.activeElement).toBe(paid.querySelector('h2'));
    expect(calls().filter((c) => c.path === PAY_RESULT)).toHaveLength(3);
    expect(screen.getByTestId('fine-display-id').textContent).toBe('10000009');
    // Its end known, the return's arguments leave the address: a reload does not ask again.
    expect(leaveReturn).toHaveBeenCalledTimes(1);
  });

  it('back from the hosted page, the result never known: "processing", the address kept for a reload to ask', async () => {
    const { calls, leaveReturn } = renderFines('?id=7001&zp_show=1&zp_orderid=o12', {
      [PAY_RESULT]: () => ok({ result: -1, source_id: '' }),
      [FINE_INFO]: () => ok(fine7001),
    });
    await screen.findByTestId('fine-pending');
    expect(calls().filter((c) => c.path === PAY_RESULT)).toHaveLength(RETURN_POLL_TRIES);
    expect(leaveReturn).not.toHaveBeenCalled();
  });

  it.each([
    ['not banned when it left', mapBanMemory({ 7003: false })],
    ['nothing remembered (another tab)', mapBanMemory()],
  ])('back from the hosted page, %s: the account is not banned, never "unbanned"', async (_name, memory) => {
    renderFines(
      '?id=7003&zp_show=1&zp_orderid=o11',
      {
        [PAY_RESULT]: () => ok({ result: 0, source_id: '' }),
        [FINE_INFO]: () => ok({ ...fine7003, status: 'paid' }),
        [CHECK_DISPLAY_ID]: () => ok(checkData),
      },
      memory,
    );
    await screen.findByTestId('fine-paid');
    await waitFor(() => expect(unbanText().getAttribute('data-unban')).toBe('notBanned'));
    expect(unbanText().textContent).toBe('الحساب غير محظور، ويمكن استخدامه وشحنه الآن');
  });

  // Attacker review: a return opened in another browser reads 23001 while its order may still be paid there.
  it('back from the hosted page with an order this browser cannot find: another device, no invitation to pay again', async () => {
    renderFines('?id=7001&zp_show=1&zp_orderid=o13', {
      [PAY_RESULT]: () => refuse(ServerCode.orderNotFound),
      [FINE_INFO]: () => ok(fine7001),
    });
    const ending = await screen.findByTestId('fine-order-not-found');
    expect(ending.querySelector('h2')?.textContent).toBe('لا يمكننا التحقق من طلب الدفع هذا من هنا');
    expect(ending.textContent).toContain('بدأت على جهاز أو متصفح آخر');
    expect(ending.textContent).not.toMatch(/من جديد|ادفع الغرامة/);
    fireEvent.click(screen.getByRole('button', { name: 'عرض حالة الغرامة' }));
    await screen.findByTestId('fine-summary');
  });

  it('back from the hosted page after a failed payment: the outcome and a way to try again', async () => {
    renderFines('?id=7001&zp_show=1&zp_orderid=o10', {
      [PAY_RESULT]: () => ok({ result: 1, source_id: '' }),
      '/api/web/get_pay_error_by_order/': () =>
        ok({ err_code: '', err_summary: '', fail_reason: '', fail_detail: 'default' }),
      [FINE_INFO]: () => ok(fine7001),
    });
    await screen.findByTestId('fine-failed');
    fireEvent.click(screen.getByTestId('fine-try-again'));
    await screen.findByTestId('fine-summary');
  });

  describe('a reload mid-order (the order attempt kept in the tab, payments/orderAttempt.ts)', () => {
    const noSecondOrder: Route = () => {
      throw new Error('a second fine order');
    };

    it('an order made before the reload: its result and receipt, never a second order', async () => {
      const storage = memoryStorage();
      const before = orderAttempts(storage, () => 42, fineOrders);
      before.requestIdFor(
        { call: 'payerMaxCreateFinePay', params: { fine_id: 7001, amount: 4.99, source: 1 } },
        () => 'rid-1',
      );
      before.ordered('o5');
      const { calls } = renderFines(
        '?id=7001',
        {
          [FINE_INFO]: () => ok(unbannedFine),
          [PAY_RESULT]: () => ok({ result: 0, source_id: '' }),
          [CREATE_FINE_PAY]: noSecondOrder,
          [PAYER_MAX]: noSecondOrder,
          [CHECK_DISPLAY_ID]: () => ok(checkData),
        },
        mapBanMemory({ 7001: true }),
        createStore(),
        storage,
      );
      expect((await screen.findByTestId('fine-order')).textContent).toBe('o5');
      await waitFor(() => expect(unbanText().getAttribute('data-unban')).toBe('unbanned'));
      expect(screen.queryByTestId('fine-pay')).toBeNull();
      expect(calls().filter((c) => c.path === CREATE_FINE_PAY || c.path === PAYER_MAX)).toEqual([]);
      expect(storage.data.has('topup.fine_attempt')).toBe(false);
    });

    it('a card order whose answer was lost: after the reload the same X-CLI-RID, without the card, finds it', async () => {
      const storage = memoryStorage();
      let answer: Route = () => networkDown;
      const routes = {
        [FINE_INFO]: () => ok(fine7001),
        [CREATE_FINE_PAY]: (query: URLSearchParams, request: Parameters<Route>[1]) => answer(query, request),
        [PAY_RESULT]: () => ok({ result: 0, source_id: '' }),
        [CHECK_DISPLAY_ID]: () => ok(checkData),
      };
      const first = renderFines('?id=7001', routes, mapBanMemory(), createStore(), storage);
      await enterHolder();
      await waitFor(() => expect((payButton() as HTMLButtonElement).disabled).toBe(false));
      fireEvent.click(payButton());
      expect((await screen.findByTestId('fine-pay-error')).textContent).toContain('لن يُخصم المبلغ مرتين');
      cleanup();
      answer = () => ok({ order_id: 'o6', url: '', platform_data: { status: 'paid' } });
      const second = renderFines('?id=7001', routes, mapBanMemory(), createStore(), storage);
      expect((await screen.findByTestId('fine-order')).textContent).toBe('o6');
      const sent = first.calls().filter((c) => c.path === CREATE_FINE_PAY);
      const asked = second.calls().filter((c) => c.path === CREATE_FINE_PAY);
      expect(asked.map((c) => c.rid)).toEqual(sent.map((c) => c.rid));
      expect(sent[0]?.query.get('token')).toBe('tok_fake');
      expect(asked[0]?.query.get('token')).toBeNull();
      expect([...storage.data.values()].join()).not.toMatch(/tok_fake|4242/);
    });
  });

  it.each([
    ['paid in this tab: already paid, with the labelled receipt', 'o5', true],
    ['paid elsewhere: already paid, no receipt to show', undefined, false],
    ['a value that is not an order id: no receipt', '<b>o5</b>', false],
  ])('a paid fine opened again, %s; never a pay control', async (_name, kept, receipt) => {
    const storage = memoryStorage();
    if (kept !== undefined) storage.setItem('topup.fine_paid_order.7001', kept);
    renderFines('?id=7001', { [FINE_INFO]: () => ok(unbannedFine) }, mapBanMemory(), createStore(), storage);
    await screen.findByTestId('fine-already-paid');
    expect(screen.queryByTestId('fine-pay')).toBeNull();
    expect(screen.queryByTestId('card-fields')).toBeNull();
    // A way on, not a dead end: topping up the account.
    expect(screen.getByTestId('fine-top-up').getAttribute('href')).toBe('/recharge-list');
    const shown = screen.queryByTestId('fine-receipt');
    expect(shown !== null).toBe(receipt);
    if (receipt) {
      const labels = [...(shown?.querySelectorAll('dt') ?? [])].map((dt) => dt.textContent);
      expect(labels).toEqual(['رقم الغرامة', 'مبلغ الغرامة', 'الحساب', 'رقم الطلب']);
      expect(screen.getByTestId('fine-order').textContent).toBe('o5');
    }
  });

  it('a kept order still pending after a reload: "check again" asks for it again, never a second order', async () => {
    const storage = keptHostedOrder();
    let result = -1;
    const { calls } = renderFines(
      '?id=7001',
      {
        [FINE_INFO]: () => ok(unbannedFine),
        [PAY_RESULT]: () => ok({ result, source_id: '' }),
        [CHECK_DISPLAY_ID]: () => ok(checkData),
      },
      mapBanMemory({ 7001: true }),
      createStore(),
      storage,
    );
    const again = await screen.findByRole('button', { name: 'التحقق مرة أخرى' });
    expect(storage.data.has('topup.fine_attempt')).toBe(true);
    result = 0;
    fireEvent.click(again);
    expect((await screen.findByTestId('fine-order')).textContent).toBe('o7');
    expect(
      calls()
        .filter((c) => c.path === PAY_RESULT)
        .every((c) => c.query.get('zp_orderid') === 'o7'),
    ).toBe(true);
    expect(calls().some((c) => c.path === CREATE_FINE_PAY || c.path === PAYER_MAX)).toBe(false);
    expect(storage.data.has('topup.fine_attempt')).toBe(false);
  });
  it('a kept order still pending: "pay another way" cancels it, lets it go and shows the fine to pay again', async () => {
    const storage = keptHostedOrder();
    let result = -1;
    const { calls, leaveReturn } = renderFines(
      '?id=7001',
      {
        [FINE_INFO]: () => ok(fine7001),
        [PAY_RESULT]: () => ok({ result, source_id: '' }),
        '/api/order/click_cancel/': () => {
          result = 1;
          return ok({ cancelled: true });
        },
      },
      mapBanMemory({ 7001: true }),
      createStore(),
      storage,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'الدفع بطريقة أخرى' }));
    expect(await screen.findByTestId('fine-pay')).toBeTruthy();
    const cancels = calls().filter((c) => c.path === '/api/order/click_cancel/');
    expect(cancels).toHaveLength(1);
    expect(storage.data.has('topup.fine_attempt')).toBe(false);
    expect(leaveReturn).toHaveBeenCalled();
    expect(calls().some((c) => c.path === CREATE_FINE_PAY || c.path === PAYER_MAX)).toBe(false);
  });

  it('a kept order whose cancel goes unanswered: "pay another way" keeps it, says so, and offers no method', async () => {
    const storage = keptHostedOrder();
    const { calls } = renderFines(
      '?id=7001',
      {
        [FINE_INFO]: () => ok(fine7001),
        [PAY_RESULT]: () => ok({ result: -1, source_id: '' }),
        '/api/order/click_cancel/': () => networkDown,
      },
      mapBanMemory({ 7001: true }),
      createStore(),
      storage,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'الدفع بطريقة أخرى' }));
    expect((await screen.findByTestId('fine-not-cancelled')).textContent).toContain('تعذّر إلغاء طلب الدفع');
    expect(screen.getByTestId('fine-pending')).toBeTruthy();
    expect(screen.queryByTestId('fine-pay')).toBeNull();
    expect(calls().filter((c) => c.path === '/api/order/click_cancel/')).toHaveLength(1);
    // Still kept: a reload or the next "check again" asks for it, never a second order.
    expect(storage.data.has('topup.fine_attempt')).toBe(true);
    expect(calls().some((c) => c.path === CREATE_FINE_PAY || c.path === PAYER_MAX)).toBe(false);
  });

  it('a kept order paid meanwhile: "pay another way" shows it paid, with nothing cancelled', async () => {
    const storage = keptHostedOrder();
    let result = -1;
    const { calls } = renderFines(
      '?id=7001',
      {
        [FINE_INFO]: () => ok(unbannedFine),
        [PAY_RESULT]: () => ok({ result, source_id: '' }),
        [CHECK_DISPLAY_ID]: () => ok(checkData),
      },
      mapBanMemory({ 7001: true }),
      createStore(),
      storage,
    );
    const another = await screen.findByRole('button', { name: 'الدفع بطريقة أخرى' });
    result = 0;
    fireEvent.click(another);
    expect((await screen.findByTestId('fine-order')).textContent).toBe('o7');
    expect(calls().some((c) => c.path === '/api/order/click_cancel/')).toBe(false);
    expect(storage.data.has('topup.fine_attempt')).toBe(false);
  });
});
