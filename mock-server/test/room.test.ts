/**
 * The room websocket end to end through Fastify's injectWS (no port): a real 20 ms ticker and real frames, so
 * its waits are for events (a frame, a close), each bounded by WAIT_MS; none sleeps or times anything. The
 * ticker's and the faults' timing is roomHub.test.ts's, under fake timers.
 */
import {
  applyFullRefresh,
  type Directive,
  FullRefreshAnswerSchema,
  initialRoomSyncState,
  isRoomStatusMessage,
  isSyncSnMessage,
  makeHeartbeat,
  makeJoin,
  parseIncoming,
  ROOM_STATUS_KEYS,
  type RoomMessage,
  type RoomSyncState,
  reduceRoomMessage,
  ServerCode,
} from '@topup/contracts';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import { buildApp } from '../src/app';
import type { RoomSnapshot } from '../src/room/hub';
import { ROOM_ACK_ID, ROOM_ACK_TYPE } from '../src/room/socket';
import { CONTROL } from './support/inject';

const TICK_MS = 20;
const WAIT_MS = 10_000;
const QUIET = '5002';
const LIVE = '5001';

type Inbound = { kind: 'text'; text: string } | { kind: 'close'; code: number };

/** Rejects after `ms`: every wait of these tests is bounded. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Polls a condition that no event announces (a server-side close, the end of a silence), bounded. */
async function eventually(check: () => Promise<boolean>, what: string, ms = WAIT_MS): Promise<void> {
  await vi.waitFor(
    async () => {
      if (!(await check())) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    },
    { timeout: ms, interval: 5 },
  );
}

async function snapshot(app: FastifyInstance, rid: string): Promise<RoomSnapshot> {
  const res = await app.inject({ method: 'GET', headers: CONTROL, url: `/__mock/rooms/${rid}` });
  expect(res.json().result).toBe(0);
  return res.json().data as RoomSnapshot;
}

async function control(app: FastifyInstance, rid: string, action: string, payload?: object) {
  const res = await app.inject({
    method: 'POST',
    headers: CONTROL,
    url: `/__mock/rooms/${rid}/${action}`,
    payload: payload ?? {},
  });
  return res.json() as { result: number; message: string; data: Record<string, unknown> };
}

async function push(app: FastifyInstance, rid: string, directives: Directive[]): Promise<number> {
  const answer = await control(app, rid, 'push', { directives });
  expect(answer.result).toBe(0);
  return answer.data.sn as number;
}

const fans = (n: number): Directive[] => [{ op: 'mset', values: { fans_count: n } }];

/**
 * A room client as the web app runs it: the contracts' sn machine over the socket, and on `needsRefresh` the
 * full status through the refresh call (app.inject). Messages are handled one at a time, in order.
 */
class RoomClient {
  state: RoomSyncState;
  refreshes = 0;
  ws: WebSocket | undefined;
  readonly #inbox: Inbound[] = [];
  #wake: (() => void) | undefined;

  constructor(
    readonly app: FastifyInstance,
    readonly rid: string,
  ) {
    this.state = initialRoomSyncState(rid);
  }

  /** Opens a socket, joining by the query (default), by the join message, or not at all. */
  async connect(how: 'query' | 'join' | 'none' = 'query', origin?: string): Promise<this> {
    const path = how === 'query' ? `/ws/room?rid=${this.rid}` : '/ws/room';
    this.ws = await this.app.injectWS(path, origin === undefined ? {} : { headers: { origin } }, {
      onInit: (ws) => {
        ws.on('message', (data) => this.#deliver({ kind: 'text', text: data.toString() }));
        ws.on('close', (code) => this.#deliver({ kind: 'close', code }));
      },
    });
    if (how === 'join') {
      this.send(makeJoin(1, this.rid));
      const ack = await this.nextData();
      expect(ack).toEqual({ type: ROOM_ACK_TYPE, ack: ROOM_ACK_ID, seq: 1, rid: this.rid });
    }
    return this;
  }

  send(message: unknown): void {
    this.ws?.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  #deliver(item: Inbound): void {
    this.#inbox.push(item);
    this.#wake?.();
  }

  async next(ms = WAIT_MS): Promise<Inbound> {
    if (this.#inbox.length === 0) {
      await within(
        new Promise<void>((resolve) => {
          this.#wake = resolve;
        }),
        ms,
        `a message in room ${this.rid}`,
      );
      this.#wake = undefined;
    }
    const item = this.#inbox.shift();
    if (item === undefined) throw new Error('inbox empty after wake-up');
    return item;
  }

  /** The next text frame's inner data, parsed loosely (acks included). */
  async nextData(): Promise<unknown> {
    const item = await this.next();
    if (item.kind !== 'text') throw new Error(`socket closed (${item.code}) while waiting for data`);
    return JSON.parse(JSON.parse(item.text).data);
  }

  async nextClose(): Promise<number> {
    for (;;) {
      const item = await this.next();
      if (item.kind === 'close') return item.code;
    }
  }

  /** Handles one inbound item like the web client; returns the room message, if it was one. */
  async step(): Promise<RoomMessage | 'close'> {
    const item = await this.next();
    if (item.kind === 'close') return 'close';
    const parsed = parseIncoming(item.text);
    if (!parsed.ok) throw new Error(`dropped ${parsed.reason}: ${item.text}`);
    const reduced = reduceRoomMessage(this.state, parsed.message);
    this.state = reduced.state;
    if (reduced.needsRefresh) await this.refresh();
    return parsed.message;
  }

  async refresh(): Promise<void> {
    this.refreshes += 1;
    const res = await this.app.inject({ method: 'GET', url: `/api/live_room/room_status/?rid=${this.rid}` });
    const body = res.json();
    expect(body.result).toBe(0);
    this.state = applyFullRefresh(this.state, FullRefreshAnswerSchema.parse(body.data)).state;
  }

  /** Steps until the client is at `sn` or later. */
  async reach(sn: number): Promise<void> {
    while (this.state.sn < sn) {
      if ((await this.step()) === 'close') throw new Error(`closed before reaching sn ${sn}`);
    }
  }

  /** Steps until the client holds the server's sn, then compares the tables (quiet rooms). */
  async expectInStep(): Promise<void> {
    const server = await snapshot(this.app, this.rid);
    await this.reach(server.sn);
    expect(this.state.sn).toBe(server.sn);
    expect(this.state.table).toEqual(server.table);
  }

  close(): void {
    this.ws?.terminate();
  }
}

describe('the room websocket', () => {
  let app: FastifyInstance;
  beforeEach(async () => {
    app = await buildApp({ liveRoomTickMs: TICK_MS, allowedOrigins: ['https://topup.example'] });
    // injectWS, unlike inject, does not wait for the plugins to load.
    await app.ready();
  });
  afterEach(async () => {
    await app.close();
  });

  it('joins by the query and receives the frames of a pushed change', async () => {
    const client = await new RoomClient(app, QUIET).connect();
    const sn = await push(app, QUIET, fans(38));
    const message = await client.step();
    expect(message !== 'close' && isRoomStatusMessage(message)).toBe(true);
    if (message !== 'close' && isRoomStatusMessage(message)) {
      expect(message.rid).toBe(QUIET);
      expect(message.status.map((f) => f.sn)).toEqual([sn - 1, sn]);
      expect(message.status[1]?.command).toEqual(fans(38));
    }
    await client.expectInStep();
    expect(Object.keys(client.state.table)).toEqual(expect.arrayContaining([...ROOM_STATUS_KEYS]));
    expect(client.refreshes).toBe(0);
  });

  it('joins by the join message, and moves rooms on a second join', async () => {
    const client = await new RoomClient(app, QUIET).connect('join');
    await push(app, QUIET, fans(1));
    await client.expectInStep();
    expect((await snapshot(app, QUIET)).clients).toBe(1);
    client.send(makeJoin(2, '777'));
    expect(await client.nextData()).toEqual({ type: ROOM_ACK_TYPE, ack: ROOM_ACK_ID, seq: 2, rid: '777' });
    expect((await snapshot(app, QUIET)).clients).toBe(0);
    expect((await snapshot(app, '777')).clients).toBe(1);
  });

  it('joins by the msg_id-3 frame of SPEC §7, and ignores a msg_id-1 join', async () => {
    const client = new RoomClient(app, LIVE);
    await client.connect('none');
    // msg_id 1 is no client frame: no ack, no room. The heartbeat after it is answered without a room.
    client.send({ msg_id: 1, seq: 1, body: { rid: LIVE } });
    client.send(makeHeartbeat(2));
    expect(await client.nextData()).toEqual({ type: ROOM_ACK_TYPE, ack: ROOM_ACK_ID, seq: 2 });
    expect((await snapshot(app, LIVE)).clients).toBe(0);
    // The frame the spec audit sent, written out: acknowledged with the room, then the live room's frames.
    client.send('{"msg_id":3,"seq":3,"body":{"rid":"5001"}}');
    expect(await client.nextData()).toEqual({ type: ROOM_ACK_TYPE, ack: 3, seq: 3, rid: LIVE });
    expect((await snapshot(app, LIVE)).clients).toBe(1);
    const message = await client.step();
    expect(message !== 'close' && isRoomStatusMessage(message) && message.rid).toBe(LIVE);
    client.close();
  });

  it('answers a heartbeat with an ack envelope', async () => {
    const client = await new RoomClient(app, QUIET).connect();
    client.send(makeHeartbeat(7));
    expect(await client.nextData()).toEqual({ type: ROOM_ACK_TYPE, ack: 3, seq: 7, rid: QUIET });
    // The ack passes the client's parser as an ordinary message that the sn machine ignores.
    client.send(makeHeartbeat(8));
    const message = await client.step();
    expect(message).toMatchObject({ type: ROOM_ACK_TYPE });
    expect(client.state.sn).toBe(-1);
  });

  it('ignores malformed client frames and keeps the socket open', async () => {
    const client = await new RoomClient(app, QUIET).connect();
    for (const junk of [
      'not json',
      '[]',
      'null',
      '{"msg_id":"3"}',
      JSON.stringify({ msg_id: 3, seq: -1, body: {} }),
      JSON.stringify({ msg_id: 3, seq: 1, body: { text: 'chat' } }),
      JSON.stringify({ msg_id: 3, seq: 1, body: { rid: 'abc' } }),
      JSON.stringify({ msg_id: 3, seq: 1, body: { rid: '__proto__' } }),
      JSON.stringify({ msg_id: 3, seq: 1, body: { rid: '' } }),
      JSON.stringify({ msg_id: 3, seq: 1, body: null }),
      JSON.stringify({ msg_id: 1, seq: 1, body: { rid: '777' } }),
      JSON.stringify({ msg_id: 1, seq: 1, body: {} }),
      JSON.stringify({ msg_id: 2, seq: 1, body: {} }),
      JSON.stringify({ msg_id: 3, seq: 1, body: {}, pad: 'x'.repeat(8000) }),
    ]) {
      client.send(junk);
    }
    client.ws?.send(Buffer.from([1, 2, 3]), { binary: true });
    client.send(makeHeartbeat(9));
    expect(await client.nextData()).toEqual({ type: ROOM_ACK_TYPE, ack: 3, seq: 9, rid: QUIET });
    expect((await snapshot(app, QUIET)).clients).toBe(1);
    // Neither junk join moved the socket.
    expect((await snapshot(app, '777')).clients).toBe(0);
  });

  it('answers a plain GET of the socket path with an envelope', async () => {
    const res = await app.inject({ method: 'GET', url: `/ws/room?rid=${QUIET}` });
    expect(res.statusCode).toBe(426);
    expect(res.json().result).toBe(ServerCode.invalidParam);
  });

  it('refuses a malformed rid in the query', async () => {
    await expect(app.injectWS('/ws/room?rid=abc')).rejects.toThrow(/400/);
  });

  describe('the Origin check', () => {
    it.each([
      ['no Origin', undefined, undefined],
      ['the app’s own origin (the Host it was sent to)', 'http://localhost:8080', 'localhost:8080'],
      ['its own origin on 127.0.0.1', 'http://127.0.0.1:8080', '127.0.0.1:8080'],
      ['a configured origin', 'https://topup.example', undefined],
    ])('accepts %s', async (_, origin, host) => {
      const headers = {
        ...(origin === undefined ? {} : { origin }),
        ...(host === undefined ? {} : { host }),
      };
      const ws = await app.injectWS(`/ws/room?rid=${QUIET}`, { headers });
      const answered = new Promise<string>((resolve) => ws.once('message', (data) => resolve(String(data))));
      ws.send(JSON.stringify(makeHeartbeat(1)));
      expect(await answered).toContain('\\"ack\\":3');
      ws.terminate();
    });

    it.each([
      ['another site', 'https://evil.example', 'localhost:8080'],
      ['a look-alike host', 'http://localhost.evil.example', 'localhost:8080'],
      ['the opaque origin', 'null', 'localhost:8080'],
      ['a configured host on another scheme', 'http://topup.example', 'localhost:8080'],
      // Another port of the same machine is another site.
      ['another loopback port', 'http://127.0.0.1:5173', '127.0.0.1:8080'],
      ['another port of localhost', 'http://localhost:3000', 'localhost:8080'],
      ['[::1] on another port', 'http://[::1]:3000', 'localhost:8080'],
      ['its own origin sent to a Host this server is not', 'http://evil.example', 'evil.example'],
    ])('refuses %s with 403', async (_, origin, host) => {
      await expect(app.injectWS(`/ws/room?rid=${QUIET}`, { headers: { origin, host } })).rejects.toThrow(
        /403/,
      );
      expect((await snapshot(app, QUIET)).clients).toBe(0);
    });
  });

  it('sends a sync-sn message when the sn moves without a table change', async () => {
    const client = await new RoomClient(app, QUIET).connect();
    await push(app, QUIET, fans(1));
    await client.expectInStep();
    const sn = await push(app, QUIET, []);
    const message = await client.step();
    expect(message !== 'close' && isSyncSnMessage(message)).toBe(true);
    expect(client.state.sn).toBe(sn);
    await client.expectInStep();
  });

  describe('each room fault leads a client running the sn machine to the server table', () => {
    async function inStepClient(): Promise<RoomClient> {
      const client = await new RoomClient(app, QUIET).connect();
      await push(app, QUIET, fans(100));
      await client.expectInStep();
      return client;
    }

    async function fault(sn: number, kind: string, ms?: number): Promise<void> {
      const answer = await control(app, QUIET, 'faults', { sn, fault: kind, ...(ms ? { ms } : {}) });
      expect(answer.result, answer.message).toBe(0);
    }

    it('drop', async () => {
      const client = await inStepClient();
      const at = client.state.sn;
      await fault(at + 1, 'drop');
      await fault(at + 3, 'drop');
      await fault(at + 4, 'drop');
      await push(app, QUIET, fans(101)); // dropped: the next pair carries it
      await push(app, QUIET, fans(102));
      await client.expectInStep();
      expect(client.refreshes).toBe(0);
      await push(app, QUIET, fans(103)); // two in a row dropped: a gap, so a refresh
      await push(app, QUIET, fans(104));
      await push(app, QUIET, fans(105));
      await client.expectInStep();
      expect(client.refreshes).toBe(1);
    });

    it('duplicate', async () => {
      const client = await inStepClient();
      await fault(client.state.sn + 1, 'duplicate');
      const sn = await push(app, QUIET, fans(101));
      const first = await client.step();
      const second = await client.step();
      expect(second).toEqual(first);
      expect(client.state.sn).toBe(sn);
      await client.expectInStep();
      expect(client.refreshes).toBe(0);
    });

    it('reorder', async () => {
      const client = await inStepClient();
      const at = client.state.sn;
      await fault(at + 1, 'reorder');
      await push(app, QUIET, fans(101));
      expect((await snapshot(app, QUIET)).held).toEqual([at + 1]);
      await push(app, QUIET, fans(102));
      const newer = await client.step();
      const older = await client.step();
      const last = (m: RoomMessage | 'close') =>
        m !== 'close' && isRoomStatusMessage(m) ? m.status.at(-1)?.sn : 0;
      expect([last(newer), last(older)]).toEqual([at + 2, at + 1]);
      await client.expectInStep();
      expect(client.state.table.fans_count).toBe(102);
      expect(client.refreshes).toBe(0);
    });

    it('delay', async () => {
      const client = await inStepClient();
      const at = client.state.sn;
      await fault(at + 1, 'delay', 60);
      await push(app, QUIET, fans(101));
      await push(app, QUIET, fans(102));
      await client.expectInStep();
      // The late frame arrives after the newer one and is ignored as stale.
      const late = await client.step();
      expect(late !== 'close' && isRoomStatusMessage(late) && late.status.at(-1)?.sn).toBe(at + 1);
      await client.expectInStep();
      expect(client.state.table.fans_count).toBe(102);
    });

    it('close', async () => {
      const client = await inStepClient();
      const answer = await control(app, QUIET, 'close');
      expect(answer.data).toEqual({ closed: 1 });
      expect(await client.nextClose()).toBe(1012);
      await push(app, QUIET, fans(101)); // missed while away
      await client.connect(); // reconnects, keeping its sn and table as the web client does
      await push(app, QUIET, fans(102)); // the pair [101, 102] still joins up: no refresh
      await client.expectInStep();
      expect(client.refreshes).toBe(0);
      await control(app, QUIET, 'close');
      expect(await client.nextClose()).toBe(1012);
      await push(app, QUIET, fans(103));
      await push(app, QUIET, fans(104)); // two missed: a gap
      await client.connect();
      await push(app, QUIET, fans(105));
      await client.expectInStep();
      expect(client.refreshes).toBe(1);
    });

    it('silence', async () => {
      const client = await inStepClient();
      expect((await control(app, QUIET, 'silence', { ms: 300 })).result).toBe(0);
      client.send(makeHeartbeat(5)); // no answer while silent
      await push(app, QUIET, fans(101)); // lost
      await push(app, QUIET, fans(102)); // lost
      await eventually(async () => (await snapshot(app, QUIET)).silentForMs === 0, 'the end of the silence');
      const sn = await push(app, QUIET, fans(103));
      // The first thing heard after the silence is the new pair, not the swallowed heartbeat answer.
      const first = await client.step();
      expect(first !== 'close' && isRoomStatusMessage(first) && first.status.at(-1)?.sn).toBe(sn);
      await client.expectInStep();
      expect(client.refreshes).toBe(1);
    });

    it('forced refresh', async () => {
      const client = await inStepClient();
      const other = await new RoomClient(app, QUIET).connect('join');
      const answer = await control(app, QUIET, 'refresh', { directives: fans(999) });
      expect(answer.result).toBe(0);
      await client.expectInStep();
      await other.expectInStep();
      expect(client.state.table.fans_count).toBe(999);
      expect([client.refreshes, other.refreshes]).toEqual([1, 1]);
    });
  });

  it('takes an empty JSON body where the fields are optional (close, refresh)', async () => {
    const client = await new RoomClient(app, QUIET).connect('join');
    const closed = await control(app, QUIET, 'close', {});
    expect(closed).toMatchObject({ result: 0, data: { closed: 1 } });
    expect(await client.nextClose()).toBe(1012);
    expect((await control(app, QUIET, 'refresh', {})).result).toBe(0);
  });

  it('lists and clears pending faults, and refuses bad ones', async () => {
    const at = (await snapshot(app, QUIET)).sn;
    expect((await control(app, QUIET, 'faults', { sn: at + 2, fault: 'delay', ms: 10 })).result).toBe(0);
    expect((await control(app, QUIET, 'faults', { sn: at + 3, fault: 'drop' })).result).toBe(0);
    expect((await snapshot(app, QUIET)).faults).toEqual([
      { sn: at + 2, kind: 'delay', ms: 10 },
      { sn: at + 3, kind: 'drop' },
    ]);
    const bad = [
      { sn: at, fault: 'drop' }, // already out
      { sn: at + 5, fault: 'explode' },
      { sn: at + 5, fault: 'delay' }, // needs ms
      { sn: -1, fault: 'drop' },
    ];
    for (const body of bad) {
      expect((await control(app, QUIET, 'faults', body)).result).toBe(ServerCode.invalidParam);
    }
    const cleared = await app.inject({
      method: 'DELETE',
      headers: CONTROL,
      url: `/__mock/rooms/${QUIET}/faults`,
    });
    expect(cleared.json().data.faults).toEqual([]);
    expect((await control(app, 'abc', 'push', { directives: [] })).result).toBe(ServerCode.invalidParam);
    expect((await control(app, QUIET, 'push', { directives: [{ op: 'nope' }] })).result).toBe(
      ServerCode.invalidParam,
    );
  });

  it('serves the full refresh call, reading an unknown room as empty at sn -1', async () => {
    const known = await app.inject({ method: 'GET', url: `/api/live_room/room_status/?rid=${QUIET}` });
    const data = FullRefreshAnswerSchema.parse(known.json().data);
    expect(data.sn).toBe((await snapshot(app, QUIET)).sn);
    expect(JSON.parse(data.room_status)).toEqual((await snapshot(app, QUIET)).table);
    const unknown = await app.inject({ method: 'GET', url: '/api/live_room/room_status/?rid=424242' });
    expect(unknown.json()).toMatchObject({ result: 0, data: { sn: -1, room_status: '{}' } });
    const bad = await app.inject({ method: 'GET', url: '/api/live_room/room_status/?rid=x' });
    expect(bad.json().result).toBe(ServerCode.invalidParam);
  });

  it('room 5001 changes only while a client is connected, and its client stays in step', async () => {
    const idle = await snapshot(app, LIVE);
    expect(idle.ticking).toBe(false);
    const client = await new RoomClient(app, LIVE).connect();
    await client.reach(idle.sn + 8);
    expect((await snapshot(app, LIVE)).ticking).toBe(true);
    // A fault on a coming tick frame, then the room's sockets closed: the ticker stops with the last client.
    const faultSn = (await snapshot(app, LIVE)).sn + 3;
    expect((await control(app, LIVE, 'faults', { sn: faultSn, fault: 'drop' })).result).toBe(0);
    await client.reach(faultSn + 3);
    expect((await control(app, LIVE, 'close')).data).toEqual({ closed: 1 });
    while ((await client.step()) !== 'close') {
      // Everything sent before the close frame is handled in order.
    }
    const stopped = await snapshot(app, LIVE);
    expect(stopped.ticking).toBe(false);
    expect(client.state.sn).toBe(stopped.sn);
    expect(client.state.table).toEqual(stopped.table);
    // No client, no change: that no tick comes after this is roomHub.test.ts's, under fake timers.
  });

  it('stops ticking when the last client of 5001 goes away', async () => {
    const client = await new RoomClient(app, LIVE).connect();
    await client.step();
    client.close();
    await eventually(async () => (await snapshot(app, LIVE)).clients === 0, 'the server to see the close');
    expect((await snapshot(app, LIVE)).ticking).toBe(false);
  });

  it('reset re-seeds the rooms and connected clients follow', async () => {
    const client = await new RoomClient(app, QUIET).connect();
    const seed = (await snapshot(app, QUIET)).table;
    await push(app, QUIET, fans(5));
    await control(app, QUIET, 'faults', { sn: 50, fault: 'drop' });
    await client.expectInStep();
    const reset = await app.inject({ method: 'POST', headers: CONTROL, url: '/__mock/reset', payload: {} });
    expect(reset.json().result).toBe(0);
    const after = await snapshot(app, QUIET);
    expect(after.table).toEqual(seed);
    expect(after.faults).toEqual([]);
    await client.expectInStep();
    expect(client.state.table).toEqual(seed);
  });
});
