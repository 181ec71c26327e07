// Integration test: a room server on loopback, port 0, that sends only what the sn machine cannot apply.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { runCli } from '../src/cli';
import { captureIo } from './support/capture';

/** Wraps a room message as the server sends it: the envelope with the message as a JSON string. */
const envelope = (message: unknown) =>
  JSON.stringify({ result: 0, message: '', data: JSON.stringify(message) });

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server === undefined ? resolve() : server.close(() => resolve())));
  server = undefined;
});

/** A room socket that sends `messages` on each connection, then stays open. */
async function roomServer(messages: readonly (string | Buffer)[]): Promise<string> {
  server = createServer((_request, response) => response.writeHead(404).end());
  const sockets = new WebSocketServer({ server, path: '/ws/room' });
  sockets.on('connection', (socket) => {
    for (const message of messages) socket.send(message);
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return `ws://127.0.0.1:${(server.address() as AddressInfo).port}/ws/room`;
}

describe('room watch that applied nothing', () => {
  it.each([
    [
      'garbage',
      [
        'not json at all',
        Buffer.from([0, 1, 2, 3]),
        JSON.stringify({ result: 1, message: 'boom', data: '{}' }),
      ],
      '3 dropped (not a valid room message)',
    ],
    [
      'frames of another room',
      [1, 2, 3].map((sn) =>
        envelope({ type: 2, rid: '9999', status: [{ sn, command: [{ op: 'mset', values: { a: sn } }] }] }),
      ),
      '3 for room 9999, not this one',
    ],
    [
      'frames with no command',
      [0, 1, 2].map((sn) =>
        envelope({
          type: 2,
          rid: '5001',
          status: [
            { sn, command: [] },
            { sn: sn + 1, command: [] },
          ],
        }),
      ),
      '3 frames with no command (they change nothing)',
    ],
    [
      'an sn going backwards',
      [9, 8, 7].map((sn) => envelope({ type: 3, rid: '5001', sn })),
      '3 sync-sn only (no change to the table)',
    ],
  ])('exits 1 saying why, on %s', async (_label, messages, why) => {
    const url = await roomServer(messages);
    const io = captureIo();
    expect(await runCli(['room', 'watch', '--url', url, '--rid', '5001', '--count', '3'], io)).toBe(1);
    expect(io.stdout()).toContain('stopped: 3 messages received (--count)');
    expect(io.stderr()).toContain(`topup: nothing was applied to room 5001's table: ${why}\n`);
  });
});

describe('room watch that got malformed messages beside good ones', () => {
  it('exits 1 saying how many were dropped and why, after applying the good ones', async () => {
    const frame = (sn: number) => ({ sn, command: [{ op: 'mset', values: { a: sn } }] });
    const url = await roomServer([
      'not json at all',
      envelope({ type: 2, rid: '5001', status: [frame(0), frame(1)] }),
      JSON.stringify({
        result: 0,
        message: '',
        data: JSON.stringify({ type: 2, rid: '5001', status: 'oops' }),
      }),
    ]);
    const io = captureIo();
    expect(await runCli(['room', 'watch', '--url', url, '--rid', '5001', '--count', '3'], io)).toBe(1);
    expect(io.stdout()).toContain('changed a');
    expect(io.stderr()).not.toContain('nothing was applied');
    expect(io.stderr()).toContain(
      'topup: room 5001: 2 messages from the server were not a valid room message and dropped (1 not-json, 1 bad-message)\n',
    );
  });
});

describe('room watch whose frames break the kinds of value SPEC §3 keys hold', () => {
  it('exits 1 naming each key, its value and the directive that set it', async () => {
    const url = await roomServer([
      envelope({
        type: 2,
        rid: '5001',
        status: [{ sn: 0, command: [{ op: 'mset', values: { fans_count: -7, pk_status: 'broken', a: 1 } }] }],
      }),
      envelope({
        type: 2,
        rid: '5001',
        status: [{ sn: 1, command: [{ op: 'lpush', key: 'fans_count', values: [1] }] }],
      }),
    ]);
    const io = captureIo();
    expect(await runCli(['room', 'watch', '--url', url, '--rid', '5001', '--count', '2'], io)).toBe(1);
    expect(io.stdout()).toContain(
      'WRONG KIND fans_count = -7 (mset in frame sn 0): not a count (a whole number, 0 or more)',
    );
    const said = io.stderr();
    expect(said).toContain(
      "topup: room 5001: frames set SPEC §3 status keys to values of the wrong kind (contracts' RoomStatusTableTypesSchema):",
    );
    expect(said).toContain('pk_status = "broken" (mset in frame sn 0): not a hash of its own fields');
    expect(said).toContain('fans_count = [1] (lpush in frame sn 1): not a count');
    // A key SPEC §3 does not name is the server's own: any value.
    expect(said).not.toContain('a = 1');
  });
});

describe('room watch whose full refresh breaks the kinds of value SPEC §3 keys hold', () => {
  it('exits 1 naming each key the refreshed table holds wrong', async () => {
    const frame = (sn: number, values: Record<string, unknown>) =>
      envelope({ type: 2, rid: '5001', status: [{ sn, command: [{ op: 'mset', values }] }] });
    const bad = { fans_count: -3, pk_status: { state: 'x' }, punishment_list: 5, a: 1 };
    let sockets: WebSocketServer | undefined;
    // The refresh call answers the wrong table; the next frame comes once it was answered, then a normal close.
    server = createServer((_request, response) => {
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify({ result: 0, message: '', data: { sn: 10, room_status: JSON.stringify(bad) } }),
      );
      for (const socket of sockets?.clients ?? []) {
        socket.send(frame(11, { widgets: [] }));
        socket.close(1000);
      }
    });
    sockets = new WebSocketServer({ server, path: '/ws/room' });
    sockets.on('connection', (socket) => {
      socket.send(frame(1, { fans_count: 1 }));
      // Frames 4+5 at local sn 1: a gap, answered by a full refresh.
      const gap = [4, 5].map((sn) => ({ sn, command: [{ op: 'mset', values: { fans_count: sn } }] }));
      socket.send(envelope({ type: 2, rid: '5001', status: gap }));
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    const io = captureIo();
    const args = ['--url', `ws://127.0.0.1:${port}/ws/room`, '--api', `http://127.0.0.1:${port}`];
    expect(await runCli(['room', 'watch', ...args, '--rid', '5001'], io)).toBe(1);
    const out = io.stdout();
    expect(out).toContain('REFRESH');
    expect(out).toContain(
      'WRONG KIND fans_count = -3 (full refresh to sn 10): not a count (a whole number, 0 or more)',
    );
    expect(out).toContain(
      'WRONG KIND pk_status.state = "x" (full refresh to sn 10): not what pk_status holds',
    );
    expect(out).toContain('WRONG KIND punishment_list = 5 (full refresh to sn 10): not a list');
    const said = io.stderr();
    expect(said).toContain('topup: room 5001: frames or a full refresh set SPEC §3 status keys');
    expect(said).not.toContain('a = 1');
  });
});
