import { isDisplayId, type PayTargetRecord } from '@topup/contracts/entities';
import { atom } from 'jotai/vanilla';
import { api } from '../../api/instance';
import { deviceId } from '../../platform/ids';
import { type AppStore, setAnswer } from '../../platform/store';
import { historyStored } from '../../session/history';
import { sessionAtom } from '../../session/session';
import { trimHistory } from './history';

/**
 * The signed-in visitor's recharge history synced with the server's (SPEC §6). Only a signed-in visit syncs,
 * and a signed-in visit always has a target (the own account at least), so the packages panel's chunk,
 * which every such visit loads, carries this (ChargePanel runs it), not the first load.
 */

/**
 * Merges the server's history into the local one: per target, the most recent record wins. A server record
 * whose display id is no display id (digits, SPEC §5: letters, bidirectional controls, thousands of
 * characters) is left out, that record alone: the search dialog would draw it and search it.
 */
export function mergeHistory(
  local: readonly PayTargetRecord[],
  remote: readonly PayTargetRecord[],
  ownUid: number | undefined,
): PayTargetRecord[] {
  const byUid = new Map<number, PayTargetRecord>();
  for (const record of [...local, ...remote.filter((r) => isDisplayId(r.to_display_uid))]) {
    const known = byUid.get(record.to_uid);
    if (known === undefined || record.last_fill_time > known.last_fill_time) byUid.set(record.to_uid, record);
  }
  return trimHistory([...byUid.values()], ownUid);
}

const replaceHistoryAtom = atom(null, (get, set, history: PayTargetRecord[]) => {
  set(historyStored, trimHistory(history, get(sessionAtom)?.user.uid));
});

/**
 * Signed in: the server's history merged into the local one, and the local one sent up (SPEC §6). Not sent up
 * into an account a link signed in: it may be a stranger's, who would then read this browser's
 * targets and device id from their own history; the visitor's own sign-in (password, social, the app's
 * account) sends it.
 */
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
  // Signed out (or into another account) meanwhile: that account's history is not written back.
  if (store.get(sessionAtom)?.sessionKey !== session.sessionKey) return;
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
  if (records.length > 0 && session.loginType !== 'link') {
    await api.call('uploadRechargeFillRecord', { session_key: session.sessionKey, h5_deviceid: h5, records });
  }
}
