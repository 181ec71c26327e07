import { Source } from '@topup/contracts/entities';
import { api } from '../../api/instance';
import { tolerant } from '../../api/tolerant';
import { deviceId } from '../../platform/ids';
import { type AppStore, setAnswer } from '../../platform/store';
import { sessionAtom } from '../../session/session';
import { chargeListAnsweredAtom, chargeListAtom, chargeListLoadingAtom } from './state';

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

/** True when `uid`'s charge list is loading or loaded: start-up's batch and the page ask for it once. */
export function chargeListUnderWay(store: AppStore, uid: number | undefined): boolean {
  const state = store.get(chargeListAtom);
  return state.status !== 'idle' && state.status !== 'failed' && state.uid === uid;
}

export async function loadChargeList(store: AppStore, uid: number | undefined, force = false): Promise<void> {
  if (!force && chargeListUnderWay(store, uid)) return;
  store.set(chargeListLoadingAtom, uid);
  const answer = await tolerant(api).call('getRechargeListV3', chargeListParams(store, uid));
  setAnswer(store, chargeListAnsweredAtom, { uid, answer });
}
