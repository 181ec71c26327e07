import { Source } from '@topup/contracts/entities';
import { useAtomValue, useStore } from 'jotai';
import { useEffect } from 'react';
import { api } from '../../api/instance';
import { tolerant } from '../../api/tolerant';
import { deviceId } from '../../platform/ids';
import { type AppStore, setAnswer } from '../../platform/store';
import { sessionAtom, sessionKeyAtom } from '../../session/session';
import { chargeListAnsweredAtom, chargeListAtom, chargeListLoadingAtom, chargeListOf } from './state';

/** The recharge list's calls. Each writes its answer through the store; none throws for a refusal. */

/** Without a uid: the packages offered whoever the target is (prices before an ID). */
export function chargeListParams(store: AppStore, uid: number | undefined) {
  const session = store.get(sessionAtom);
  return {
    ...(uid === undefined ? {} : { uid }),
    source: Source.main,
    h5_deviceid: deviceId(),
    ...(session ? { session_key: session.sessionKey } : {}),
  } as const;
}

/**
 * True when `uid`'s charge list is loading or loaded under the session signed in now: start-up's batch and the
 * page ask for it once per account.
 */
export function chargeListUnderWay(store: AppStore, uid: number | undefined): boolean {
  const state = store.get(chargeListAtom);
  return state.status !== 'failed' && chargeListOf(state, uid, store.get(sessionKeyAtom));
}

/**
 * Asks for `uid`'s charge list (unless under way, or `force`); its answer is written once `drawn` has settled
 * (start-up asks before React has the page: a hydration meets the store as the build had it).
 */
export async function loadChargeList(
  store: AppStore,
  uid: number | undefined,
  force = false,
  drawn: Promise<void> = Promise.resolve(),
): Promise<void> {
  if (!force && chargeListUnderWay(store, uid)) return;
  store.set(chargeListLoadingAtom, uid);
  const params = chargeListParams(store, uid);
  const answer = await tolerant(api).call('getRechargeListV3', params);
  await drawn;
  setAnswer(store, chargeListAnsweredAtom, { uid, sessionKey: params.session_key, answer });
}

/**
 * Loads `uid`'s charge list (unless `wait`), and again whenever the signed-in account changes, here or in
 * another window (sign-in, sign-out, switch: the session the pay step follows, `useAccountFollow`): a package
 * offered only signed in is then no longer offered to a signed-out visitor, and one newly signed in sees theirs.
 */
export function useChargeList(uid: number | undefined, wait: boolean): void {
  const store = useStore();
  const sessionKey = useAtomValue(sessionKeyAtom);
  // biome-ignore lint/correctness/useExhaustiveDependencies: sessionKey asks again when the account changes
  useEffect(() => {
    // Not asked again while under way for this account; a failed list is (loadChargeList's own guard).
    if (!wait) void loadChargeList(store, uid);
  }, [store, uid, wait, sessionKey]);
}
