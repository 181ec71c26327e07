import { useEffect, useState } from 'react';
import { api } from '../../api/instance';
import { tolerant } from '../../api/tolerant';
import { formatUsd } from '../../i18n/format';
import type { OrderCharge, PayResult } from './state';

/**
 * The amount the result panel names: the order's own (the server's word on what it charged) when it is known,
 * else the package's as the step showed it. `differs` when the order's amount is not the one shown before paying
 * (a buggy or lying list): the panel says so rather than show the list's price as paid.
 */
export function chargeShown(
  charged: OrderCharge | undefined,
  shown: number | undefined,
): { readonly amount: string | undefined; readonly differs: boolean } {
  if (charged === undefined)
    return { amount: shown === undefined ? undefined : formatUsd(shown), differs: false };
  // Whole cents are the amount: a float's last digits are not a difference.
  const differs = shown !== undefined && Math.round(charged.amount * 100) !== Math.round(shown * 100);
  return { amount: formatUsd(charged.amount), differs };
}

/**
 * The paid order's own amount and coins: the result's when the page has them (the payment return asks the order
 * anyway), else asked once of get_order_info_by_pay2_order_id for a paid order (SPEC §7). Unanswered, nothing
 * is claimed: the panel names what was shown.
 */
export function useOrderCharge(result: PayResult | undefined): OrderCharge | undefined {
  const orderId = result?.orderId;
  const known = result?.charged;
  const paid = result?.panel.outcome === 'success';
  const [asked, setAsked] = useState<{ readonly orderId: string; readonly charge: OrderCharge }>();
  useEffect(() => {
    if (orderId === undefined || known !== undefined || !paid) return;
    let live = true;
    void tolerant(api)
      .call('getOrderInfo', { order_id: orderId })
      .then((answer) => {
        if (live && answer.ok && answer.data.kind === 'coin')
          setAsked({ orderId, charge: { amount: answer.data.amount, coin: answer.data.coin } });
      });
    return () => {
      live = false;
    };
  }, [orderId, known, paid]);
  return known ?? (asked !== undefined && asked.orderId === orderId ? asked.charge : undefined);
}
