import type { ChargeListInfo, PayTargetRecord } from '@topup/contracts/entities';
import { StorageKeys, type StoredPayTarget } from '@topup/contracts/storage';
import { atom } from 'jotai';
import type { CallResult } from '../../api/client';
import { atomWithValidatedStorage } from '../../platform/storage';
import { sessionAtom } from '../../session/session';
import { recordTarget, trimHistory } from './history';
import { defaultPackage, methodsOf, recommendedAmounts, visiblePackages } from './packages';
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

export const packagesAtom = atom((get) => {
  const state = get(chargeListState);
  if (state.status !== 'loaded') return [];
  return visiblePackages(state.info.list, state.info.is_new);
});

export const recommendedAtom = atom((get) => {
  const state = get(chargeListState);
  return state.status === 'loaded' ? recommendedAmounts(state.info) : [];
});

export const selectedPackageAtom = atom((get) => {
  const packages = get(packagesAtom);
  const id = get(selectedPackageId);
  return packages.find((p) => p.recharge_id === id) ?? defaultPackage(packages, get(recommendedAtom));
});

export const methodsAtom = atom((get) => {
  const item = get(selectedPackageAtom);
  return item === undefined ? [] : methodsOf(item);
});

/** The card pay types (providers 13 and 17): the clearest default, understood by every visitor. */
const CARD_PAY_TYPES: ReadonlySet<number> = new Set([23, 27]);

/** The chosen method, else the last one used, else a card, else the first. */
export const selectedMethodAtom = atom((get) => {
  const methods = get(methodsAtom);
  const wanted = get(selectedPayType) ?? get(lastPayTypeStored);
  return (
    methods.find((m) => m.payType === wanted) ??
    methods.find((m) => CARD_PAY_TYPES.has(m.payType)) ??
    methods[0]
  );
});

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
