import { BUILD } from '../platform/env';
import { clientUuid } from '../platform/ids';
import type { ApiClient, CallResult, Params } from './client';
import { withRetries } from './retries';

/**
 * The pay pages' event report (SPEC §7: events cover pay steps and create-pay results, retried up to 3 more
 * times), through the registry's `payPageEvent` (its path is the project's choice: SPEC does not show it).
 * An event carries the step or the order's outcome and the pay type, never card data, and the page's
 * address without its query (which may have carried sign-in arguments).
 */

export const PAY_EVENT_RETRIES = 3;
export const PayEventName = { step: 'pay_step', createPay: 'create_pay_result' } as const;
export type PayEventName = (typeof PayEventName)[keyof typeof PayEventName];
type EventParams = Readonly<Record<string, string | number | boolean>>;

/** The page a report comes from: who (client uuid), which build, where and in which browser. */
function pageContext() {
  return {
    uuid: clientUuid(),
    version: BUILD.version,
    proj: 'ksa',
    href: `${location.origin}${location.pathname}`.slice(0, 2048),
    ua: navigator.userAgent.slice(0, 512),
  };
}

/** Sends one event, then up to 3 more tries while it fails; the last answer is returned (never thrown). */
export function reportPayEvent(
  client: ApiClient,
  eventName: PayEventName,
  params: EventParams,
): Promise<CallResult<'payPageEvent'> | undefined> {
  const send = () =>
    client
      .call('payPageEvent', { eventName, ...pageContext(), params: { ...params } })
      .catch((): undefined => undefined);
  return withRetries(send, (answer) => answer?.ok === true, PAY_EVENT_RETRIES);
}

/** What a create-pay result reports: the request's package and pay type, and the answer's result. */
export function createPayEventParams(
  request: Params<'createCoinPay'>,
  answer: CallResult<'createCoinPay'> | undefined,
): EventParams {
  return {
    recharge_id: request.recharge_id,
    pay_type: request.pay_type,
    result: answer === undefined ? -2 : answer.ok ? 0 : answer.result,
    order_id: answer?.ok === true ? answer.data.order_id : '',
  };
}

/** A step change of the pay flow: the step shown, the one before, and how deep the step stack is. */
export function stepEventParams(step: string, previous: string | undefined, depth: number): EventParams {
  return { step, from: previous ?? '', depth };
}

/** Reports one order creation's result (the hook of `observingOrders`, see instance.ts). */
export function reportCreatePay(
  client: ApiClient,
  request: Params<'createCoinPay'>,
  answer: CallResult<'createCoinPay'> | undefined,
): Promise<CallResult<'payPageEvent'> | undefined> {
  return reportPayEvent(client, PayEventName.createPay, createPayEventParams(request, answer));
}
