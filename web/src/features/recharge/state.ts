import type { ChargeListInfo, PayTargetRecord } from '@topup/contracts/entities';
import { StorageKeys, type StoredPayTarget } from '@topup/contracts/storage';
import { atom } from 'jotai';
import type { CallResult } from '../../api/client';
import { atomWithValidatedStorage } from '../../platform/storage';
import { sessionAtom } from '../../session/session';
import { recordTarget, trimHistory } from './history';
import type { CheckedTarget } from './targetCheck';

/** The recharge list's state: who is topped up, the packages for them, and what is selected. */

const targetStored = atomWithValidatedStorage(StorageKeys.payTargetUser);
const historyStored = atomWithValidatedStorage(StorageKeys.rechargeHistory);
const lastPayTypeStored = atomWithValidatedStorage(StorageKeys.lastPayType);

export type ChargeListState =
  | { readonly status: 'idle' }
  | { readonly status: 'loading'; readonly uid: number }
  | { readonly status: 'loaded'; readonly uid: number; readonly info: ChargeListInfo }
  | { readonly status: 'failed'; readonly uid: number; readonly message: string };

const chargeListState = atom<ChargeListState>({ status: 'idle' });
const selectedPackageId = atom<string | undefined>(undefined);
const selectedPayType = atom<number | undefined>(undefined);

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

const livingUid = atom<number | undefined>(undefined);
export const targetIsLivingAtom = atom((get) => {
  const target = get(payTargetAtom);
  return target !== undefined && get(livingUid) === target.uid;
});

/** History for display: the own account first (when signed in), then the others most recent first. */
export const historyAtom = atom<PayTargetRecord[]>((get) =>
  trimHistory(get(historyStored) ?? [], get(sessionAtom)?.user.uid),
);
export const chargeListAtom = atom((get) => get(chargeListState));
export const lastPayTypeAtom = atom((get) => get(lastPayTypeStored));

/** The package and the method the visitor picked (undefined: none picked; see chargeState.ts). */
export const pickedPackageIdAtom = atom((get) => get(selectedPackageId));
export const pickedPayTypeAtom = atom((get) => get(selectedPayType));

export const selectPackageAtom = atom(null, (_get, set, rechargeId: string) =>
  set(selectedPackageId, rechargeId),
);
export const selectMethodAtom = atom(null, (_get, set, payType: number) => set(selectedPayType, payType));

export const chargeListLoadingAtom = atom(null, (_get, set, uid: number) =>
  set(chargeListState, { status: 'loading', uid }),
);

export const chargeListAnsweredAtom = atom(
  null,
  (get, set, args: { uid: number; answer: CallResult<'getRechargeListV3'> }) => {
    const current = get(chargeListState);
    // A late answer for a target no longer shown is dropped.
    if (current.status !== 'idle' && current.uid !== args.uid) return;
    set(
      chargeListState,
      args.answer.ok
        ? { status: 'loaded', uid: args.uid, info: args.answer.data }
        : { status: 'failed', uid: args.uid, message: args.answer.message },
    );
  },
);

/** Chooses a checked target and records it in the local history (SPEC §9: 40 plus the own account). */
export const chooseTargetAtom = atom(
  null,
  (get, set, args: { target: CheckedTarget; deviceId: string; nowSeconds: number }) => {
    const session = get(sessionAtom);
    const { target } = args;
    const stored: StoredPayTarget = {
      uid: target.uid,
      display_uid: target.displayUid,
      nickname: target.nickname,
      icon: target.icon,
      is_guest: false,
      source: 1,
    };
    set(targetStored, stored);
    set(livingUid, target.living ? target.uid : undefined);
    set(selectedPayType, undefined);
    set(
      historyStored,
      recordTarget(
        get(historyStored) ?? [],
        {
          to_uid: target.uid,
          to_display_uid: target.displayUid,
          to_nickname: target.nickname,
          to_icon: target.icon,
          is_guest: false,
        },
        { payerUid: session?.user.uid ?? 0, deviceId: args.deviceId, nowSeconds: args.nowSeconds },
        session?.user.uid,
      ),
    );
  },
);

/** Back to the own account (or no target when signed out). */
export const clearTargetAtom = atom(null, (_get, set) => {
  set(targetStored, undefined);
  set(livingUid, undefined);
});

export const replaceHistoryAtom = atom(null, (get, set, history: PayTargetRecord[]) => {
  set(historyStored, trimHistory(history, get(sessionAtom)?.user.uid));
});
export const rawHistoryAtom = atom((get) => get(historyStored) ?? []);
