// Integration test: a scenario's room step on a loopback room server (port 0) that acknowledges the join and
// sends no frame, so the step's condition is never reached; the run is interrupted (Ctrl-C's abort signal)
// once the step has joined. The step stops waiting at once and the scenario is reported interrupted, not
// failed for a condition "not reached within" the step's time-out.
import { afterEach, describe, expect, it } from 'vitest';
import { Stopped } from '../src/interrupt';
import { parseScenario } from '../src/scenario/load';
import { runScenario } from '../src/scenario/run';
import { joinAck, type LoopbackRoomServer, loopbackRoomServer } from './support/roomServer';

let room: LoopbackRoomServer | undefined;
afterEach(async () => {
  await room?.close();
  room = undefined;
});

const yaml = [
  'version: 1',
  'name: room-waits',
  'description: waits for a frame that never comes',
  'steps:',
  '  - room: { rid: 5001, until: { sn: 100 }, timeoutMs: 30000 }',
].join('\n');

describe('a room step when the run is interrupted', () => {
  it.each([
    ['an abort without a reason', undefined, 'interrupted (Ctrl-C)'],
    ['Ctrl-C', new Stopped('SIGINT'), 'interrupted (Ctrl-C)'],
    ['SIGTERM (CI cancelling the job)', new Stopped('SIGTERM'), 'interrupted (SIGTERM)'],
  ])(
    'stops waiting at once on %s: the step skipped as interrupted, saying by what',
    async (_by, reason, says) => {
      room = await loopbackRoomServer((socket) => socket.send(joinAck('5001')));
      const stop = new AbortController();
      const joined = room.receivedCount(1).then(() => stop.abort(reason));
      const report = await runScenario(
        { file: 'room-waits.yaml', scenario: parseScenario(yaml, 'room-waits.yaml') },
        { baseUrl: 'http://127.0.0.1:9', mock: false, roomUrl: room.url },
        { fixtures: { kind: 'none' }, timeoutMs: 30_000, signal: stop.signal },
      );
      await joined;
      expect(report.interrupted).toBe(true);
      expect(report.error).toBe('interrupted before it finished');
      expect(report.steps).toEqual([
        expect.objectContaining({ status: 'skipped', skipReason: says, failures: [] }),
      ]);
    },
  );
});
