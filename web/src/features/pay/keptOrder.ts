import type { PayType } from '@topup/contracts';
import type { Params } from '../../api/client';
import { intentKeyOf } from '../../payments/orderAttempt';
import type { Settled } from '../../payments/payment';
import { type RefusalNote, refusalNote } from '../../payments/refusalText';
import type { Unconfirmed } from './orderRequest';
import { currentStep } from './steps';
import type { StepState } from './stepTypes';

/**
 * The rule of a kept order (MACHINE.md, "An order whose answer was lost"): while an order request's answer is
 * lost (`orderMayExist`, its request kept as `Unconfirmed`), that request is the only one a pay tap may send again,
 * unchanged (same X-CLI-RID, same card token). A tap whose request differs (another pay type, saved card,
 * package or target, a new or edited card) first settles the kept order, and only a kept order known unpaid lets
 * the new request go.
 */

/** A pay tap's request as the rule compares it: its public parameters and, for a new card, the card it reads. */
export interface TapRequest {
  readonly params: Params<'createCoinPay'>;
  /** A new card's public identity (`newCardKey`); undefined for a saved card or a channel. */
  readonly cardKey?: string | undefined;
}

/** What a pay tap does: send its request, re-send the kept one as it was, or settle the kept order first. */
export type TapDecision = 'send' | 'resend' | 'settleFirst';

/** A new card's public identity: an edit of the number, the expiry or the name is another card. */
export function newCardKey(card: {
  readonly bin: string;
  readonly last4: string;
  readonly cardValidDate?: string | undefined;
  readonly holderName?: string | undefined;
}): string {
  return JSON.stringify([card.bin, card.last4, card.cardValidDate ?? '', (card.holderName ?? '').trim()]);
}

export function tapDecision(kept: Unconfirmed | undefined, next: TapRequest): TapDecision {
  if (kept === undefined) return 'send';
  // An order known to exist is followed by asking for its result, never by sending anything again.
  if (kept.orderId !== undefined) return 'settleFirst';
  const same = intentKeyOf(kept.params) === intentKeyOf(next.params) && kept.cardKey === next.cardKey;
  return same ? 'resend' : 'settleFirst';
}

/** What settling the kept order found, and so what the tap does next. */
export type SettleDecision =
  /** Paid: its result is shown (the card or method it charged), and no new order is made. */
  | 'showPaid'
  /** Known unpaid (failed, cancelled, no order under its X-CLI-RID): the kept attempt is dropped, the tap goes on. */
  | 'dropAndSend'
  /** Its order still pending: it is given up first (`giveUpOrder`: cancelled), and what that found decides. */
  | 'cancelFirst'
  /** Still pending once given up (the cancel refused or unanswered): no new order, and the page says so. */
  | 'notCancelled'
  /** Not known yet: no new order; the page keeps saying the earlier payment is being checked. */
  | 'keepChecking';

/**
 * What the tap does with what settling found: first what asking found, then (`cancelled`) what giving up a
 * pending order found.
 */
export function settleDecision(settled: Settled | 'noOrder' | 'noAnswer', cancelled = false): SettleDecision {
  if (settled === 'noOrder') return 'dropAndSend';
  if (settled === 'noAnswer') return 'keepChecking';
  switch (settled.kind) {
    case 'paid':
      return 'showPaid';
    case 'failed':
    case 'notFound':
      return 'dropAndSend';
    case 'pending':
      return cancelled ? 'notCancelled' : 'cancelFirst';
  }
}

/**
 * The one notice the step shows above its pay button (never a toast as well, never over the button):
 * `unconfirmed` where the pay button re-sends the request whose answer was lost; `checkFirst` where it would
 * send another, so the earlier one is checked first; `earlierUnknown` once that check found no answer yet;
 * `uncertainEarlier` after an order whose charge is unknown (a provider's time-out): look at the bank first,
 * and the next tap reads that order before any new one.
 */
export type FlowNotice =
  | 'unconfirmed'
  | 'checkFirst'
  | 'earlierUnknown'
  | 'uncertainEarlier'
  | 'notFound'
  | EarlierNotice
  | RefusedNotice
  | undefined;

/**
 * An order creation the server refused with a code (SPEC §8: the code and a message): said until the visitor
 * moves (another step, card or method) or taps again, with the card still typed. `message` is Arabic text only
 * (`payments/refusalText.ts`), undefined for the generic sentence; `noCharge` when the refusal says no order
 * was made (`orderMayExist`), so nothing was charged; else the next tap re-sends the same request.
 */
export interface RefusedNotice extends RefusalNote {
  readonly kind: 'refused';
  /** The method chosen on home it was refused for (none for a card): another method chosen there moves on. */
  readonly channel: PayType | undefined;
}

/** A refusal's notice (`refusalNote`): its code, an Arabic message or none, and what it says of a charge. */
export function refusedNotice(
  code: number,
  serverMessage: string,
  noCharge: boolean,
  channel: PayType | undefined,
): RefusedNotice {
  return { kind: 'refused', ...refusalNote(code, serverMessage, noCharge), channel };
}

/**
 * A refusal once the visitor has changed what they typed (the card, its CVV, the holder name): no longer said,
 * as after a move; a request it kept (its order may exist) is checked first. Any other notice stays.
 */
export function noticeAfterEdit(notice: FlowNotice): FlowNotice {
  if (typeof notice !== 'object' || notice.kind !== 'refused') return notice;
  return notice.noCharge ? undefined : 'checkFirst';
}

/** On home, a refusal holds while the method it was refused for is the one chosen (a card's: none chosen). */
export function noticeForChoice(notice: FlowNotice, step: string, channel: PayType | undefined): FlowNotice {
  if (typeof notice !== 'object' || notice.kind !== 'refused' || step !== 'home') return notice;
  if (notice.channel === channel) return notice;
  return notice.noCharge ? undefined : 'checkFirst';
}

/**
 * What checking an order kept from another pay step (another package, target or kind: `keptElsewhere`) found,
 * said on this one with its order number: paid, or still pending. Neither stops this step's own payment, which
 * is another order the visitor chose; the notice says so before the tap.
 */
export interface EarlierNotice {
  /** `earlierNotCancelled`: this step's own earlier order, still pending, whose cancel was refused or unanswered. */
  /** `earlierCancelled`: this step's own earlier order, given up (cancelled or ended) at the visitor's word. */
  readonly kind: 'earlierPaid' | 'earlierPending' | 'earlierNotCancelled' | 'earlierCancelled';
  readonly orderId: string;
}

/** Whether a kept order's intent is another pay step's (package, target or kind) than the one open. */
export function keptElsewhere(
  kept: { readonly recharge_id: string; readonly uid: number; readonly kind: string },
  here: { readonly recharge_id: string; readonly to_uid: number; readonly kind: string },
): boolean {
  return kept.recharge_id !== here.recharge_id || kept.uid !== here.to_uid || kept.kind !== here.kind;
}

/**
 * What the step does with an order kept from another step once it is checked: known unpaid, it is let go in
 * silence; paid or pending, it is let go and the step says so (its own payment is another order); no answer, it
 * stays kept, so this step's pay tap checks it again before making any order.
 */
export function elsewhereDecision(
  found: Settled | 'noOrder' | 'noAnswer',
): 'letGo' | 'tellPaid' | 'tellPending' | 'keepChecking' {
  if (found === 'noOrder') return 'letGo';
  if (found === 'noAnswer') return 'keepChecking';
  switch (found.kind) {
    case 'paid':
      return 'tellPaid';
    case 'pending':
      return 'tellPending';
    case 'failed':
    case 'notFound':
      return 'letGo';
  }
}

/** Where the request whose answer was lost was sent from: the step, its fields' intent, the saved card. */
export interface NoticePlace {
  readonly step: string;
  readonly intent: number;
  readonly sourceId: string | undefined;
}

/**
 * The notice where the visitor is: "press pay again for the same order" only where the pay button would re-send
 * it (the step, the fields and the saved card it was sent from); anywhere else, that it will be checked first.
 * A refusal likewise holds only where it was made; elsewhere it is gone, or "checked first" if its request is kept.
 */
export function noticeHere(
  notice: FlowNotice,
  place: NoticePlace | undefined,
  state: StepState,
  sourceId: string | undefined,
): FlowNotice {
  const refused = typeof notice === 'object' && notice.kind === 'refused';
  if ((notice !== 'unconfirmed' && !refused) || place === undefined) return notice;
  const here =
    place.step === currentStep(state) && place.intent === state.intent && place.sourceId === sourceId;
  if (here) return notice;
  // Elsewhere a refusal is no longer said; a request it kept (its order may exist) is checked first.
  return refused && notice.noCharge ? undefined : 'checkFirst';
}
