import { enterNewCard, openPayStepByLink } from '../../flows/pay';
import { journalOf } from '../../support/chaos';
import { expect, test } from '../../support/test';

interface PayEvent {
  readonly eventName: string;
  readonly href: string;
  readonly params: Record<string, unknown>;
}

/**
 * SPEC §7: events cover pay steps and create-pay results. A whole card payment, as the browser sends it:
 * the step the page opens on, each step after it, and the order creation's result; no card data in any.
 */
test('a full card payment reports its pay steps and its create-pay result', async ({ page }) => {
  const events: PayEvent[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/web/report_pay_event/')) events.push(request.postDataJSON() as PayEvent);
  });
  const pay = await openPayStepByLink(page, 23);
  await enterNewCard(pay, 23, '4242424242424242');
  await pay.confirm.click();
  await expect(pay.result).toHaveAttribute('data-outcome', 'success', { timeout: 15_000 });
  await expect
    .poll(() => events.map((e) => [e.eventName, e.params.step ?? e.params.result]))
    .toEqual([
      ['pay_step', 'home'],
      ['pay_step', 'cardFrame'],
      ['create_pay_result', 0],
    ]);
  const created = events.find((e) => e.eventName === 'create_pay_result');
  expect(created?.params).toMatchObject({ recharge_id: 'rc_499', pay_type: 23 });
  expect(String(created?.params.order_id)).not.toBe('');
  const sent = JSON.stringify(events);
  expect(sent).not.toContain('4242424242424242');
  expect(sent).not.toContain('session_key');
  expect(events.every((e) => !e.href.includes('?'))).toBe(true);
});

/**
 * SPEC §7 order reporting: an order that reaches its result is reported once to tmp_report (the mock's
 * journal records it), with the outcome's status, pay type and amount, and nothing of the card.
 */
test('a full card payment sends one order report with its outcome', { tag: '@spec:call.tmpReport' }, async ({
  page,
  request,
}) => {
  const pay = await openPayStepByLink(page, 23);
  await enterNewCard(pay, 23, '4242424242424242');
  await pay.confirm.click();
  await expect(pay.result).toHaveAttribute('data-outcome', 'success', { timeout: 15_000 });
  await expect.poll(async () => (await journalOf(request, 'tmpReport')).length).toBe(1);
  const [report] = await journalOf(request, 'tmpReport');
  const orders = (await journalOf(request, 'createCoinPay')).filter((e) => e.result === 0);
  const params = report?.params as { app_order: string; data: unknown };
  expect(orders).toHaveLength(1);
  const created = orders[0]?.answer as { data: { order_id: string } } | undefined;
  expect(params.app_order).toBe(created?.data.order_id);
  expect(JSON.parse(String(params.data))).toEqual({
    status: 'success',
    pay_type: 23,
    amount: 4.99,
  });
  expect(JSON.stringify(report)).not.toMatch(/4242424242424242|"123"/);
});
