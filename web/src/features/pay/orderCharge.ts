import { useEffect, useState } from 'react';
import { api } from '../../api/instance';
import { tolerant } from '../../api/tolerant';
import { formatUsd } from '../../i18n/format';
import type { OrderCharge, PayResult } from './state';

/** What the visitor chose before paying, to compare with what the server booked. */
export interface ChargeChosen {
  /** The package's price as the step showed it. */
  readonly amount: number | undefined;
  /** The package's coins as the step showed them. */
  readonly coin?: number | undefined;
  /** The account paid for (the step's uid). */
  readonly toUid?: number | undefined;
}

export interface ChargeShownView {
  readonly amount: string | undefined;
  readonly differs: boolean;
  /** The uid the server booked the order for, when it is not the account paid for. */
  readonly otherUid?: number;
  /** The order's coins when they are not the package's shown: the server's and the step's. */
  readonly coins?: { readonly booked: number; readonly shown: number };
  /** The paid order's info is still being asked: the account it tops up is not named yet. */
  readonly asking?: boolean;
}

/**
 * The amount the result panel names: the order's own (the server's word on what it charged) when it is known,
 * else the package's as the step showed it. `differs` when the order's amount is not the one shown before paying
 * (a buggy or lying list): the panel says so rather than show the list's price as paid. The same for the account
 * (`otherUid`) and the coins (`coins`): an order booked for another account, or for other coins, is said, and the
 * panel never claims the diamonds reach the account chosen.
 */
export function chargeShown(charged: OrderCharge | undefined, chosen: ChargeChosen): ChargeShownView {
  const shown = chosen.amount;
  if (charged === undefined)
    return { amount: shown === undefined ? undefined : formatUsd(shown), differs: false };
  // Whole cents are the amount: a float's last digits are not a difference.
  const differs = shown !== undefined && Math.round(charged.amount * 100) !== Math.round(shown * 100);
  const otherUid =
    charged.toUid !== undefined && chosen.toUid !== undefined && charged.toUid !== chosen.toUid
      ? charged.toUid
      : undefined;
  const coinDiffers = chosen.coin !== undefined && charged.coin !== chosen.coin;
  return {
    amount: formatUsd(charged.amount),
    differs,
    ...(otherUid === undefined ? {} : { otherUid }),
    ...(coinDiffers && chosen.coin !== undefined
      ? { coins: { booked: charged.coin, shown: chosen.coin } }
      : {}),
  };
}

/**
 * The paid order's own amount, coins and account: the result's when the page has them (the payment return asks the order
 * anyway), else asked once of get_order_info_by_pay2_order_id for a paid order (SPEC §7). Unanswered, nothing
 * is claimed: the panel names what was shown.
 */
export function useOrderCharge(result: PayResult | undefined): {
  readonly charge: OrderCharge | undefined;
  /** The paid order's info is being asked: which account it tops up is not known yet. */
  readonly asking: boolean;
} {
  const orderId = result?.orderId;
  const known = result?.charged;
  const paid = result?.panel.outcome === 'success';
  const [asked, setAsked] = useState<{
    readonly orderId: string;
    readonly charge: OrderCharge | undefined;
  }>();
  useEffect(() => {
    if (orderId === undefined || known !== undefined || !paid) return;
    let live = true;
    void tolerant(api)
      .call('getOrderInfo', { order_id: orderId })
      .then((answer) => {
        if (!live) return;
        // Unanswered (or not a coin order): nothing is claimed of it, and the panel names what was chosen.
        const charge =
          answer.ok && answer.data.kind === 'coin'
            ? { amount: answer.data.amount, coin: answer.data.coin, toUid: answer.data.to_uid }
            : undefined;
        setAsked({ orderId, charge });
      });
    return () => {
      live = false;
    };
  }, [orderId, known, paid]);
  if (known !== undefined) return { charge: known, asking: false };
  const answered = asked !== undefined && asked.orderId === orderId;
  return {
    charge: answered ? asked.charge : undefined,
    asking: orderId !== undefined && paid && !answered,
  };
}
