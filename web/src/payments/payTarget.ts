import { safeImageUrl } from '@topup/contracts/images';
import { StorageKeys, type StoredPayTarget } from '@topup/contracts/storage';
import { atom } from 'jotai/vanilla';
import { atomWithValidatedStorage } from '../platform/storage';
import { linkUnacknowledgedAtom, sessionAtom } from '../session/session';
import type { CheckedTarget } from './targetCheck';

/**
 * Who is topped up: the target the recharge search chose (features/recharge/choose.ts writes it), else the
 * signed-in visitor's own account. The recharge list, the pay step and the start-up read it.
 */

/** The chosen target as stored. */
export const targetStored = atomWithValidatedStorage(StorageKeys.payTargetUser);

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
  const who = get(targetStored) ?? session?.user;
  if (who === undefined) return undefined;
  const own = who.uid === session?.user.uid;
  return {
    uid: who.uid,
    displayUid: who.display_uid,
    nickname: who.nickname,
    icon: who.icon,
    own: own && !get(linkUnacknowledgedAtom),
    linkAccount: own && get(linkUnacknowledgedAtom),
  };
});

/**
 * A payment made for an account the list had not chosen (a link to the pay step naming it): that account is the
 * list's target from then on, so the list the paid step leaves for ("done", back, the paid entry opened again)
 * is the account just paid for, as when the visitor chose it on the list.
 */
export const keepPaidTargetAtom = atom(null, (get, set, paid: CheckedTarget) => {
  if (get(payTargetAtom)?.uid === paid.uid) return;
  set(targetStored, storedTargetOf(paid));
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
