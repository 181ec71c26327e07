// Integration test: `--retries` retries timing only. A scenario whose attempt got a wrong answer (another
// account's data, drift, a wrong result) fails at once, never a flaky pass, and every reporter shows the
// failed attempt's step with what it expected and what it got (retryable.ts).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../src/cli';
import type { ScenarioReport } from '../src/report/types';
import { notRetryableOf } from '../src/scenario/retryable';
import { type Alteration, startAlteredBackend } from './support/alteredBackend';
import { captureIo } from './support/capture';

const ROOT = join(import.meta.dirname, '..', '..');
const FIXTURES = join(ROOT, 'cli', 'fixtures', 'mock-backend.yaml');
type Data = Record<string, unknown>;

/** The first answer of `part` in every `every` is changed; the others are the mock's own. */
const onceIn = (
  part: string,
  every: number,
  change: (json: { result?: unknown; data?: unknown }) => void,
) => {
  let seen = 0;
  const alter: Alteration = (path, json) => {
    if (!path.includes(part)) return json;
    seen += 1;
    if (seen % every === 1) change(json);
    return json;
  };
  return alter;
};

const rows: readonly { lie: string; alter: () => Alteration; says: string }[] = [
  {
    lie: "another account's data",
    alter: () => onceIn('check_display_id', 3, (j) => Object.assign(j.data as Data, { uid: 1002 })),
    says: 'data.uid: expected 1001, got 1002',
  },
  {
    lie: 'a wrong result',
    alter: () => onceIn('check_display_id', 3, (j) => Object.assign(j, { result: 20001 })),
    says: 'expected result 0, got 20001',
  },
  {
    lie: 'drift (a field of the wrong type)',
    alter: () => onceIn('check_display_id', 3, (j) => Object.assign(j.data as Data, { is_guest: 'no' })),
    says: 'is_guest',
  },
];

describe('--retries never retries a wrong answer into a pass', () => {
  it.each(rows)('$lie: the scenario fails on attempt 1, saying what it got', async ({ alter, says }) => {
    // Each reporter gets a fresh backend, so its first answer is the wrong one.
    const run = async (reporter: string) => {
      const backend = await startAlteredBackend(alter());
      try {
        const io = captureIo();
        const args = ['scenario', 'run', 'account-normal', '--target', backend.url, '--fixtures', FIXTURES];
        const code = await runCli([...args, '--retries', '2', '--reporter', reporter], io);
        return { code, out: io.stdout() };
      } finally {
        await backend.close();
      }
    };
    const json = await run('json');
    expect(json.code).toBe(1);
    const report = JSON.parse(json.out) as {
      passed: boolean;
      scenarios: { status: string; flaky?: boolean; attempts?: number; notRetried?: string }[];
    };
    expect(report.passed).toBe(false);
    expect(report.scenarios[0]).toMatchObject({ status: 'failed' });
    expect(report.scenarios[0]?.flaky).toBeUndefined();
    expect(report.scenarios[0]?.attempts).toBeUndefined();
    const why = 'step 1 (checkDisplayId) was answered with a wrong value';
    expect(report.scenarios[0]?.notRetried).toContain(why);

    const pretty = await run('pretty');
    expect(pretty.code).toBe(1);
    expect(pretty.out).toContain(`not retried: ${why}`);
    expect(pretty.out).toContain(says);
    expect(pretty.out).not.toContain('flaky');

    const junit = await run('junit');
    expect(junit.code).toBe(1);
    expect(junit.out).toMatch(/<testcase[^>]*name="1\. checkDisplayId"[^>]*>[\s\S]*?<failure message="/);
    expect(junit.out).toContain(says.replace(/"/g, '&quot;'));
    expect(junit.out).toContain('<property name="not retried"');
  });
});

const roomWait = 'room 1: condition {"refreshes":2} not reached within 4000 ms (sn 7, 12 messages)';
const snWait = 'room 5002: condition {"sn":10} not reached within 4000 ms (sn 7, 1 messages)';
const snClosed =
  'room 5002: condition {"sn":10} not reached: the room socket closed (code 1006, abnormal closure: no close frame) 80 ms into the step and was not reopened (a room step does not reconnect) (sn 7, 1 messages)';
const malformed =
  'room 5002: 2 messages from the server were not a valid room message and dropped (2 not-json)';
const failedStep = (failures: string[]): ScenarioReport => ({
  name: 's',
  file: 's.yaml',
  description: '',
  tags: [],
  status: 'failed',
  ms: 1,
  steps: [{ index: '1', label: 'room', kind: 'room', status: 'failed', ms: 1, failures }],
});

describe('which failed step is timing (retryable.ts)', () => {
  it.each([
    { failures: [roomWait], retried: true },
    { failures: [roomWait, 'refreshes: expected 2, got 1'], retried: true },
    { failures: ['condition not met after 5 tries (last: pending)'], retried: true },
    { failures: [roomWait, 'messages: expected 3, got 1'], retried: false },
    { failures: [roomWait, 'table.1.nickname: expected "Omar", got "Reem"'], retried: false },
    { failures: ['refreshes: expected 2, got 1'], retried: false },
    // An sn not reached in time: the table and every counter are short with it (a room whose frames are late).
    { failures: [snWait, 'sn: expected 10, got 7', 'table.fans_count: expected 4, got 1'], retried: true },
    { failures: [snWait, 'messages: expected 4, got 1', 'changed: expected gte 1, got 0'], retried: true },
    { failures: [snClosed, 'table.fans_count: expected 4, got 1'], retried: true },
    // The same lines with the condition reached: a wrong value.
    { failures: ['table.fans_count: expected 4, got 1'], retried: false },
    // Malformed messages are the server's fault however long the step waited.
    { failures: [snWait, malformed], retried: false },
  ])('$failures → retried: $retried', ({ failures, retried }) => {
    const why = notRetryableOf(failedStep(failures));
    if (retried) expect(why).toBeUndefined();
    else expect(why).toContain('was answered with a wrong value');
  });
});
