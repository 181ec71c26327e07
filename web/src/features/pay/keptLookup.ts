import { useSetAtom } from 'jotai';
import { type RefObject, useCallback } from 'react';
import { pt } from '../../i18n/pay';
import { giveUpOrder } from '../../payments/giveUpOrder';
import { payAttempts } from '../../payments/orderAttempt';
import { orderMayExist } from '../../payments/orderCreation';
import { done, type EngineDeps, type PaymentEnd, pollOrder, type Settled } from '../../payments/payment';
import {
  elsewhereDecision,
  type FlowNotice,
  keptElsewhere,
  type SettleDecision,
  settleDecision,
  type TapRequest,
  tapDecision,
} from './keptOrder';
import { cardless, lookupOf, type PaidWith, type Unconfirmed, type UsedCard } from './orderRequest';
import { dispatchStepAtom } from './state';

/** How many polls settling a kept order waits before "processing" (as a recovered order's). */
const SETTLE_POLLS = 6;

/** What asking for a kept order found: its order (when the server named one) and that order's result. */
export interface KeptFound {
  readonly orderId: string | undefined;
  readonly found: Settled | 'noOrder' | 'noAnswer';
}

/**
 * Asks which order a kept request's X-CLI-RID made, by the same intent without the card (which can make none,
 * REQUEST_ID_SCOPE), then that order's result (`pollOrder`, `tries` polls). An order already known is only
 * polled. The order found is kept (`payAttempts.ordered`), so a reload asks for it too.
 */
export async function findKept(deps: EngineDeps, kept: Unconfirmed, tries: number): Promise<KeptFound> {
  let orderId = kept.orderId;
  if (orderId === undefined) {
    // A provider's page that was never opened (its address was in the lost answer) charged nothing.
    if (kept.paidWith?.kind === 'channel') return { orderId, found: 'noOrder' };
    const lookup = cardless(kept);
    const created = await deps.api.call('createCoinPay', lookup.params, { requestId: lookup.requestId });
    if (!created.ok)
      // A definite refusal of the cardless request: its id made no order.
      return { orderId, found: orderMayExist('createCoinPay', created.result) ? 'noAnswer' : 'noOrder' };
    orderId = created.data.order_id;
  }
  payAttempts.ordered(orderId);
  return { orderId, found: await pollOrder(deps, orderId, {}, tries) };
}

/**
 * This step's own order kept by the tab (its package, account and kind), its id known and its result not yet:
 * a provider's page left by Back, a reload during 3-D Secure, a "processing" result. A pay tap gives it up
 * (`giveUpOrder`) before any new order; undefined when there is none.
 */
export function ownKeptOrder(
  here: { readonly recharge_id: string; readonly to_uid: number; readonly kind: string },
  sessionKey: string | undefined,
): Unconfirmed | undefined {
  const kept = payAttempts.unsettled();
  const intent = kept?.intent;
  if (kept === undefined || intent === undefined || keptElsewhere(intent, here)) return undefined;
  return { ...lookupOf({ ...kept, intent }, sessionKey), orderId: kept.orderId };
}

/** The result panel's line for a kept order's result: the earlier payment's, and what it charged. */
export const earlierResultText = (used: UsedCard): string =>
  pt('pay.earlierOrderResult', {
    method: used === undefined ? pt('pay.earlierMethod') : pt('pay.earlierCard', { last4: used.last4 }),
  });

interface KeptDeps extends EngineDeps {
  readonly unconfirmed: RefObject<Unconfirmed | undefined>;
  readonly sendOrder: (request: Unconfirmed) => Promise<void>;
  readonly finish: (
    end: PaymentEnd,
    orderId: string,
    payType: Unconfirmed['payType'],
    used: UsedCard,
    paidWith: PaidWith | undefined,
    earlier?: string,
  ) => void;
  readonly setNotice: (notice: FlowNotice) => void;
  /** This step's own order kept by the tab, still pending (`ownKeptOrder`), or undefined. */
  readonly ownKept: () => Unconfirmed | undefined;
}

/**
 * The kept-order rule in the engine (`keptOrder.ts`): before a pay tap sends its request, whether an order whose
 * answer was lost stands in the way. Its own request is re-sent unchanged (the same X-CLI-RID finds or makes that
 * one order); any other request waits until the kept order is settled. Answers true when the tap may go on and
 * send its own request.
 */
export function useClearKept({ unconfirmed, sendOrder, finish, setNotice, ownKept, api, sleep }: KeptDeps) {
  const dispatch = useSetAtom(dispatchStepAtom);
  /**
   * Settles the kept order: paid, its result, named as the earlier payment and the card it charged; known
   * unpaid, the attempt is dropped; still pending, it is given up (cancelled) before anything new is sent, and
   * stays kept when its cancel is refused or unanswered; unknown, no new order, and the page says the earlier
   * payment is still being checked.
   */
  const settleKept = useCallback(
    async (kept: Unconfirmed): Promise<SettleDecision> => {
      dispatch({ type: 'polling', orderId: kept.orderId });
      // An order already known was asked for before (a reload's polls, a "processing" result): it is given up
      // at once, asked once more within it.
      let { orderId, found } =
        kept.orderId === undefined
          ? await findKept({ api, sleep }, kept, SETTLE_POLLS)
          : { orderId: kept.orderId, found: { kind: 'pending' } as const };
      let decision = settleDecision(found);
      if (decision === 'cancelFirst' && orderId !== undefined) {
        found = await giveUpOrder({ api, sleep }, orderId, 'pay again');
        decision = settleDecision(found, true);
      }
      if (decision === 'dropAndSend') {
        unconfirmed.current = undefined;
        payAttempts.settled();
        setNotice(undefined);
        return decision;
      }
      if (decision === 'showPaid' && orderId !== undefined && found !== 'noOrder' && found !== 'noAnswer') {
        unconfirmed.current = undefined;
        setNotice(undefined);
        finish(done(found), orderId, kept.payType, kept.used, kept.paidWith, earlierResultText(kept.used));
        return decision;
      }
      dispatch({ type: 'orderNotMade' });
      if (decision === 'notCancelled' && orderId !== undefined) {
        // It may still be paid: no new order; it stays kept, so the next tap asks (and cancels) again.
        unconfirmed.current = { ...kept, orderId };
        setNotice({ kind: 'earlierNotCancelled', orderId });
        return decision;
      }
      // No answer to the lookup: nothing new is sent; the next pay tap asks again.
      setNotice('earlierUnknown');
      return decision;
    },
    [dispatch, finish, setNotice, unconfirmed, api, sleep],
  );
  /**
   * Checks an order kept from another pay step (`keptElsewhere`: left with its answer lost, or on its bank's or
   * provider's page): its result is said here, with its order number, never shown as this step's (whose package,
   * amount and recipient are another's). Answers true when nothing stands in the way of this step's own tap.
   */
  const checkElsewhere = useCallback(
    async (kept: Unconfirmed): Promise<boolean> => {
      dispatch({ type: 'polling', orderId: kept.orderId });
      const { orderId, found } = await findKept({ api, sleep }, kept, SETTLE_POLLS);
      dispatch({ type: 'orderNotMade' });
      const decision = elsewhereDecision(found);
      if (decision === 'keepChecking') {
        // No answer: it stays kept, and this step's pay tap asks again before making any order.
        unconfirmed.current = { ...kept, orderId: orderId ?? kept.orderId, elsewhere: true };
        setNotice('earlierUnknown');
        return false;
      }
      unconfirmed.current = undefined;
      payAttempts.settled();
      if (decision === 'letGo' || orderId === undefined) {
        setNotice(undefined);
        return true;
      }
      setNotice({ kind: decision === 'tellPaid' ? 'earlierPaid' : 'earlierPending', orderId });
      return false;
    },
    [dispatch, setNotice, unconfirmed, api, sleep],
  );
  const clearKept = useCallback(
    async (next: TapRequest | 'other') => {
      const kept = unconfirmed.current ?? ownKept();
      if (kept?.elsewhere === true) return checkElsewhere(kept);
      const decision =
        next === 'other' ? (kept === undefined ? 'send' : 'settleFirst') : tapDecision(kept, next);
      if (kept === undefined || decision === 'send') return true;
      if (decision === 'resend') {
        await sendOrder(kept);
        return false;
      }
      return (await settleKept(kept)) === 'dropAndSend';
    },
    [sendOrder, settleKept, checkElsewhere, unconfirmed, ownKept],
  );
  /**
   * The result panel's "cancel the order and pay again" (a 3-D Secure check a reload interrupted): the step's
   * kept order settled now, as the next pay tap would; given up, the step says so and is the visitor's again.
   */
  const giveUpKept = useCallback(async () => {
    const kept = unconfirmed.current ?? ownKept();
    if (kept === undefined) return void dispatch({ type: 'orderNotMade' });
    const decision = await settleKept(kept);
    if (decision !== 'dropAndSend') return;
    dispatch({ type: 'orderNotMade' });
    setNotice(kept.orderId === undefined ? undefined : { kind: 'earlierCancelled', orderId: kept.orderId });
  }, [dispatch, settleKept, setNotice, unconfirmed, ownKept]);
  return { clearKept, checkElsewhere, giveUpKept };
}
