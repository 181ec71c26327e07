// Integration test: `room watch` never prints a secret its --url or --api carries (a token or a session key
// in the query, a user name and password), in text, in --json, nor in its errors. Loopback server, port 0.
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli';
import { roomWatchCommand } from '../src/commands/room';
import { captureIo } from './support/capture';
import { FakeClock } from './support/clock';
import { envelope, joinAck, type LoopbackRoomServer, loopbackRoomServer } from './support/roomServer';

const TOKEN = 'tok-Qx81zzSECRET';
const SESSION_KEY = 'sk-77aa-SECRET';
const query = `?token=${TOKEN}&session_key=${SESSION_KEY}`;
const shownQuery = '?token=•••&session_key=•••';

const rooms: LoopbackRoomServer[] = [];
afterEach(async () => {
  for (const room of rooms.splice(0)) await room.close();
});

/** A room that acknowledges the join and sends one frame the sn machine applies. */
async function liveRoom() {
  const room = await loopbackRoomServer((socket) => {
    socket.send(joinAck('5001'));
    socket.send(
      envelope({
        type: 2,
        rid: '5001',
        status: [{ sn: 1, command: [{ op: 'mset', values: { fans_count: 1 } }] }],
      }),
    );
  });
  rooms.push(room);
  return room;
}

const leaks = (text: string) => text.includes('SECRET');

describe('room watch masks the addresses it prints', () => {
  it.each([
    ['text', [] as string[]],
    ['--json', ['--json']],
  ])('%s: the header shows the query names with their values as •••', async (_label, flags) => {
    const room = await liveRoom();
    const io = captureIo();
    const code = await runCli(
      ['room', 'watch', '--url', `${room.url}${query}`, '--rid', '5001', '--count', '2', ...flags],
      io,
    );
    expect(code).toBe(0);
    // The server got the real query (the watch sends it), the output only its names.
    expect(room.requests[0]).toContain(`token=${TOKEN}`);
    expect(io.stderr()).toContain(
      `watching room 5001 at ${room.url}${shownQuery} (refreshes from http://127.0.0.1:${room.port})`,
    );
    expect(leaks(io.stdout())).toBe(false);
    expect(leaks(io.stderr())).toBe(false);
    if (flags.includes('--json')) {
      for (const l of io.stdout().trimEnd().split('\n')) expect(() => JSON.parse(l)).not.toThrow();
    }
  });

  it.each([
    [
      'a socket the server refuses',
      (room: LoopbackRoomServer) => `${room.url}${query}`,
      (room: LoopbackRoomServer) =>
        `topup: could not open ${room.url}${shownQuery}: Unexpected server response: 503\n`,
    ],
    [
      'with a user name and password (given to the command, past the CLI-wide refusal)',
      (room: LoopbackRoomServer) => room.url.replace('ws://', `ws://qa:${TOKEN}@`),
      (room: LoopbackRoomServer) =>
        `topup: could not open ${room.url.replace('ws://', 'ws://•••@')}: Unexpected server response: 503\n`,
    ],
  ])('its "could not open" error: %s', async (_label, url, said) => {
    const room = await loopbackRoomServer();
    rooms.push(room);
    room.refuseNext(1);
    const io = captureIo();
    const code = await roomWatchCommand(
      { url: url(room), rid: '5001', reconnect: true },
      io,
      new FakeClock(),
    );
    expect(code).toBe(1);
    expect(io.stderr()).toBe(said(room));
    expect(io.stdout()).toBe('');
  });

  it.each([
    [
      ['--url', `http://127.0.0.1:9/ws/room${query}`],
      `topup: --url takes a ws:// or wss:// URL, not a http: URL (http://127.0.0.1:9/ws/room${shownQuery})\n`,
    ],
    [
      ['--url', `not a url${query}`],
      `topup: --url takes a ws:// or wss:// URL, not not a url${shownQuery}\n`,
    ],
    [
      ['--url', 'ws://127.0.0.1:9/ws/room', '--api', `http://127.0.0.1:9/api${query}`],
      'topup: --api takes a base URL without a query or fragment (no refresh call would carry it, and a secret there would reach logs): give http://127.0.0.1:9/api\n',
    ],
    [
      ['--url', 'ws://127.0.0.1:9/ws/room', '--api', `ftp://127.0.0.1:9/${query}`],
      `topup: --api takes an http(s) base URL such as https://api.example.com, not a ftp: URL (ftp://127.0.0.1:9/${shownQuery})\n`,
    ],
  ])('a wrong address exits 2 and is shown masked: %j', async (args, said) => {
    const io = captureIo();
    expect(await runCli(['room', 'watch', ...args, '--rid', '5001'], io)).toBe(2);
    expect(io.stderr()).toBe(said);
    expect(io.stdout()).toBe('');
  });
});
