import { enterNewCard, openPayStep } from '../../flows/pay';
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
  const pay = await openPayStep(page, 23);
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
