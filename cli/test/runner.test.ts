// biome-ignore-all lint/suspicious/noTemplateCurlyInString: scenario references are written ${...} inside plain strings
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli';
import { shardOf } from '../src/commands/catalogue';
import { UsageError } from '../src/io';
import { captureIo } from './support/capture';
import { startServer } from './support/drifting';
import { parseXml } from './support/xml';

/** Playwright-like runner options: --grep, --last-failed, --repeat-each, --retries, --shard, merge, HTML. */
const dir = mkdtempSync(join(tmpdir(), 'topup-runner-'));
const scenarios = join(dir, 'scenarios');
const lastRun = join(dir, 'last-run.json');
mkdirSync(scenarios);
const scenario = (name: string, description: string, steps: string, tags = '[]') =>
  writeFileSync(
    join(scenarios, `${name}.yaml`),
    `version: 1\nname: ${name}\ndescription: ${description}\ntags: ${tags}\nsteps:\n${steps}`,
  );
const TIME = '  - call: serverTime\n';
const BANNED = '  - call: checkDisplayId\n    params: { display_id: "10000003", source: 1 }\n';
scenario('alpha', 'the clock', TIME, '[clock]');
scenario('bravo', 'a banned lookup that fails', BANNED, '[accounts]');
scenario('charlie', 'the clock again', TIME, '[clock]');
scenario('delta', 'one more clock', TIME);
scenario('echo', 'and another', TIME);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = async (args: string[]) => {
  const io = captureIo();
  const code = await runCli(['scenario', 'run', '--dir', scenarios, '--reporter', 'json', ...args], io);
  const report =
    io.stdout() === ''
      ? undefined
      : (JSON.parse(io.stdout()) as {
          passed: boolean;
          scenarios: { name: string; status: string; flaky?: boolean; attempts?: number; repeat?: number }[];
        });
  return { code, report, io };
};

describe('selection', () => {
  it('--grep matches name, description or @tag; --grep-invert leaves out', async () => {
    expect((await run(['--grep', 'clock'])).report?.scenarios.map((s) => s.name)).toEqual([
      'alpha',
      'charlie',
      'delta',
    ]);
    expect((await run(['--grep', '@accounts'])).report?.scenarios.map((s) => s.name)).toEqual(['bravo']);
    expect(
      (await run(['--all', '--grep-invert', 'clock|banned'])).report?.scenarios.map((s) => s.name),
    ).toEqual(['echo']);
    expect((await run(['--grep', '('])).code).toBe(2);
  });

  it.each([
    [['--grep', 'clokc'], "no scenarios matched --grep 'clokc'"],
    [['alpha', '--grep', 'banned'], "no scenarios matched --grep 'banned'"],
    [['--all', '--grep-invert', '.'], "--grep-invert '.' left out every scenario"],
  ])('a filter that matches nothing is exit 2, never a green run of nothing: %j', async (args, message) => {
    const { code, report, io } = await run(args);
    expect(code).toBe(2);
    expect(report).toBeUndefined();
    expect(io.stderr()).toContain(message);
  });

  it('--last-failed after a green run, or naming nothing of the selection, is exit 2', async () => {
    const green = join(dir, 'last-run-green.json');
    expect((await run(['alpha', '--last-run-file', green])).code).toBe(0);
    const after = await run(['--last-failed', '--last-run-file', green]);
    expect([after.code, after.report]).toEqual([2, undefined]);
    expect(after.io.stderr()).toContain('no scenario failed in the last run');
    const gone = join(dir, 'last-run-gone.json');
    writeFileSync(gone, JSON.stringify({ failed: ['zulu'], failedFiles: [] }));
    const renamed = await run(['--last-failed', '--last-run-file', gone]);
    expect(renamed.code).toBe(2);
    expect(renamed.io.stderr()).toContain('none of the scenarios that failed last time (zulu)');
  });

  it('an empty shard of a non-empty selection is legitimately exit 0, and says so', async () => {
    const empty = await run(['alpha', '--shard', '2/2']);
    expect(empty.code).toBe(0);
    expect(empty.report?.scenarios).toEqual([]);
    expect(empty.io.stderr()).toContain('shard 2/2 of 1 scenario is empty; nothing to run here');
    const full = await run(['alpha', '--shard', '1/2']);
    expect(full.report?.scenarios.map((s) => s.name)).toEqual(['alpha']);
    expect(full.io.stderr()).not.toContain('is empty');
  });

  it('--last-failed runs only what failed last time', async () => {
    const first = await run(['--all', '--last-run-file', lastRun]);
    expect(first.code).toBe(1);
    expect(JSON.parse(readFileSync(lastRun, 'utf8')).failed).toEqual(['bravo']);
    const again = await run(['--last-failed', '--last-run-file', lastRun]);
    expect(again.report?.scenarios.map((s) => s.name)).toEqual(['bravo']);
    const none = captureIo();
    expect(
      await runCli(
        ['scenario', 'run', '--last-failed', '--last-run-file', join(dir, 'nope.json'), '--dir', scenarios],
        none,
      ),
    ).toBe(2);
    expect(none.stderr()).toContain('no last run recorded');
  });

  it('--last-failed finds again a failed scenario that was run by path', async () => {
    const outside = join(dir, 'outside.yaml');
    writeFileSync(
      outside,
      `version: 1\nname: foxtrot\ndescription: run by path\ntags: []\nsteps:\n${BANNED}`,
    );
    const record = join(dir, 'last-run-path.json');
    expect((await run([outside, 'alpha', '--last-run-file', record])).code).toBe(1);
    expect(JSON.parse(readFileSync(record, 'utf8')).failedFiles).toEqual([outside]);
    const again = await run(['--last-failed', '--last-run-file', record]);
    expect(again.report?.scenarios.map((s) => s.name)).toEqual(['foxtrot']);
    expect(again.code).toBe(1);
  });

  it('takes scenario files and folders by path', async () => {
    const byFile = await run([join(scenarios, 'alpha.yaml'), join(scenarios, 'echo.yaml')]);
    expect(byFile.report?.scenarios.map((s) => s.name)).toEqual(['alpha', 'echo']);
    expect(byFile.code).toBe(0);
    const missing = await run([join(dir, 'missing.yaml')]);
    expect(missing.code).toBe(2);
  });

  it('--shard i/n splits the selection deterministically into contiguous slices', () => {
    const items = ['a', 'b', 'c', 'd', 'e'];
    const table: [string, string[]][] = [
      ['1/1', items],
      ['1/2', ['a', 'b', 'c']],
      ['2/2', ['d', 'e']],
      ['1/3', ['a', 'b']],
      ['2/3', ['c', 'd']],
      ['3/3', ['e']],
      ['5/5', ['e']],
    ];
    for (const [shard, expected] of table) expect(shardOf(items, shard)).toEqual(expected);
    expect(shardOf(['a'], '2/2')).toEqual([]);
    for (const bad of ['0/2', '3/2', '1/0', 'x', '1/2/3'])
      expect(() => shardOf(items, bad)).toThrow(UsageError);
  });
});

describe('repeats and retries', () => {
  let flaky: Awaited<ReturnType<typeof startServer>>;
  let calls = 0;
  beforeAll(async () => {
    // A timing flake: every other request's connection drops before an answer, then the answer is right.
    flaky = await startServer((app) => {
      app.get('/__mock/clock', async (_r, reply) => reply.code(404).send());
      app.get('/api/sys/ts/', async (_r, reply) => {
        calls += 1;
        if (calls % 2 === 1) {
          reply.raw.destroy();
          return reply;
        }
        return { result: 0, message: '', data: { ts: 1763715600000 } };
      });
    });
  });
  afterAll(() => flaky.close());

  it('--repeat-each runs every scenario n times, each reported apart', async () => {
    const { report, code } = await run(['alpha', 'charlie', '--repeat-each', '3']);
    expect(code).toBe(0);
    expect(report?.scenarios.map((s) => `${s.name}#${s.repeat}`)).toEqual([
      'alpha#1',
      'alpha#2',
      'alpha#3',
      'charlie#1',
      'charlie#2',
      'charlie#3',
    ]);
  });

  it('--retries passes a scenario that passes on a retry, reported flaky apart in every reporter', async () => {
    calls = 0;
    const { report, code } = await run(['alpha', '--target', flaky.url, '--retries', '2']);
    expect(code).toBe(0);
    expect(report?.scenarios[0]).toMatchObject({ name: 'alpha', status: 'passed', flaky: true, attempts: 2 });
    calls = 0;
    const pretty = captureIo();
    expect(
      await runCli(
        ['scenario', 'run', 'alpha', '--dir', scenarios, '--target', flaky.url, '--retries', '1'],
        pretty,
      ),
    ).toBe(0);
    expect(pretty.stdout()).toContain('1 flaky');
    expect(pretty.stdout()).toContain(
      'Flaky (passed on a retry):\n  ~ alpha (2 attempts): attempt 1 failed at step 1',
    );
    expect(pretty.stdout()).toMatch(/attempt 1 failed at step 1 \(serverTime\):\n {6}no answer/);
    calls = 0;
    const junit = captureIo();
    await runCli(
      [
        'scenario',
        'run',
        'alpha',
        '--dir',
        scenarios,
        '--target',
        flaky.url,
        '--retries',
        '1',
        '--reporter',
        'junit',
      ],
      junit,
    );
    // The suite's name stays the scenario's; what attempt 1 got is a <flakyFailure> of its step.
    const suite = parseXml(junit.stdout()).children[0];
    expect(suite?.attrs.name).toBe('alpha');
    expect(junit.stdout()).toContain('<property name="flaky" value="passed on attempt 2"/>');
    expect(junit.stdout()).toMatch(
      /<testcase[^>]*name="1\. serverTime"[^>]*>[\s\S]*?<flakyFailure message="attempt 1: no answer/,
    );
    // Without retries the same flake fails.
    calls = 0;
    expect((await run(['alpha', '--target', flaky.url])).code).toBe(1);
  });

  it.each([
    ['HTTP 500', 500, { result: 0, message: '', data: { ts: 1763715600000 } }, 'HTTP 500'],
    ['result 10005', 200, { result: 10005, message: 'internal error', data: {} }, 'result 10005'],
  ])(
    '--retries does not retry a server fault (%s): the run fails, saying so',
    async (_name, status, body, what) => {
      // Fails the first request in three with the fault; a retry would get past it.
      let served = 0;
      const faulty = await startServer((app) => {
        app.get('/__mock/clock', async (_r, reply) => reply.code(404).send());
        app.get('/api/sys/ts/', async (_r, reply) => {
          served += 1;
          return served % 3 === 1
            ? reply.code(status).send(body)
            : { result: 0, message: '', data: { ts: 1763715600000 } };
        });
      });
      try {
        const { report, code, io } = await run(['alpha', '--target', faulty.url, '--retries', '3']);
        expect(code).toBe(1);
        expect(report?.passed).toBe(false);
        expect(report?.scenarios[0]).toMatchObject({ name: 'alpha', status: 'failed' });
        expect(report?.scenarios[0]?.flaky).toBeUndefined();
        expect(served).toBe(1);
        expect(io.stdout()).toContain(
          `step 1 (serverTime) was answered ${what}: a server fault fails the run`,
        );
        served = 0;
        const pretty = captureIo();
        const args = [
          'scenario',
          'run',
          'alpha',
          '--dir',
          scenarios,
          '--target',
          faulty.url,
          '--retries',
          '3',
        ];
        expect(await runCli(args, pretty)).toBe(1);
        expect(pretty.stdout()).toContain(`not retried: step 1 (serverTime) was answered ${what}`);
      } finally {
        await faulty.close();
      }
    },
  );

  it('a failure recap with reasons ends every reporter', async () => {
    const pretty = captureIo();
    expect(await runCli(['scenario', 'run', 'bravo', '--dir', scenarios], pretty)).toBe(1);
    expect(pretty.stdout()).toMatch(
      /Failures:\n {2}✗ bravo: step 1 \(checkDisplayId\): expected result 0, got 20001/,
    );
    const junit = captureIo();
    await runCli(['scenario', 'run', 'bravo', '--dir', scenarios, '--reporter', 'junit'], junit);
    const summary = parseXml(junit.stdout()).children.at(-1);
    expect(summary?.attrs.name).toBe('summary');
    expect(summary?.children[0]?.text).toContain(
      'bravo: step 1 (checkDisplayId): expected result 0, got 20001',
    );
    const html = captureIo();
    await runCli(['scenario', 'run', 'bravo', '--dir', scenarios, '--reporter', 'html'], html);
    expect(html.stdout()).toMatch(
      /<ul id="recap"><li class="failed">bravo: step 1 \(checkDisplayId\): expected result 0, got 20001/,
    );
  });
});

describe('reports', () => {
  it('a failed HTTP step shows its request, its answer and a curl line that repeats it', async () => {
    const io = captureIo();
    expect(await runCli(['scenario', 'run', 'bravo', '--dir', scenarios], io)).toBe(1);
    const text = io.stdout();
    expect(text).toMatch(/← HTTP 200\n {8}\{\n {10}"result": 20001/);
    expect(text).toMatch(
      /repeat: curl -sS 'http:\/\/127\.0\.0\.1:\d+\/api\/web\/check_display_id\/\?display_id=10000003&source=1' -H 'x-cli-pn: ksa'/,
    );
    const json = await run(['bravo']);
    const first = json.report?.scenarios[0] as unknown as
      | { steps: { request: { url: string }; response: { body: { result: number } }; curl: string }[] }
      | undefined;
    const step = first?.steps[0];
    expect(step?.request.url).toContain('display_id=10000003');
    expect(step?.response.body.result).toBe(20001);
    expect(step?.curl).toMatch(/^curl -sS /);
  });

  it('-v shows every step request and answer; passing steps have no curl line', async () => {
    const io = captureIo();
    expect(await runCli(['scenario', 'run', 'alpha', '--dir', scenarios, '-v'], io)).toBe(0);
    expect(io.stdout()).toMatch(/→ GET http:\/\/127\.0\.0\.1:\d+\/api\/sys\/ts\//);
    expect(io.stdout()).toContain('"ts":');
    expect(io.stdout()).not.toContain('repeat: curl');
  });

  it('shards write JSON reports that merge into one JUnit and one HTML report judged as a whole', async () => {
    const out = join(dir, 'shards');
    for (const shard of ['1/2', '2/2']) {
      await runCli(
        [
          'scenario',
          'run',
          '--all',
          '--dir',
          scenarios,
          '--shard',
          shard,
          '--reporter',
          'json',
          '--out',
          join(out, `shard-${shard[0]}.json`),
        ],
        captureIo(),
      );
    }
    const shardNames = [1, 2].map((i) =>
      (
        JSON.parse(readFileSync(join(out, `shard-${i}.json`), 'utf8')) as { scenarios: { name: string }[] }
      ).scenarios.map((s) => s.name),
    );
    expect(shardNames).toEqual([
      ['alpha', 'bravo', 'charlie'],
      ['delta', 'echo'],
    ]);
    const junit = captureIo();
    const files = [join(out, 'shard-1.json'), join(out, 'shard-2.json')];
    expect(await runCli(['scenario', 'merge', ...files, '--reporter', 'junit'], junit)).toBe(1);
    const root = parseXml(junit.stdout());
    expect(root.attrs).toMatchObject({ tests: '5', failures: '1' });
    const html = join(out, 'merged.html');
    expect(
      await runCli(['scenario', 'merge', ...files, '--reporter', 'html', '--out', html], captureIo()),
    ).toBe(1);
    const page = readFileSync(html, 'utf8');
    for (const name of ['alpha', 'bravo', 'charlie', 'delta', 'echo'])
      expect(page).toContain(`✓ ${name}`.replace('✓ bravo', '✗ bravo'));
    expect(junit.stderr()).not.toContain('warning');
    // The same shard merged twice fails the merge, naming the shard and its files.
    const twice = captureIo();
    expect(await runCli(['scenario', 'merge', ...files, files[0] ?? '', '--reporter', 'json'], twice)).toBe(
      1,
    );
    expect(twice.stderr()).toMatch(
      /topup: shard 1\/2 is merged 2 times \(.*shard-1\.json, .*shard-1\.json\)/,
    );
    expect((JSON.parse(twice.stdout()) as { notRun: string[] }).notRun).toHaveLength(1);
    const bad = captureIo();
    expect(await runCli(['scenario', 'merge', join(dir, 'last-run.json')], bad)).toBe(2);
  });

  it('the HTML report puts steps, requests, answers and room frames on one timeline, secrets masked', async () => {
    const io = captureIo();
    expect(
      await runCli(
        ['scenario', 'run', 'room-gap-full-refresh', 'card-visa-approved', '--reporter', 'html'],
        io,
      ),
    ).toBe(0);
    const page = io.stdout();
    expect(page.startsWith('<!doctype html>')).toBe(true);
    expect(page).toContain('<h1 class="passed">PASSED · 2 scenarios');
    expect(page).toMatch(
      /<tr class="frame"><td>\d+ ms<\/td><td>room<\/td><td class="mono" colspan="2">\{&quot;kind&quot;:&quot;gap&quot;/,
    );
    expect(page).toContain('request POST');
    expect(page).not.toMatch(/4242424242424242|4242 4242 4242 4242/);
    expect(page).not.toContain('<script');
  });
});
