// Integration test: a scenario's room step on a loopback room server (port 0) that acknowledges the join and
// then closes the socket, normally (1000) or by dropping it (1006). The step's failure says the socket
// closed, with its code, and that it was not reopened; it does not read as a slow room.

import { afterEach, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { parseScenario } from '../src/scenario/load';
import { runScenario } from '../src/scenario/run';
import { joinAck, type LoopbackRoomServer, loopbackRoomServer } from './support/roomServer';

let room: LoopbackRoomServer | undefined;
afterEach(async () => {
  await room?.close();
  room = undefined;
});

const scenario = (step: string) =>
  [
    'version: 1',
    'name: room-closed',
    'description: the server closes the socket after the join',
    'steps:',
    `  - ${step}`,
  ].join('\n');

const closes: [string, (socket: WebSocket) => void, RegExp][] = [
  ['normally (1000)', (socket) => socket.close(1000), /code 1000, normal closure/],
  ['by dropping it (1006)', (socket) => socket.terminate(), /code 1006, abnormal closure: no close frame/],
];

async function run(yaml: string, close: (socket: WebSocket) => void) {
  room = await loopbackRoomServer((socket) => {
    socket.send(joinAck('5001'));
    close(socket);
  });
  const report = await runScenario(
    { file: 'room-closed.yaml', scenario: parseScenario(yaml, 'room-closed.yaml') },
    { baseUrl: 'http://127.0.0.1:9', mock: false, roomUrl: room.url },
    { fixtures: { kind: 'none' }, timeoutMs: 10_000 },
  );
  return { report, sockets: room.requests.length };
}

describe('a room step whose socket the server closes', () => {
  it.each(closes)('closed %s during the wait: the failure says so, at once', async (_how, close, code) => {
    const started = performance.now();
    const { report, sockets } = await run(
      scenario('room: { rid: 5001, until: { sn: 100 }, timeoutMs: 8000 }'),
      close,
    );
    expect(report.status).toBe('failed');
    const failures = report.steps[0]?.failures ?? [];
    expect(failures[0]).toMatch(
      /^room 5001: condition \{"sn":100\} not reached: the room socket closed \(code \d+.*\) \d+ ms into the step and was not reopened \(a room step does not reconnect\) \(sn -1, 1 messages/,
    );
    expect(failures[0]).toMatch(code);
    expect(failures[0]).not.toContain('within 8000 ms');
    expect(sockets).toBe(1);
    // The wait ended with the socket, not at its 8 s time-out.
    expect(performance.now() - started).toBeLessThan(6000);
  });

  it.each(closes)(
    'closed %s in a step with no condition: its failure names the close',
    async (_how, close, code) => {
      const { report } = await run(
        scenario('room: { rid: 5001, settleMs: 300 }\n    expect: { sn: 100 }'),
        close,
      );
      const failures = report.steps[0]?.failures ?? [];
      expect(failures[0]).toBe('sn: expected 100, got -1');
      expect(failures[1]).toMatch(
        /^room 5001: the room socket closed \(code \d+.*\) \d+ ms into the step and was not reopened/,
      );
      expect(failures[1]).toMatch(code);
    },
  );
});
