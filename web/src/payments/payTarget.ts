import { safeImageUrl } from '@topup/contracts/images';
import type { StoredPayTarget } from '@topup/contracts/storage';
import { atom } from 'jotai/vanilla';
import { targetStored } from '../session/accountKept';
import { linkUnacknowledgedAtom, sessionAtom } from '../session/session';
import type { CheckedTarget } from './targetCheck';

/**
 * Who is topped up: the target the recharge search chose (features/recharge/choose.ts writes it), else the
 * signed-in visitor's own account. The recharge list, the pay step and the start-up read it.
 */

export interface PayTarget {
  readonly uid: number;
  readonly displayUid: string;
  readonly nickname: string;
  readonly icon: string;
  readonly own: boolean;
  /**
   * The signed-in account came with a link and the visitor has not said it is theirs (LinkNotice): it is
   * named as the link's account, not as "my account".
   */
  readonly linkAccount: boolean;
}

/** The chosen target, else the signed-in user's own account. */
export const payTargetAtom = atom<PayTarget | undefined>((get) => {
  const session = get(sessionAtom);
  const stored = get(targetStored);
  const own = session !== undefined && (stored === undefined || stored.uid === session.user.uid);
  // The visitor's own account is named as the session says, not as storage (which can be edited) says.
  const who = own ? session.user : stored;
  if (who === undefined) return undefined;
  return {
    uid: who.uid,
    displayUid: who.display_uid,
    nickname: who.nickname,
    icon: who.icon,
    own: own && !get(linkUnacknowledgedAtom),
    linkAccount: own && get(linkUnacknowledgedAtom),
  };
});

/** A stored target as compared with the server's word on it: every field the list shows. */
const namedKey = (t: StoredPayTarget): string => JSON.stringify([t.uid, t.display_uid, t.nickname, t.icon]);

/** The target as the server last named it in this page (a check, a search's choice, a payment). */
const serverNamedAtom = atom<string | undefined>(undefined);

/** The server's word on an account: the list may name the stored target while storage still says the same. */
export const namedByServerAtom = atom(null, (_get, set, checked: CheckedTarget) => {
  set(serverNamedAtom, namedKey(storedTargetOf(checked)));
});

/**
 * Whether the list may name the target: the visitor's own account (the session's) always; a stored target only
 * once the server has named it so in this page (storage can be edited; until then it is asked: the pay step's
 * `lookUpRecipient`).
 */
export const targetConfirmedAtom = atom((get) => {
  const target = get(payTargetAtom);
  if (target === undefined || target.own || target.linkAccount) return true;
  const stored = get(targetStored);
  return stored !== undefined && get(serverNamedAtom) === namedKey(stored);
});

/**
 * A payment made for an account the list had not chosen (a link to the pay step naming it): that account is the
 * list's target from then on, so the list the paid step leaves for ("done", back, the paid entry opened again)
 * is the account just paid for, as when the visitor chose it on the list.
 */
export const keepPaidTargetAtom = atom(null, (get, set, paid: CheckedTarget) => {
  set(namedByServerAtom, paid);
  if (get(payTargetAtom)?.uid === paid.uid) return;
  set(targetStored, storedTargetOf(paid));
});

/**
 * The server's answer for the stored target's uid: what the list shows of it from then on (the stored name and
 * id were only a hint, and may have been edited or gone stale).
 */
export const refreshTargetAtom = atom(null, (get, set, checked: CheckedTarget) => {
  const stored = get(targetStored);
  if (stored === undefined || stored.uid !== checked.uid) return;
  set(namedByServerAtom, checked);
  const fresh = storedTargetOf(checked);
  if (
    stored.display_uid === fresh.display_uid &&
    stored.nickname === fresh.nickname &&
    stored.icon === fresh.icon
  )
    return;
  set(targetStored, fresh);
});

/** A checked account as the chosen target is stored (a check only lets an account that is not a guest by). */
export function storedTargetOf(target: CheckedTarget): StoredPayTarget {
  return {
    uid: target.uid,
    display_uid: target.displayUid,
    nickname: target.nickname,
    icon: safeImageUrl(target.icon),
    is_guest: false,
    source: 1,
  };
}
