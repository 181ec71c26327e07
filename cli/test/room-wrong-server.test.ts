// Integration test: the mock (HTTP, control API) and a room relay of the test's own on loopback, port 0, that
// corrupts the mock's room messages one way per case; the catalogue's room scenarios must fail, saying why.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli';
import { type StartedMock, startMock } from '../src/commands/mockServer';
import { captureIo } from './support/capture';
import { type RelayedMessage, rewrap, startRoomRelay } from './support/roomRelay';

const dir = mkdtempSync(join(tmpdir(), 'topup-room-wrong-'));
let mock: StartedMock;
beforeAll(async () => {
  mock = await startMock();
});
afterAll(async () => {
  await mock.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Each frame of an incremental message (status: an array or an object, maybe as a JSON string) changed. */
function everyFrame(relayed: RelayedMessage, change: (frame: Record<string, unknown>) => void): string {
  const { message } = relayed;
  if (message.status === undefined) return rewrap(relayed, message);
  const status = typeof message.status === 'string' ? JSON.parse(message.status) : message.status;
  for (const frame of Object.values(status as Record<string, Record<string, unknown>>)) change(frame);
  const again = typeof message.status === 'string' ? JSON.stringify(status) : status;
  return rewrap(relayed, { ...message, status: again });
}

interface Failed {
  name: string;
  status: string;
  steps: { status: string; failures: string[] }[];
}
async function runRooms(
  alter: (relayed: RelayedMessage, raw: string) => readonly string[],
  scenarios: readonly string[],
): Promise<{ code: number; failed: Failed[] }> {
  const relay = await startRoomRelay(mock.target.roomUrl ?? '', alter);
  try {
    const io = captureIo();
    const args = [
      'scenario',
      'run',
      ...scenarios,
      '--target',
      mock.target.baseUrl,
      '--mock',
      '--room-url',
      relay.url,
    ];
    const code = await runCli([...args, '--reporter', 'json', '--last-run-file', join(dir, 'last.json')], io);
    const report = JSON.parse(io.stdout()) as { scenarios: Failed[] };
    return { code, failed: report.scenarios.filter((s) => s.status === 'failed') };
  } finally {
    await relay.close();
  }
}
const failureOf = (s: Failed) => s.steps.find((x) => x.status === 'failed')?.failures.join('\n') ?? '';

const ROOMS = [
  'room-duplicate-frames',
  'room-forced-refresh',
  'room-gap-full-refresh',
  'room-live-ticks',
  'room-quiet-pushed-changes',
  'room-relative-frames',
  'room-reordered-frames',
];

describe('room scenarios behind a wrong room server', () => {
  it('malformed messages beside the real ones fail every room scenario, saying so', async () => {
    const garbage = (_r: RelayedMessage, raw: string) => ['{"result":0,"message":"","data":"{not json', raw];
    const { code, failed } = await runRooms(garbage, ROOMS);
    expect(code).toBe(1);
    expect(failed.map((s) => s.name).sort()).toEqual(ROOMS);
    for (const s of failed)
      expect(failureOf(s), s.name).toMatch(
        /^room 500\d: \d+ messages? from the server (?:was|were) not a valid room message and dropped \(\d+ not-json\)$/m,
      );
  }, 60_000);

  it('frames that change nothing fail room-live-ticks (its table changes about once a second)', async () => {
    const noCommand = (relayed: RelayedMessage) => [
      everyFrame(relayed, (frame) => {
        if ('command' in frame) frame.command = [];
      }),
    ];
    const { failed } = await runRooms(noCommand, ['room-live-ticks']);
    expect(failed.map((s) => s.name)).toEqual(['room-live-ticks']);
    expect(failureOf(failed[0] as Failed)).toContain('changed: expected gte 1, got 0');
  }, 60_000);

  it("only another room's frames: the step says so, as room watch does", async () => {
    const otherRoom = (relayed: RelayedMessage) => [
      relayed.message.type === 2
        ? rewrap(relayed, { ...relayed.message, rid: '9999' })
        : rewrap(relayed, relayed.message),
    ];
    const { failed } = await runRooms(otherRoom, ['room-live-ticks']);
    expect(failed.map((s) => s.name)).toEqual(['room-live-ticks']);
    expect(failureOf(failed[0] as Failed)).toMatch(
      /nothing was applied to the table: .*\d+ for room 9999, not this one/,
    );
  }, 60_000);
});
