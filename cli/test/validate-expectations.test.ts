import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { runCli } from '../src/cli';
import { type StartedMock, startMock } from '../src/commands/mockServer';
import { StepSchema } from '../src/scenario/schema';
import { runStep } from '../src/scenario/steps';
import { captureIo } from './support/capture';

/**
 * `validate` checks everything a run would check. Each case is a step, of each kind, whose
 * expectation the runner fails every time (a field the answer cannot have, a value of a type it cannot
 * hold, an operator on a field it cannot apply to, a bad operator argument); the step is first run against
 * the mock to show the run fails it, then `topup scenario validate` must refuse the file, naming the file,
 * the step and the field in one line.
 */
const cases: readonly { kind: string; step: Record<string, unknown>; line: RegExp }[] = [
  {
    kind: 'call: $matches on a boolean field',
    step: {
      call: 'checkDisplayId',
      params: { display_id: '10000001', source: 1 },
      expect: { data: { is_guest: { $matches: '^f' } } },
    },
    line: /^ {2}- steps\[0\]\.expect\.data\.is_guest: \$matches applies to text \(or a number, by its digits\), but this field holds true or false$/m,
  },
  {
    kind: 'call: a value of a type the field cannot hold',
    step: {
      call: 'checkDisplayId',
      params: { display_id: '10000001', source: 1 },
      expect: { data: { uid: '1001' } },
    },
    line: /^ {2}- steps\[0\]\.expect\.data\.uid: expected a number here \(the answer cannot hold text\), got "1001"$/m,
  },
  {
    kind: 'poll: a comparison with text',
    step: {
      poll: { call: 'serverTime', until: { data: { ts: { $gt: '0' } } }, intervalMs: 0, tries: 1 },
    },
    line: /^ {2}- steps\[0\]\.poll\.until\.data\.ts\.\$gt: expected a number, got "0"$/m,
  },
  {
    kind: 'control: an invalid regular expression',
    step: { control: { roomState: { rid: 5001 } }, expect: { data: { table: { $matches: '[' } } } },
    line: /^ {2}- steps\[0\]\.expect\.data\.table\.\$matches: not a regular expression this tool runs \(RE2 syntax: no lookaround, no backreferences\): "\[": error parsing regexp: missing closing \]: `\[`$/m,
  },
  {
    kind: 'tokenizeCard: a field the token does not have',
    step: {
      tokenizeCard: { provider: 13, number: '4242424242424242', cvv: '100', expiry: '12/29' },
      expect: { data: { tokn: { $exists: true } } },
    },
    line: /^ {2}- steps\[0\]\.expect\.data\.tokn: tokenizeCard \(provider 13\)'s answer has no field 'tokn'; did you mean token\?; expected one of /m,
  },
  {
    kind: 'tokenizeCard: a value the field cannot take',
    step: {
      tokenizeCard: { provider: 13, number: '4242424242424242', cvv: '100', expiry: '12/29' },
      expect: { data: { scheme: 'vissa' } },
    },
    line: /^ {2}- steps\[0\]\.expect\.data\.scheme: expected one of "visa", "mastercard", "amex", "unknown", got "vissa"$/m,
  },
  {
    kind: 'simulator: a field a page answer does not have',
    step: {
      simulator: { method: 'GET', path: '/__provider/hosted/pay', form: { order_id: 'x' } },
      expect: { data: { statuss: 200 } },
    },
    line: /^ {2}- steps\[0\]\.expect\.data\.statuss: the \/__provider\/hosted\/pay page's answer has no field 'statuss'; did you mean status\?/m,
  },
  {
    kind: 'simulator: a path with no simulator',
    step: { simulator: { path: '/__provider/adyen/chalenge', form: { password: 'password' } } },
    line: /^ {2}- steps\[0\]\.simulator\.path: no simulator at \/__provider\/adyen\/chalenge; did you mean \/__provider\/adyen\/challenge\?/m,
  },
  {
    kind: 'room: a counter expected as text',
    step: { room: { rid: 5001, settleMs: 0, timeoutMs: 2000 }, expect: { refreshes: 'one' } },
    line: /^ {2}- steps\[0\]\.expect\.refreshes: expected a number here \(the answer cannot hold text\), got "one"$/m,
  },
  {
    kind: 'room: $contains on a number',
    step: { room: { rid: 5001, settleMs: 0, timeoutMs: 2000 }, expect: { messages: { $contains: 3 } } },
    line: /^ {2}- steps\[0\]\.expect\.messages: \$contains applies to text or a list, but this field holds a number$/m,
  },
];

let mock: StartedMock;
let dir: string;
beforeAll(async () => {
  mock = await startMock();
  dir = mkdtempSync(join(tmpdir(), 'topup-validate-'));
});
afterAll(async () => {
  await mock.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('scenario validate holds every step kind’s expectations to what its answer can be', () => {
  it.each(cases.map((c, i) => [c.kind, c, i] as const))('%s', async (_kind, { step, line }, i) => {
    // The run fails the step (or cannot evaluate it) every time.
    const parsed = StepSchema.parse(step);
    const ctx = {
      target: mock.target,
      scope: { steps: {}, fixtures: {}, vars: {}, run: {} },
      timeoutMs: 5000,
      roomStartSn: new Map<string, number>(),
    };
    const ran = await runStep(parsed, ctx).catch((error: Error) => ({ status: 'error', error }));
    expect(ran.status).not.toBe('passed');

    const file = join(dir, `case-${i}.yaml`);
    writeFileSync(file, stringify({ version: 1, name: `case-${i}`, description: 'a case', steps: [step] }));
    const io = captureIo();
    expect(await runCli(['scenario', 'validate', file], io)).toBe(2);
    expect(io.stderr()).toContain(`${file}:\n`);
    expect(io.stderr()).toMatch(line);
  });
});
