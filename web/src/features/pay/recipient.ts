import { ServerCode } from '@topup/contracts/codes';
import type { CallResult } from '../../api/client';
import { pt } from '../../i18n/pay';
import { isAmbiguous } from '../../payments/ambiguous';
import type { TargetCheck } from '../../payments/targetCheck';
import type { Recipient } from './PayRecipient';

/**
 * Who a `/pay-step` link pays for when the page does not know it already (a link opened for another uid): the
 * account by uid (check_uid), then the target check on its display id (SPEC §7), which refuses a banned, a
 * deactivated or a guest account with its own message.
 */
export type RecipientLookup =
  /**
   * Asked of the server; `hint` is what the page had stored for the uid (the list's target), shown meanwhile but
   * never paid for: the server's answer replaces it, and pay waits for that answer.
   */
  | { readonly status: 'loading'; readonly hint?: Recipient }
  | { readonly status: 'found'; readonly recipient: Recipient }
  /**
   * The account cannot be topped up (or does not exist): the message says why; nothing can be paid. `refusal`:
   * the check's code and the display id it refused, for the way on beside it (`RefusalNote`: a ban's fine).
   */
  | {
      readonly status: 'refused';
      readonly message: string;
      readonly refusal?: { readonly result: number; readonly displayUid: string };
    }
  /** No usable answer (network, time-out, garbled): a retry may find it; nothing is paid meanwhile. */
  | { readonly status: 'failed' };

/** The account behind the uid, from check_uid's answer: its display id and nickname, or why there is none. */
export function accountOfUid(
  answer: CallResult<'checkUid'>,
):
  | { readonly kind: 'found'; readonly uid: number; readonly displayUid: string }
  | { readonly kind: 'notFound' }
  | { readonly kind: 'failed' } {
  if (answer.ok)
    return { kind: 'found', uid: answer.data.user.uid, displayUid: answer.data.user.display_uid };
  if (answer.result === ServerCode.accountNotFound) return { kind: 'notFound' };
  return { kind: 'failed' };
}

/**
 * The uid's account as the server names it (`displayUid`) against the one the list showed and the visitor chose
 * (`chosen`, undefined when none was: a link naming the uid). Another display id (a buggy or lying server's
 * search answer, the uid of one account beside the id of another) is refused: nothing is paid.
 */
export function notTheChosen(displayUid: string, chosen: string | undefined): RecipientLookup | undefined {
  if (chosen === undefined || displayUid === chosen) return undefined;
  return { status: 'refused', message: pt('pay.recipientMismatch', { server: displayUid, chosen }) };
}

/**
 * The uid paid for against the uid the server gave for its account (`named`: the uid lookup's own answer, then
 * the account check of the display id it named). Another uid (a lying or buggy server: uid 1002 named as
 * 10000011, whose check is uid 1011) is refused, whether or not an account was chosen on the list (a reload or a
 * link has none): the page would show one account and pay another.
 */
export function notTheUid(uid: number, named: number, displayUid: string): RecipientLookup | undefined {
  if (named === uid) return undefined;
  return { status: 'refused', message: pt('pay.recipientUidMismatch', { server: displayUid }) };
}

/** The lookup's end from the target check of `displayUid`: found, refused with its message, or failed. */
export function recipientOfCheck(check: TargetCheck, displayUid: string): RecipientLookup {
  if (check.kind === 'ok')
    return {
      status: 'found',
      recipient: { nickname: check.target.nickname, displayUid: check.target.displayUid },
    };
  if (isAmbiguous(check.result)) return { status: 'failed' };
  return { status: 'refused', message: check.message, refusal: { result: check.result, displayUid } };
}

/**
 * Whether pay can go out for the lookup: only for an account the page knows (the visitor's own) or the server has
 * named. Still asked, refused, or never answered (a stored target is then only a name storage gave, which can be
 * edited), nothing is paid.
 */
export function recipientLetsPay(lookup: RecipientLookup): boolean {
  return lookup.status === 'found';
}
