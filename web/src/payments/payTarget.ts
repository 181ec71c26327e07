import { StorageKeys } from '@topup/contracts/storage';
import { atom } from 'jotai/vanilla';
import { atomWithValidatedStorage } from '../platform/storage';
import { sessionAtom } from '../session/session';

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
}

/** The chosen target, else the signed-in user's own account. */
export const payTargetAtom = atom<PayTarget | undefined>((get) => {
  const session = get(sessionAtom);
  const who = get(targetStored) ?? session?.user;
  if (who === undefined) return undefined;
  return {
    uid: who.uid,
    displayUid: who.display_uid,
    nickname: who.nickname,
    icon: who.icon,
    own: who.uid === session?.user.uid,
  };
});
