import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ServerCode } from '@topup/contracts';
import { useEffect } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CardFieldsProps } from '../providers/types';
import { FineScreenView } from './FinesPage';
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
} from './testClient';
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

vi.mock('../providers/adapters', () => ({
  loadCardFields: async () => FakeCardFields,
  loadThreeDs: async () => ({ run: async () => ({ kind: 'cancelled' }) }),
  browserRedirect: { go: () => {} },
}));

afterEach(cleanup);

function renderFines(search: string, routes: Readonly<Record<string, Route>>) {
  const fake = fakeFinesClient(routes);
  const redirect = vi.fn();
  const deps: FineScreenDeps = {
    api: fake.client,
    sleep: async () => {},
    deviceId: () => 'h5_dev',
    now: () => 42,
    threeDs: async () => ({ run: async () => ({ kind: 'cancelled' }) }),
    redirect,
  };
  render(
    <MemoryRouter>
      <FineScreenView search={search} deps={deps} />
    </MemoryRouter>,
  );
  return { calls: fake.calls, redirect };
}

const unbannedFine = { ...fine7001, status: 'paid', account_banned: false };
const page = () => screen.getByTestId('fines-page');
const payButton = () => screen.getByTestId('fine-pay');
const enterHolder = async () => {
  fireEvent.change(await screen.findByLabelText('اسم حامل البطاقة'), { target: { value: 'Reem' } });
};

describe('the fines screen', () => {
  it('loads, then shows 7001: display id, nickname as text, amount left to right, pay choices', async () => {
    renderFines('?id=7001', { [FINE_INFO]: () => ok(fine7001) });
    expect(screen.getByTestId('fine-loading')).toBeTruthy();
    await screen.findByTestId('fine-summary');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('دفع الغرامة');
    expect(screen.getByTestId('fine-display-id').textContent).toBe('10000009');
    expect(screen.getByTestId('fine-nickname').textContent).toBe(fine7001.nickname);
    expect(page().querySelector('img')).toBeNull();
    expect(screen.getByTestId('fine-amount').getAttribute('dir')).toBe('ltr');
    expect(screen.getByTestId('fine-amount').textContent).toBe('$4.99');
    expect(screen.getAllByRole('radio')).toHaveLength(2);
    expect(screen.getByRole('group')).toBeTruthy();
  });

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

  it.each([
    ['', 'رابط الغرامة غير مكتمل'],
    ['?id=abc', 'رقم الغرامة في الرابط غير صحيح'],
  ])('a link %j without a usable id: a message and no call', async (search, text) => {
    const { calls } = renderFines(search, {});
    expect(screen.getByTestId('fine-bad-link').textContent).toContain(text);
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

  it('card: 22003 → amount changed → refresh → the new amount is paid once, and the account unbanned', async () => {
    let amount = 9.99;
    const { calls } = renderFines('?id=7003', {
      [FINE_INFO]: () => ok({ ...fine7001, id: 7003, amount, account_banned: amount === 9.99 }),
      [CREATE_FINE_PAY]: (query) => {
        if (query.get('amount') !== '14.99') {
          amount = 14.99;
          return refuse(ServerCode.fineAmountChanged);
        }
        return ok({ order_id: 'o7', url: '', platform_data: { status: 'paid' } });
      },
      [CHECK_DISPLAY_ID]: () => ok(checkData),
    });
    await enterHolder();
    await waitFor(() => expect((payButton() as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(payButton());
    const changed = await screen.findByTestId('fine-amount-changed');
    expect(changed.textContent).toContain('تغيّر مبلغ الغرامة');
    fireEvent.click(screen.getByTestId('fine-refresh'));
    await waitFor(() => expect(screen.getByTestId('fine-amount').textContent).toBe('$14.99'));
    await enterHolder();
    await waitFor(() => expect((payButton() as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(payButton());
    fireEvent.click(payButton());
    const unban = await screen.findByTestId('fine-unban');
    await waitFor(() => expect(unban.getAttribute('data-unban')).toBe('unbanned'));
    expect(screen.getByTestId('fine-top-up').getAttribute('href')).toBe('/recharge-list');
    const creates = calls().filter((c) => c.path === CREATE_FINE_PAY);
    expect(creates.map((c) => c.query.get('amount'))).toEqual(['9.99', '14.99']);
    expect(creates.every((c) => c.rid === 'h5_dev-42' && c.query.get('pay_type') === '23')).toBe(true);
  });

  it('hosted page: going to the payment page, then the order url', async () => {
    const { redirect } = renderFines('?id=7001', {
      [FINE_INFO]: () => ok(fine7001),
      [PAYER_MAX]: () =>
        ok({
          order_id: 'o8',
          url: '/__provider/hosted/pay?order_id=o8',
          platform_data: { status: 'redirect' },
        }),
    });
    await screen.findByTestId('fine-summary');
    fireEvent.click(screen.getByRole('radio', { name: 'طرق دفع محلية (صفحة الدفع)' }));
    fireEvent.click(payButton());
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('/__provider/hosted/pay?order_id=o8'));
    expect(screen.getByTestId('loading-overlay').textContent).toContain('جارٍ الانتقال إلى صفحة الدفع');
  });

  it('back from the hosted page: polls while -1, then paid and unbanned, focus on the result', async () => {
    const results = [-1, -1, 0];
    const { calls } = renderFines('?id=7001&zp_show=1&zp_orderid=o9', {
      [PAY_RESULT]: () => ok({ result: results.shift() ?? 0, source_id: '' }),
      [FINE_INFO]: () => ok(unbannedFine),
      [CHECK_DISPLAY_ID]: () => ok(checkData),
    });
    const paid = await screen.findByTestId('fine-paid');
    await waitFor(() => expect(screen.getByTestId('fine-unban').getAttribute('data-unban')).toBe('unbanned'));
    expect(document.activeElement).toBe(paid.querySelector('h2'));
    expect(calls().filter((c) => c.path === PAY_RESULT)).toHaveLength(3);
    expect(screen.getByTestId('fine-display-id').textContent).toBe('10000009');
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
});
