// biome-ignore-all lint/suspicious/noTemplateCurlyInString: scenario references are written ${...} inside plain strings
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Command } from 'commander';
import { afterAll, describe, expect, it } from 'vitest';
import { buildProgram, runCli } from '../src/cli';
import { captureIo } from './support/capture';
import { parseXml } from './support/xml';

const dir = mkdtempSync(join(tmpdir(), 'topup-cli-'));
const scenarios = join(dir, 'scenarios');
mkdirSync(scenarios);
writeFileSync(
  join(scenarios, 'passes.yaml'),
  'version: 1\nname: passes\ndescription: ok\ntags: [good]\nsteps:\n  - call: serverTime\n',
);
writeFileSync(
  join(scenarios, 'fails.yaml'),
  'version: 1\nname: fails\ndescription: wrong code\ntags: [bad]\nsteps:\n  - call: checkDisplayId\n    params: { display_id: "10000003", source: 1 }\n  - call: serverTime\n',
);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('topup exit codes and output', () => {
  it('explains itself and each subcommand', async () => {
    for (const args of [
      ['--help'],
      ['scenario', 'run', '--help'],
      ['contract', 'check', '--help'],
      ['room', 'watch', '--help'],
      ['mock', '--help'],
    ]) {
      const io = captureIo();
      expect(await runCli(args, io)).toBe(0);
      expect(io.stdout()).toMatch(/Usage: topup/);
    }
  });

  it('shows examples of each command under --help', async () => {
    const table: [string[], string][] = [
      [['scenario', 'run', '--help'], '$ topup scenario run --all --shard 2/4'],
      [['scenario', 'run', '--help'], '$ topup scenario run --last-failed'],
      [['scenario', 'merge', '--help'], '$ topup scenario merge reports/shard-*.json --reporter junit'],
      [['scenario', 'validate', '--help'], '$ topup scenario validate ./my-scenarios/new-card.yaml'],
      [['contract', 'check', '--help'], '$ topup contract check --target mock'],
      [['mock', '--help'], '$ topup mock force createCoinPay 25001'],
      [['mock', 'force', '--help'], '$ topup mock force getCardSource http:503'],
      [['mock', 'tail', '--help'], '$ topup mock tail --call createCoinPay --result 25001'],
      [['room', '--help'], '$ topup room fault 5002 --sn +1 --fault drop'],
      [['room', 'watch', '--help'], '--no-reconnect'],
    ];
    for (const [args, example] of table) {
      const io = captureIo();
      expect(await runCli(args, io)).toBe(0);
      expect([args.join(' '), io.stdout().includes(example)]).toEqual([args.join(' '), true]);
    }
  });

  it('shows an Examples section under --help of every command, each example a topup command', async () => {
    const paths: string[][] = [[]];
    const walk = (command: Command, path: string[]) => {
      for (const sub of command.commands) {
        paths.push([...path, sub.name()]);
        walk(sub, [...path, sub.name()]);
      }
    };
    walk(
      buildProgram(captureIo(), () => {}),
      [],
    );
    expect(paths.length).toBeGreaterThanOrEqual(20);
    const without: string[] = [];
    for (const path of paths) {
      const io = captureIo();
      expect(await runCli([...path, '--help'], io)).toBe(0);
      const examples = io.stdout().split('\nExamples:\n')[1] ?? '';
      const lines = examples.split('\n').filter((l) => l.startsWith('  $ '));
      // At least one example, and each line of a command's own examples runs topup (under that command).
      if (lines.length === 0 || !lines.some((l) => l.startsWith(`  $ ${['topup', ...path].join(' ')}`)))
        without.push(['topup', ...path].join(' ') || 'topup');
    }
    expect(without).toEqual([]);
  });

  it('answers 2 for a wrong command, an unknown scenario or tag, and no selection', async () => {
    const io = captureIo();
    expect(await runCli(['scenario', 'frobnicate'], io)).toBe(2);
    expect(await runCli(['scenario', 'run', 'nope', '--dir', scenarios], io)).toBe(2);
    expect(io.stderr()).toContain('unknown scenario nope; valid scenarios: fails, passes');
    const misspelt = captureIo();
    expect(await runCli(['scenario', 'run', 'pases', '--dir', scenarios], misspelt)).toBe(2);
    expect(misspelt.stderr()).toContain(
      'unknown scenario pases; did you mean passes?; valid scenarios: fails, passes',
    );
    expect(await runCli(['scenario', 'run', '--tag', 'ugly', '--dir', scenarios], io)).toBe(2);
    expect(await runCli(['scenario', 'run', '--dir', scenarios], io)).toBe(2);
    expect(await runCli(['scenario', 'run', '--all', '--reporter', 'xml', '--dir', scenarios], io)).toBe(2);
    expect(await runCli(['contract', 'check', '--target', 'mock', '--reporter', 'html'], io)).toBe(2);
    expect(await runCli(['scenario', 'run', '--all', '--shard', '5/4', '--dir', scenarios], io)).toBe(2);
    expect(await runCli(['scenario', 'run', '--all', '--repeat-each', '0', '--dir', scenarios], io)).toBe(2);
  });

  it('answers 0 when every scenario passed and 1 when one failed, skipping the steps after a failure', async () => {
    const ok = captureIo();
    expect(await runCli(['scenario', 'run', 'passes', '--dir', scenarios], ok)).toBe(0);
    expect(ok.stdout()).toMatch(/✓ 1\. serverTime \(result 0\) \d+ ms/);
    const bad = captureIo();
    expect(await runCli(['scenario', 'run', '--all', '--concurrency', '2', '--dir', scenarios], bad)).toBe(1);
    expect(bad.stdout()).toContain('expected result 0, got 20001');
    expect(bad.stdout()).toContain('skipped: after step 1 failed');
  });

  it('writes JSON and a valid JUnit file', async () => {
    const io = captureIo();
    expect(
      await runCli(['scenario', 'run', '--tag', 'bad', '--reporter', 'json', '--dir', scenarios], io),
    ).toBe(1);
    const json = JSON.parse(io.stdout()) as { totals: { scenarios: { failed: number } } };
    expect(json.totals.scenarios.failed).toBe(1);
    const out = join(dir, 'reports', 'junit.xml');
    expect(
      await runCli(
        ['scenario', 'run', '--all', '--reporter', 'junit', '--out', out, '--dir', scenarios],
        captureIo(),
      ),
    ).toBe(1);
    const root = parseXml(readFileSync(out, 'utf8'));
    expect(root.attrs).toMatchObject({ tests: '3', failures: '1', skipped: '1' });
  });

  it('lists scenarios and prints the JSON Schema', async () => {
    const list = captureIo();
    expect(await runCli(['scenario', 'list', '--dir', scenarios], list)).toBe(0);
    expect(list.stdout()).toContain('passes  ok  [good]');
    const schema = captureIo();
    expect(await runCli(['scenario', 'schema'], schema)).toBe(0);
    expect(JSON.parse(schema.stdout())).toMatchObject({ title: 'topup scenario (version 1)' });
  });

  it('refuses a bad scenario file with exit code 2 and the reasons', async () => {
    const badDir = join(dir, 'bad');
    mkdirSync(badDir);
    writeFileSync(
      join(badDir, 'v2.yaml'),
      'version: 2\nname: v2\ndescription: x\nsteps:\n  - call: serverTime\n',
    );
    const io = captureIo();
    expect(await runCli(['scenario', 'run', '--all', '--dir', badDir], io)).toBe(2);
    expect(io.stdout()).toContain('version: unsupported version 2; valid versions: 1');
    expect(io.stderr()).toContain(`invalid scenario file ${join(badDir, 'v2.yaml')}`);
  });

  it('counts an invalid scenario file as a failed scenario in every reporter, agreeing with exit code 2', async () => {
    const mixed = join(dir, 'mixed');
    mkdirSync(mixed);
    writeFileSync(
      join(mixed, 'passes.yaml'),
      'version: 1\nname: passes\ndescription: ok\nsteps:\n  - call: serverTime\n',
    );
    writeFileSync(
      join(mixed, 'broken.yaml'),
      'version: 1\nname: broken\ndescription: x\nsteps:\n  - call: getPayError\n    params: { order_id: 7, source: 1 }\n',
    );
    const run = async (reporter: string) => {
      const io = captureIo();
      const code = await runCli(['scenario', 'run', '--all', '--reporter', reporter, '--dir', mixed], io);
      return { code, out: io.stdout() };
    };
    const json = await run('json');
    expect(json.code).toBe(2);
    const report = JSON.parse(json.out) as { passed: boolean; totals: { scenarios: unknown } };
    expect(report.passed).toBe(false);
    expect(report.totals.scenarios).toEqual({ passed: 1, failed: 1, skipped: 0, invalid: 1 });
    const pretty = await run('pretty');
    expect(pretty.code).toBe(2);
    expect(pretty.out).toContain('FAILED: 1 of 2 scenarios failed against');
    expect(pretty.out).toContain('scenarios: 1 passed, 1 failed (1 invalid file), 0 skipped');
    expect(pretty.out).toContain('steps[0].params.order_id: expected a string, got 7');
    const html = await run('html');
    expect(html.code).toBe(2);
    expect(html.out).toContain('FAILED · 1 of 2 scenarios failed against');
    expect(html.out).toContain('scenarios 1 passed, 1 failed (1 invalid file), 0 skipped');
    const junit = await run('junit');
    expect(junit.code).toBe(2);
    // One passed step of the valid file, and the invalid file as a testcase in error.
    expect(parseXml(junit.out).attrs).toMatchObject({ tests: '2', failures: '0', errors: '1' });
    // Merging a shard report keeps the count.
    const shard = join(dir, 'reports', 'mixed.json');
    mkdirSync(join(dir, 'reports'), { recursive: true });
    writeFileSync(shard, json.out);
    const merged = captureIo();
    expect(await runCli(['scenario', 'merge', shard, '--reporter', 'json'], merged)).toBe(2);
    expect((JSON.parse(merged.stdout()) as typeof report).totals.scenarios).toEqual(report.totals.scenarios);
  });

  it("scenario validate refuses params outside the call's contract with exit 2, naming file and path", async () => {
    const file = join(dir, 'wrong-pay-type.yaml');
    writeFileSync(
      file,
      [
        'version: 1',
        'name: wrong-pay-type',
        'description: a pay type no provider has',
        'fixtures: { target: account.omar, device: device }',
        'steps:',
        '  - call: createCoinPay',
        '    params: { recharge_id: rc_999, uid: "${fixtures.target.uid}", pay_type: 32, source: 1, ext: { h5_deviceid: "${fixtures.device.h5_deviceid}" } }',
        '',
      ].join('\n'),
    );
    const io = captureIo();
    expect(await runCli(['scenario', 'validate', file], io)).toBe(2);
    expect(io.stderr()).toBe(
      `${file}:\n  - steps[0].params.pay_type: expected one of 23, 24, 25, 26, 27, 28, 29, 30, 31, 2528, got 32\n`,
    );
    expect(io.stdout()).toBe('1 of 1 scenario file is invalid (1 problem)\n');
    // The same file with a pay type of SPEC validates.
    writeFileSync(file, readFileSync(file, 'utf8').replace('pay_type: 32', 'pay_type: 23'));
    const valid = captureIo();
    expect(await runCli(['scenario', 'validate', file], valid)).toBe(0);
    expect(valid.stdout()).toBe('1 scenario file is valid\n');
  });

  it('scenario validate lists schema, operator, params and forced-code problems of a file in one run', async () => {
    const file = join(dir, 'five-problems.yaml');
    writeFileSync(
      file,
      [
        'version: 1',
        'name: five-problems',
        'fixtures: { target: account.omar, device: device }',
        'steps:',
        '  - tokenizeCard: { provider: 17, cvv: 737 }',
        '  - call: checkDisplayId',
        '    params: { display_id: "${fixtures.target.display_uid}", source: 1 }',
        '    expect: { data: { status: { $eqq: 1 } } }',
        '  - call: createCoinPay',
        '    params: { recharge_id: rc_1, uid: "${fixtures.target.uid}", pay_type: 99, source: 1, ext: { h5_deviceid: "${fixtures.device.h5_deviceid}" } }',
        '  - control: { force: { call: serverTime, answer: { result: 25001 } } }',
        '',
      ].join('\n'),
    );
    const io = captureIo();
    expect(await runCli(['scenario', 'validate', file], io)).toBe(2);
    const reasons = io
      .stderr()
      .split('\n')
      .filter((line) => line.startsWith('  - '));
    expect(reasons).toEqual([
      expect.stringMatching(/^ {2}- description: required: expected a string$/),
      '  - steps[0].tokenizeCard.cvv: expected a string, got 737',
      expect.stringMatching(
        /^ {2}- steps\[1\]\.expect\.data\.status\.\$eqq: unknown operator \$eqq; did you mean \$eq\?/,
      ),
      expect.stringMatching(/^ {2}- steps\[2\]\.params\.pay_type: expected one of 23, .*, got 99$/),
      expect.stringMatching(
        /^ {2}- steps\[3\]\.control\.force\.answer\.result: serverTime cannot answer 25001; /,
      ),
    ]);
    expect(io.stdout()).toBe('1 of 1 scenario file is invalid (5 problems)\n');
  });

  it.each([
    [
      ['createCoinPai'],
      /^topup: --only: unknown call createCoinPai \(did you mean createCoinPay\?\); valid calls: serverTime, /,
    ],
    [['serverTime', 'frobnicate'], /^topup: --only: unknown call frobnicate; valid calls: /],
  ])('contract check --only %j refuses an unknown call with did-you-mean, exit 2', async (only, message) => {
    const io = captureIo();
    const args = only.flatMap((name) => ['--only', name]);
    expect(await runCli(['contract', 'check', '--target', 'http://127.0.0.1:9', ...args], io)).toBe(2);
    expect(io.stderr()).toMatch(message);
    expect(io.stdout()).toBe('');
  });

  it.each([
    [['scenario', 'run', 'account-normal', '--timeout', '0'], '--timeout takes a whole number from 100'],
    [['contract', 'check', '--target', 'mock', '--timeout', '0'], '--timeout takes a whole number from 100'],
    [['contract', 'fuzz', '--target', 'mock', '--timeout', '0'], '--timeout takes a whole number from 100'],
    // A rate of 0 would have meant no pacing at all against a real backend.
    [['contract', 'fuzz', '--target', 'mock', '--rate', '0'], '--rate takes a whole number from 1 to 1000'],
    // Values that make no sense were blamed on the backend ("slow", "did not answer") or passed nothing.
    [
      ['scenario', 'run', 'account-normal', '--timeout', '1'],
      '--timeout takes a whole number from 100 to 600000',
    ],
    [
      ['scenario', 'run', 'account-normal', '--timeout', '9999999'],
      '--timeout takes a whole number from 100',
    ],
    [
      ['contract', 'check', '--target', 'mock', '--max-ms', '0'],
      '--max-ms takes a whole number from 10 to 600000',
    ],
    [['contract', 'fuzz', '--target', 'mock', '--max-ms', '0'], '--max-ms takes a whole number from 10'],
    [['contract', 'fuzz', '--target', 'mock', '--runs', '0'], '--runs takes a whole number from 1 to 10000'],
    [
      ['contract', 'fuzz', '--target', 'mock', '--runs', '1e9'],
      '--runs takes a whole number from 1 to 10000',
    ],
    [
      ['scenario', 'run', 'account-normal', '--retries', '1000'],
      '--retries takes a whole number from 0 to 10',
    ],
    [
      ['scenario', 'run', 'account-normal', '--repeat-each', '0'],
      '--repeat-each takes a whole number from 1',
    ],
    [
      ['room', 'watch', '--url', 'ws://127.0.0.1:9/ws/room', '--rid', '5001', '--duration', '0'],
      '--duration takes a whole number from 100',
    ],
    [
      ['room', 'watch', '--url', 'ws://127.0.0.1:9/ws/room', '--rid', '5001', '--count', '0'],
      '--count takes a whole number from 1',
    ],
    [
      ['record', '--target', 'http://127.0.0.1:9', '--out', 'x.yaml', '--timeout', '5'],
      '--timeout takes a whole number from 100',
    ],
  ])('%j is refused before anything runs, exit 2', async (args, message) => {
    const io = captureIo();
    expect(await runCli(args, io)).toBe(2);
    expect(io.stderr()).toContain(message);
    expect(io.stdout()).toBe('');
  });

  it('checks the mock against the contracts (exit 0) and a dead backend (exit 1)', async () => {
    const io = captureIo();
    expect(await runCli(['contract', 'check', '--target', 'mock', '--reporter', 'junit'], io)).toBe(0);
    expect(parseXml(io.stdout()).name).toBe('testsuites');
    const dead = captureIo();
    expect(
      await runCli(
        ['contract', 'check', '--target', 'http://127.0.0.1:9', '--only', 'serverTime', '--timeout', '2000'],
        dead,
      ),
    ).toBe(1);
    expect(dead.stdout()).toMatch(/serverTime\s+network/);
  });
});

describe('file options read only regular files', () => {
  it.each([
    [
      '--last-run-file /dev/zero',
      ['scenario', 'run', '--last-failed', '--last-run-file', '/dev/zero', '--target', 'mock'],
    ],
    [
      '--last-run-file <a folder>',
      ['scenario', 'run', '--last-failed', '--last-run-file', dir, '--target', 'mock'],
    ],
    ['scenario merge /dev/zero', ['scenario', 'merge', '/dev/zero']],
    ['scenario merge <a folder>', ['scenario', 'merge', dir]],
  ])('%s exits 2 with one line, unread', async (_what, args) => {
    const io = captureIo();
    expect(await runCli(args, io)).toBe(2);
    expect(io.stderr()).toContain('not a regular file');
    expect(io.stdout()).toBe('');
  });
});

describe('a folder of no scenarios is never a green run of nothing', () => {
  const empty = join(dir, 'empty');
  mkdirSync(empty);
  const run = async (args: readonly string[]) => {
    const io = captureIo();
    const code = await runCli(args, io);
    return { code, out: io.stdout(), err: io.stderr() };
  };

  it.each([
    ['an empty folder', ['--dir', empty]],
    ['a folder of no scenario files', ['--dir', '/proc/self']],
    ['an empty folder, one shard of two', ['--dir', empty, '--shard', '1/2', '--reporter', 'json']],
    ['a folder that is not there', ['--dir', join(dir, 'nowhere')]],
  ])('scenario run --all on %s exits 2 with one line', async (_what, args) => {
    const result = await run(['scenario', 'run', '--all', '--target', 'mock', ...args]);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/no scenarios in /);
    expect(result.out).not.toMatch(/PASSED/);
  });

  it('a merge whose reports hold no scenario fails, in every reporter', async () => {
    const reports = [1, 2].map((index) => {
      const file = join(dir, 'reports', `empty-${index}.json`);
      mkdirSync(join(dir, 'reports'), { recursive: true });
      const none = { passed: 0, failed: 0, skipped: 0 };
      const report = {
        kind: 'scenarios',
        target: 'mock',
        startedAt: '2026-11-27T00:00:00.000Z',
        ms: 0,
        scenarios: [],
        totals: { scenarios: none, steps: none },
        shard: { index, total: 2, fingerprint: 'e3b0c44298fc1c14', scenarios: 0 },
        passed: true,
      };
      writeFileSync(file, JSON.stringify(report));
      return file;
    });
    for (const reporter of ['pretty', 'json', 'junit', 'html']) {
      const result = await run(['scenario', 'merge', ...reports, '--reporter', reporter]);
      expect(result.code).toBe(1);
      expect(result.err).toContain('topup: no scenarios in 2 reports: nothing was run');
      expect(result.out).toContain('no scenarios in 2 reports');
    }
  });
});
