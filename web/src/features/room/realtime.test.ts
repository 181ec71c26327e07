// @vitest-environment node
import { type FullRefreshAnswer, MAX_SN_JUMP } from '@topup/contracts/room/index';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from '../../test/fakeSocket';
import { type ConnectionStatus, RoomClient } from './realtime';

const frame = (sn: number, key: string, value: unknown) => ({
  sn,
  command: [{ op: 'mset', values: { [key]: value } }],
});

function setup(fullAnswer: FullRefreshAnswer | undefined = { sn: 0, room_status: '{}' }) {
  const sockets: FakeSocket[] = [];
  const statuses: ConnectionStatus[] = [];
  const fetchFull = vi.fn(async () => fullAnswer);
  const onNetworkFailure = vi.fn();
  const client = new RoomClient({
    url: 'ws://x/ws/room',
    rid: '5002',
    createSocket: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    },
    fetchFull,
    onStatus: (s) => statuses.push(s),
    onNetworkFailure,
  });
  return {
    client,
    sockets,
    statuses,
    fetchFull,
    onNetworkFailure,
    last: () => sockets[sockets.length - 1] as FakeSocket,
  };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('room realtime client', () => {
  it('joins on open, then refreshes the full status', async () => {
    const { client, last, fetchFull } = setup({ sn: 4, room_status: JSON.stringify({ fans_count: 3 }) });
    client.start();
    last().open();
    // SPEC §7: the join is an ordinary msg_id-3 message whose body names the room.
    expect(last().sent[0]).toEqual({ msg_id: 3, seq: 1, body: { rid: '5002' } });
    await vi.runAllTicks();
    await Promise.resolve();
    expect(fetchFull).toHaveBeenCalledWith('5002');
    expect(client.state).toEqual({ rid: '5002', sn: 4, table: { fans_count: 3 } });
  });

  it('sends a heartbeat after 15 s without sending @spec:room.heartbeat', () => {
    const { client, last } = setup();
    client.start();
    last().open();
    vi.advanceTimersByTime(14_999);
    expect(last().sent).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(last().sent[1]).toEqual({ msg_id: 3, seq: 2, body: {} });
    vi.advanceTimersByTime(15_000);
    expect(last().sent).toHaveLength(3);
  });

  it('counts the 15 s from the last send: messages arriving meanwhile neither delay nor cancel it @spec:room.heartbeat', () => {
    const { client, last } = setup();
    client.start();
    last().open();
    // A busy room: a message every second (5001 ticks about once a second).
    for (let second = 1; second < 15; second += 1) {
      vi.advanceTimersByTime(1000);
      last().receive({ type: 3, rid: '5002', sn: second });
    }
    vi.advanceTimersByTime(999);
    expect(last().sent).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(last().sent[1]).toEqual({ msg_id: 3, seq: 2, body: {} });
    // Sending is what is idle, not the socket: 15 s later, still messages in, the next heartbeat goes out.
    for (let second = 1; second <= 15; second += 1) {
      vi.advanceTimersByTime(1000);
      if (second < 15) last().receive({ type: 3, rid: '5002', sn: 20 + second });
    }
    expect(last().sent).toHaveLength(3);
    expect(last().closed).toBeUndefined();
  });

  it('sends only msg_id-3 frames: a join on every open, heartbeats; the acks (ack 3) leave the table alone @spec:room.heartbeat', async () => {
    const { client, sockets, last } = setup();
    client.start();
    last().open();
    await Promise.resolve();
    // The mock acknowledges the join and a heartbeat alike with ack 3; the sn machine ignores both.
    last().receive({ type: 0, ack: 3, seq: 1, rid: '5002' });
    vi.advanceTimersByTime(15_000);
    last().receive({ type: 0, ack: 3, seq: 2, rid: '5002' });
    expect(client.state).toEqual({ rid: '5002', sn: 0, table: {} });
    last().drop();
    vi.advanceTimersByTime(1000);
    expect(sockets).toHaveLength(2);
    last().open();
    expect(sockets[0]?.sent).toEqual([
      { msg_id: 3, seq: 1, body: { rid: '5002' } },
      { msg_id: 3, seq: 2, body: {} },
    ]);
    expect(last().sent).toEqual([{ msg_id: 3, seq: 3, body: { rid: '5002' } }]);
  });

  it('applies consecutive frames and asks for a full refresh on a gap', async () => {
    const { client, last, fetchFull } = setup({ sn: -1, room_status: '{}' });
    client.start();
    last().open();
    await Promise.resolve();
    last().receive({ type: 2, rid: '5002', status: [frame(0, 'fans_count', 1)] });
    expect(client.state).toMatchObject({ sn: 0, table: { fans_count: 1 } });
    last().receive({ type: 2, rid: '5002', status: [frame(0, 'fans_count', 1), frame(1, 'fans_count', 2)] });
    expect(client.state.sn).toBe(1);
    fetchFull.mockResolvedValueOnce({ sn: 5, room_status: JSON.stringify({ fans_count: 9 }) });
    last().receive({ type: 2, rid: '5002', status: [frame(3, 'fans_count', 4), frame(4, 'fans_count', 5)] });
    await Promise.resolve();
    await Promise.resolve();
    expect(client.state).toMatchObject({ sn: 5, table: { fans_count: 9 } });
    last().receive({ type: 3, rid: '5002', sn: 8 });
    expect(client.state.sn).toBe(8);
  });

  it.each([
    ['a lone frame', { type: 2, rid: '5002', status: [frame(Number.MAX_SAFE_INTEGER, 'fans_count', 666)] }],
    ['a sync-sn', { type: 3, rid: '5002', sn: Number.MAX_SAFE_INTEGER }],
    [
      'a lone frame just past the bound',
      { type: 2, rid: '5002', status: [frame(2 + MAX_SN_JUMP, 'fans_count', 666)] },
    ],
  ])(
    '%s absurdly far ahead is a gap, not adopted: the true frames after it still apply',
    async (_name, lie) => {
      const { client, last, fetchFull } = setup({ sn: 1, room_status: JSON.stringify({ fans_count: 1 }) });
      client.start();
      last().open();
      await vi.waitFor(() => expect(client.state).toMatchObject({ sn: 1 }));
      fetchFull.mockResolvedValueOnce({ sn: 1, room_status: JSON.stringify({ fans_count: 1 }) });
      last().receive(lie);
      // The lie moved nothing; the full status was asked for (and, no newer, changed nothing).
      expect(client.state).toEqual({ rid: '5002', sn: 1, table: { fans_count: 1 } });
      await vi.waitFor(() => expect(fetchFull).toHaveBeenCalledTimes(2));
      last().receive({
        type: 2,
        rid: '5002',
        status: [frame(1, 'fans_count', 1), frame(2, 'fans_count', 2)],
      });
      last().receive({
        type: 2,
        rid: '5002',
        status: [frame(2, 'fans_count', 2), frame(3, 'fans_count', 3)],
      });
      expect(client.state).toEqual({ rid: '5002', sn: 3, table: { fans_count: 3 } });
    },
  );

  it('a gap seen while a refresh is in flight is refreshed again once it ends @spec:room.refresh', async () => {
    const { client, last, fetchFull } = setup();
    let answer!: (full: FullRefreshAnswer) => void;
    fetchFull.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    fetchFull.mockResolvedValueOnce({ sn: 12, room_status: JSON.stringify({ fans_count: 12 }) });
    client.start();
    last().open();
    expect(fetchFull).toHaveBeenCalledTimes(1);
    // The pair 11–12 arrives while the open's refresh is in flight; that refresh then answers sn 10.
    last().receive({
      type: 2,
      rid: '5002',
      status: [frame(11, 'fans_count', 11), frame(12, 'fans_count', 12)],
    });
    answer({ sn: 10, room_status: JSON.stringify({ fans_count: 10 }) });
    await vi.waitFor(() => expect(client.state).toMatchObject({ sn: 12, table: { fans_count: 12 } }));
    expect(fetchFull).toHaveBeenCalledTimes(2);
  });

  it('drops messages with a non-zero result or another room @spec:rule.realtimeResult', () => {
    const { client, last } = setup();
    client.start();
    last().open();
    last().onmessage?.({ data: JSON.stringify({ result: 1, message: 'x', data: '{}' }) });
    last().receive({ type: 2, rid: '9999', status: [frame(0, 'a', 1)] });
    expect(client.state.sn).toBe(-1);
  });

  it('closes after 121 s without a message, marked as a time-out, and reconnects after 1 s @spec:room.heartbeat', () => {
    const { client, sockets, last, statuses } = setup();
    client.start();
    last().open();
    vi.advanceTimersByTime(120_999);
    expect(last().closed).toBeUndefined();
    vi.advanceTimersByTime(1);
    expect(sockets[0]?.closed).toBe(4000);
    expect(client.timedOut).toBe(true);
    expect(statuses.at(-1)).toEqual({ kind: 'reconnecting', attempt: 1, delayMs: 1000 });
    vi.advanceTimersByTime(1000);
    expect(sockets).toHaveLength(2);
  });

  it('a message restarts the 121 s receive time-out: closed 121 s after the last message, not the open @spec:room.heartbeat', () => {
    const { client, sockets, last } = setup();
    client.start();
    last().open();
    vi.advanceTimersByTime(100_000);
    last().receive({ type: 3, rid: '5002', sn: 1 });
    // 121 s after the open the socket lives on: the message at 100 s restarted the count.
    vi.advanceTimersByTime(120_999);
    expect(sockets[0]?.closed).toBeUndefined();
    expect(client.timedOut).toBe(false);
    vi.advanceTimersByTime(1);
    expect(sockets[0]?.closed).toBe(4000);
    expect(client.timedOut).toBe(true);
  });

  it('gives up after 8 failed reconnects and reports a network failure; an open resets the count @spec:room.reconnect', () => {
    const { client, sockets, last, statuses, onNetworkFailure } = setup();
    client.start();
    last().open();
    last().drop();
    vi.advanceTimersByTime(1000);
    last().open();
    last().drop();
    expect(statuses.at(-1)).toMatchObject({ kind: 'reconnecting', attempt: 1 });
    for (let attempt = 1; attempt <= 8; attempt++) {
      vi.advanceTimersByTime(1000);
      last().drop();
    }
    expect(statuses.at(-1)).toEqual({ kind: 'failed' });
    expect(onNetworkFailure).toHaveBeenCalledTimes(1);
    const count = sockets.length;
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(count);
  });

  it('reconnects exactly 1 s after each error close, for every one of the 8 attempts @spec:room.reconnect', () => {
    const { client, sockets, last, statuses } = setup();
    client.start();
    last().open();
    for (let attempt = 1; attempt <= 8; attempt++) {
      const count = sockets.length;
      last().drop(1006);
      expect(statuses.at(-1)).toEqual({ kind: 'reconnecting', attempt, delayMs: 1000 });
      vi.advanceTimersByTime(999);
      expect(sockets).toHaveLength(count);
      vi.advanceTimersByTime(1);
      expect(sockets).toHaveLength(count + 1);
    }
  });

  it('a socket error then its close is an error close: it reconnects', () => {
    const { client, sockets, last, statuses } = setup();
    client.start();
    last().open();
    last().onerror?.({});
    last().drop(1000);
    expect(statuses.at(-1)).toMatchObject({ kind: 'reconnecting', attempt: 1 });
    vi.advanceTimersByTime(1000);
    expect(sockets).toHaveLength(2);
  });

  it('a normal close (1000, no error) does not reconnect and is no network failure @spec:room.reconnect', () => {
    const { client, sockets, last, statuses, onNetworkFailure } = setup();
    client.start();
    last().open();
    last().drop(1000);
    expect(statuses.at(-1)).toEqual({ kind: 'idle' });
    vi.advanceTimersByTime(200_000);
    expect(sockets).toHaveLength(1);
    expect(onNetworkFailure).not.toHaveBeenCalled();
    // Connecting again works as a first start.
    client.start();
    expect(sockets).toHaveLength(2);
  });

  it('stops cleanly without reconnecting', () => {
    const { client, sockets, last } = setup();
    client.start();
    last().open();
    client.stop();
    expect(sockets[0]?.closed).toBe(1000);
    vi.advanceTimersByTime(200_000);
    expect(sockets).toHaveLength(1);
    expect(client.status).toEqual({ kind: 'idle' });
  });
});
