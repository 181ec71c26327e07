import type { OrderKind, PayType } from '@topup/contracts';
import { useStore } from 'jotai';
import { useEffect, useRef } from 'react';
import { payAttempts } from '../../payments/orderAttempt';
import { CHECK_TRIES } from '../../payments/payment';
import type { PayIntent } from '../../platform/payIntent';
import { keptElsewhere } from './keptOrder';
import { lookupOf, type Unconfirmed } from './orderRequest';
import { resultAtom, stepAtom } from './state';

/**
 * An order made before a reload (or a return by back from the bank's page): its result is asked for, briefly,
 * then "processing" with a way to ask again (or, its 3-D Secure check lost with the page, "interrupted" with the
 * way to give it up). A card order whose answer was lost before a reload: the same X-CLI-RID without the card
 * finds it. An order kept from another pay step (the visitor left it for another package or account) is checked
 * too, and what it found is said here, not shown as this step's result.
 */
export function useRecoverKept({
  intent,
  kind,
  sessionKey,
  checkOrder,
  checkElsewhere,
  sendOrder,
}: {
  readonly intent: PayIntent;
  readonly kind: OrderKind;
  readonly sessionKey: string | undefined;
  readonly checkOrder: (orderId: string, payType: PayType, tries: number) => Promise<void>;
  readonly checkElsewhere: (kept: Unconfirmed) => Promise<boolean>;
  readonly sendOrder: (request: Unconfirmed) => Promise<void>;
}): void {
  const store = useStore();
  const recovering = useRef(false);
  useEffect(() => {
    if (recovering.current || store.get(resultAtom) !== undefined) return;
    // This step's own order under way (3-D Secure, its polls, the wallet) is no order to recover: it runs to its
    // end undisturbed, whatever changes meanwhile (another window's sign-in changes `sessionKey`).
    if (store.get(stepAtom).phase.kind !== 'choosing') return;
    const kept = payAttempts.unsettled();
    const lost = kept === undefined ? payAttempts.unanswered() : undefined;
    const attempt = kept ?? lost;
    if (attempt === undefined) return;
    recovering.current = true;
    const keptIntent = attempt.intent;
    const here = { recharge_id: intent.recharge_id, to_uid: intent.to_uid, kind };
    if (keptIntent !== undefined && keptElsewhere(keptIntent, here)) {
      const request = lookupOf({ ...attempt, intent: keptIntent }, sessionKey);
      void checkElsewhere({ ...request, orderId: kept?.orderId, elsewhere: true });
      return;
    }
    if (kept !== undefined) void checkOrder(kept.orderId, kept.payType, CHECK_TRIES);
    else if (lost !== undefined) void sendOrder(lookupOf(lost, sessionKey));
  }, [store, checkOrder, checkElsewhere, intent, kind, sessionKey, sendOrder]);
}
