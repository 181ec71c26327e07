import { Source } from '@topup/contracts/startup/entities';
import { api } from '../../api/instance';
import { tolerant } from '../../api/tolerant';
import { deviceId } from '../../platform/ids';
import { type AppStore, setAnswer } from '../../platform/store';
import { sessionAtom } from '../../session/session';
import { mergeHistory } from './history';
import {
  chargeListAnsweredAtom,
  chargeListAtom,
  chargeListLoadingAtom,
  historyStored,
  replaceHistoryAtom,
} from './state';

/** The recharge list's calls. Each writes its answer through the store; none throws for a refusal. */

export function chargeListParams(store: AppStore, uid: number) {
  const session = store.get(sessionAtom);
  return {
    uid,
    source: Source.main,
    h5_deviceid: deviceId(),
    ...(session ? { session_key: session.sessionKey } : {}),
  } as const;
}

/** True when `uid`'s charge list is loading or loaded: start-up's batch and the page ask for it once. */
export function chargeListUnderWay(store: AppStore, uid: number): boolean {
  const state = store.get(chargeListAtom);
  return state.status !== 'idle' && state.status !== 'failed' && state.uid === uid;
}

export async function loadChargeList(store: AppStore, uid: number, force = false): Promise<void> {
  if (!force && chargeListUnderWay(store, uid)) return;
  store.set(chargeListLoadingAtom, uid);
  const answer = await tolerant(api).call('getRechargeListV3', chargeListParams(store, uid));
  setAnswer(store, chargeListAnsweredAtom, { uid, answer });
}

/** Signed in: the server's history merged into the local one, and the local one sent up (SPEC §6). */
export async function syncHistory(store: AppStore): Promise<void> {
  const session = store.get(sessionAtom);
  if (session === undefined) return;
  const h5 = deviceId();
  const remote = await api.call('rechargeFillRecord', {
    session_key: session.sessionKey,
    h5_deviceid: h5,
    offset: 0,
    limit: 100,
  });
  const local = store.get(historyStored) ?? [];
  if (remote.ok)
    setAnswer(store, replaceHistoryAtom, mergeHistory(local, remote.data.list, session.user.uid));
  const records = local
    .filter((r) => r.to_uid > 0)
    .slice(0, 41)
    .map((r) => ({
      to_uid: r.to_uid,
      uid: session.user.uid,
      fill_times: r.fill_times,
      last_fill_time: r.last_fill_time,
    }));
  if (records.length > 0) {
    await api.call('uploadRechargeFillRecord', { session_key: session.sessionKey, h5_deviceid: h5, records });
  }
}
