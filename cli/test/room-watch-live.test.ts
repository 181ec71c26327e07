// Integration test: a room server on loopback, port 0, whose socket never delivers a live change (stale
// frames, frames with no command) while the HTTP full refresh keeps the table up to date: the refresh masks
// a socket that is broken, so the watch fails saying so; one live frame makes it pass.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { runCli } from '../src/cli';
import { captureIo } from './support/capture';

const envelope = (message: unknown) =>
  JSON.stringify({ result: 0, message: '', data: JSON.stringify(message) });
const frames = (status: readonly { sn: number; command: unknown[] }[]) =>
  envelope({ type: 2, rid: '5001', status });
const mset = (sn: number) => ({ sn, command: [{ op: 'mset', values: { fans_count: sn } }] });

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server === undefined ? resolve() : server.close(() => resolve())));
  server = undefined;
});

/** Joined mid-stream (a gap: a full refresh to sn 10); once refreshed, the socket sends `after`, then closes. */
async function room(after: readonly string[]): Promise<string[]> {
  let sockets: WebSocketServer | undefined;
  server = createServer((_request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(
      JSON.stringify({ result: 0, message: '', data: { sn: 10, room_status: '{"fans_count":10}' } }),
    );
    for (const socket of sockets?.clients ?? []) {
      for (const message of after) socket.send(message);
      socket.close(1000);
    }
  });
  sockets = new WebSocketServer({ server, path: '/ws/room' });
  sockets.on('connection', (socket) => socket.send(frames([mset(4), mset(5)])));
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return ['--url', `ws://127.0.0.1:${port}/ws/room`, '--api', `http://127.0.0.1:${port}`];
}

describe('room watch whose socket delivers no live change', () => {
  it.each([
    [
      'stale frames',
      [frames([mset(8)]), frames([mset(9)])],
      1,
      '2 stale (frames at or below the local sn, ignored)',
    ],
    [
      'frames with no command',
      [frames([{ sn: 11, command: [] }]), frames([{ sn: 12, command: [] }])],
      1,
      '2 frames with no command (they change nothing)',
    ],
    ['a live frame', [frames([mset(11)])], 0, undefined],
    // The server closes normally right after the first message: a GAP, a REFRESH, no frame after it.
    [
      'nothing',
      [],
      1,
      '1 message whose frames left a gap, answered by 1 full refresh, and no frame after), then the server closed the socket normally (1000',
    ],
  ] as const)('%s after the refresh → exit %i', async (_label, after, code, why) => {
    const args = await room(after);
    const io = captureIo();
    expect(await runCli(['room', 'watch', ...args, '--rid', '5001', '--duration', '4000'], io)).toBe(code);
    expect(io.stdout()).toContain('REFRESH');
    if (why === undefined) expect(io.stderr()).not.toContain('no live frame');
    else
      expect(io.stderr()).toContain(
        `topup: no live frame was applied to room 5001's table over the watch: only full refreshes updated it (the socket sent ${why})`,
      );
  });
});
