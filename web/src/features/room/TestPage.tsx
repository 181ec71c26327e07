import { StorageKeys } from '@topup/contracts/storage';
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { api, currentApiBase } from '../../api/instance';
import { useLocation } from '../../app/routing';
import { tRoom } from '../../i18n/room';
import { AbTest, inNewCheckout, repurchaseGroup, storedScore } from '../../payments/gray';
import { currentBridge } from '../../platform/bridgeDetect';
import { BUILD_DETAILS } from '../../platform/buildDetails';
import { pkgInfoAtom } from '../../platform/config';
import { useHydrated } from '../../platform/hydration';
import { readKey } from '../../platform/storage';
import { isDebugArg, readUrlArgs } from '../../platform/urlArgs';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { type ConnectionStatus, RoomClient, roomSocketUrl, type SocketLike } from './realtime';
import {
  roomChangesAtom,
  roomRefreshCountAtom,
  roomResetAtom,
  roomStateChangedAtom,
  roomStatusAtom,
  roomStatusChangedAtom,
  roomSyncAtom,
} from './state';
import { changedKeys, tableRows } from './tableRows';

function statusText(status: ConnectionStatus): string {
  switch (status.kind) {
    case 'reconnecting':
      return tRoom('test.state.reconnecting', { attempt: status.attempt });
    default:
      return tRoom(`test.state.${status.kind}`);
  }
}

/**
 * What this browser connects through: the API base (the address or storage), the bridge, the device id. The
 * build's page cannot know them; they are drawn once React has that page.
 */
function Diagnostics() {
  const location = useLocation();
  const hydrated = useHydrated();
  const unknownYet = '…';
  const pkg = useAtomValue(pkgInfoAtom);
  const args = readUrlArgs(location.search, location.hash);
  const groups = pkg
    ? [
        ['cko_new', inNewCheckout(storedScore(AbTest.newCheckout), pkg, undefined) ? 'new' : 'old'],
        ['repurchase', repurchaseGroup(storedScore(AbTest.repurchase), pkg)],
      ]
    : [];
  return (
    <section className="card" aria-labelledby="diag-heading">
      <h2 id="diag-heading">{tRoom('test.diagnostics')}</h2>
      <dl className="diag">
        <dt>{tRoom('test.apiBase')}</dt>
        <dd dir="ltr">{hydrated ? currentApiBase() || window.location.origin : unknownYet}</dd>
        <dt>{tRoom('test.bridge')}</dt>
        <dd>
          {hydrated ? (currentBridge() ? tRoom('test.bridgeReady') : tRoom('test.bridgeNone')) : unknownYet}
        </dd>
        <dt>{tRoom('test.debug')}</dt>
        <dd>{isDebugArg(args) ? tRoom('test.yes') : tRoom('test.no')}</dd>
        <dt>{tRoom('test.build')}</dt>
        <dd dir="ltr">
          {BUILD_DETAILS.version} · {BUILD_DETAILS.flavor} · {BUILD_DETAILS.mode}
        </dd>
        <dt>{tRoom('test.ab')}</dt>
        <dd dir="ltr" data-testid="ab-groups">
          {groups.map(([name, group]) => `${name}: ${group}`).join(' · ') || '—'}
        </dd>
        <dt>{tRoom('test.device')}</dt>
        <dd dir="ltr">{hydrated ? (readKey(StorageKeys.deviceId) ?? '—') : unknownYet}</dd>
      </dl>
    </section>
  );
}

function RoomView() {
  const store = useStore();
  const location = useLocation();
  const [roomId, setRoomId] = useState(readUrlArgs(location.search, location.hash).room_id ?? '');
  const client = useRef<RoomClient | undefined>(undefined);
  const status = useAtomValue(roomStatusAtom);
  const sync = useAtomValue(roomSyncAtom);
  const changes = useAtomValue(roomChangesAtom);
  const refreshes = useAtomValue(roomRefreshCountAtom);
  const reset = useSetAtom(roomResetAtom);

  const connect = (rid: string) => {
    client.current?.stop();
    reset();
    const next = new RoomClient({
      url: roomSocketUrl(window.location),
      rid,
      createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
      fetchFull: async (id) => {
        const answer = await api.call('roomStatus', { rid: Number(id) });
        return answer.ok ? answer.data : undefined;
      },
      onStatus: (s) => store.set(roomStatusChangedAtom, s),
      onState: (state, change) => store.set(roomStateChangedAtom, { state, change }),
    });
    client.current = next;
    next.start();
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: connect once for the room_id arg
  useEffect(() => {
    if (/^\d+$/.test(roomId)) connect(roomId);
    return () => client.current?.stop();
  }, []);

  const table = tableRows(sync?.table ?? {});
  return (
    <section className="card" aria-labelledby="room-heading">
      <h2 id="room-heading">{tRoom('test.room')}</h2>
      <form
        className="room-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (/^\d+$/.test(roomId)) connect(roomId);
        }}
      >
        <Field label={tRoom('test.roomId')} value={roomId} onValueChange={setRoomId} numeric maxDigits={12} />
        <div className="row">
          <Button type="submit" disabled={!/^\d+$/.test(roomId)} data-testid="room-connect">
            {tRoom('test.connect')}
          </Button>
          <Button variant="ghost" onClick={() => client.current?.stop()}>
            {tRoom('test.disconnect')}
          </Button>
        </div>
      </form>
      <dl className="diag">
        <dt>{tRoom('test.state')}</dt>
        <dd data-testid="room-status" data-status={status.kind}>
          {statusText(status)}
        </dd>
        <dt>{tRoom('test.sn')}</dt>
        <dd dir="ltr" data-testid="room-sn">
          {sync?.sn ?? -1}
        </dd>
        <dt>{tRoom('test.refreshes')}</dt>
        <dd dir="ltr" data-testid="room-refreshes">
          {refreshes}
        </dd>
      </dl>
      {status.kind === 'failed' ? (
        <p className="notice notice-error" role="alert" data-testid="room-failed">
          {tRoom('test.failedHint')}
        </p>
      ) : null}
      <h3 className="section-title">{tRoom('test.table')}</h3>
      <div className="table-wrap" dir="ltr">
        <table className="status-table" data-testid="room-table">
          <thead>
            <tr>
              <th scope="col">{tRoom('test.key')}</th>
              <th scope="col">{tRoom('test.value')}</th>
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row) => (
              <tr key={row.id}>
                <th scope="row" dir="ltr">
                  {row.key}
                </th>
                <td dir="ltr">
                  <code>{row.value}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {table.hidden > 0 ? (
        <p className="muted" data-testid="room-table-hidden">
          {tRoom('test.moreKeys', { count: table.hidden })}
        </p>
      ) : null}
      <h3 className="section-title">{tRoom('test.changes')}</h3>
      <ol className="change-log" data-testid="room-changes" dir="ltr">
        {changes.map((entry) => (
          <li key={entry.id}>
            sn {entry.change.sn}:{' '}
            {entry.change.kind === 'refresh' ? 'full refresh' : changedKeys(entry.change.keys)}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** /test: diagnostics and a live view of a room's status table. */
export default function TestPage() {
  return (
    <div className="test-page">
      <h1>{tRoom('test.heading')}</h1>
      <Diagnostics />
      <RoomView />
    </div>
  );
}
