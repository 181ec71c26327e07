import { api } from '../../api/instance';
import type { AppStore } from '../../platform/store';
import type { PaymentReturn } from '../../platform/urlArgs';

/**
 * HAND-OVER POINT (issue 5): the recharge list calls this when the URL is a return from a payment
 * (zp_show=1 or test_zp_show, an order id and a device id; SPEC §2). The pay feature asks the server for
 * the result and shows the result panel on /pay-step for the order's package.
 */
export async function onPaymentReturn(
  payment: PaymentReturn,
  context: { readonly store: AppStore },
): Promise<void> {
  const { handlePaymentReturn } = await import('../pay/paymentReturn');
  const target = await handlePaymentReturn(payment, {
    store: context.store,
    api,
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    search: location.search,
  });
  if (target === undefined) return;
  // The router follows history: replace the return URL (order id and all) with the pay step.
  history.replaceState(null, '', target);
  dispatchEvent(new PopStateEvent('popstate'));
}
