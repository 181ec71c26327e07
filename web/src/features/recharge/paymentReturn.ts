import type { AppStore } from '../../platform/store';
import type { PaymentReturn } from '../../platform/urlArgs';

/**
 * HAND-OVER POINT (issue 5): the recharge list calls this when the URL is a return from a payment
 * (zp_show=1 or test_zp_show, an order id and a device id; SPEC §2). The payment colleague fills it in:
 * query the result (payResultByOrderFast), show the result panel, remember the card, and so on.
 * Until then it only resolves, and the list initialises the pay page as usual.
 */
export async function onPaymentReturn(
  _payment: PaymentReturn,
  _context: { readonly store: AppStore },
): Promise<void> {}
