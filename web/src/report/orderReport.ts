import type { ApiClient, CallResult } from '../api/client';
import { withRetries } from '../api/retries';

/**
 * Order reporting (SPEC §7 `GET /api/order/tmp_report/`, §9 "Order reporting / event upload retry: 3"): when
 * an order reaches a result on the pay step, its id and a JSON of the outcome (status, pay type, amount) go
 * to tmp_report, retried up to 3 more times while it fails. Fire and forget: nothing waits for it and
 * nothing it meets (a refusal, a network failure, a throw) reaches the page. Nothing of a card is sent.
 */

export const ORDER_REPORT_RETRIES = 3;

/** What the report reads of a result the pay step shows (a structural view of pay's PayResult). */
export interface ShownResult {
  readonly panel: { readonly outcome: string; readonly primary: { readonly action: string } };
  readonly orderId: string | undefined;
  readonly payType: number | undefined;
}

export interface OrderReportData {
  /** The outcome shown; `pending` while the order is still being paid (the panel asks again, or to give it up). */
  readonly status: string;
  readonly pay_type: number | null;
  /** The package's amount in USD. */
  readonly amount: number;
}

/** A panel first offering these is an order still pending (its result asked again, or the order given up). */
const pendingActions: ReadonlySet<string> = new Set(['checkAgain', 'giveUp']);

export function orderReportData(result: ShownResult, amount: number): OrderReportData {
  return {
    status: pendingActions.has(result.panel.primary.action) ? 'pending' : result.panel.outcome,
    pay_type: result.payType ?? null,
    amount,
  };
}

/** One tmp_report, then up to 3 more while it fails; the last answer (undefined when it threw), never thrown. */
export function sendOrderReport(
  client: ApiClient,
  orderId: string,
  data: OrderReportData,
): Promise<CallResult<'tmpReport'> | undefined> {
  const send = () =>
    client
      .call('tmpReport', { app_order: orderId, data: JSON.stringify(data) })
      .catch((): undefined => undefined);
  return withRetries(send, (answer) => answer?.ok === true, ORDER_REPORT_RETRIES);
}

/** The results this page has reported (order and status): each one is sent once per visit. */
const reported = new Set<string>();

/**
 * Reports `result` if it is an order's result not yet reported and the amount is known; answers whether a
 * report was started. The send runs on its own: the caller is not held.
 */
export function reportOrderResult(
  client: ApiClient,
  result: ShownResult | undefined,
  amount: number | undefined,
): boolean {
  if (result?.orderId === undefined || result.orderId === '' || amount === undefined) return false;
  const data = orderReportData(result, amount);
  const key = `${result.orderId}\u0000${data.status}`;
  if (reported.has(key)) return false;
  reported.add(key);
  void sendOrderReport(client, result.orderId, data);
  return true;
}

/** Forgets what was reported (tests). */
export function forgetOrderReports(): void {
  reported.clear();
}
