// Integration test: the CLI talks HTTP, so it runs against mock servers (or fake backends) listening on loopback, port 0.
// biome-ignore-all lint/suspicious/noTemplateCurlyInString: scenario references are written ${...} inside plain strings
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyReply } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli';
import { type StartedMock, startMock } from '../src/commands/mockServer';
import { sendJson } from '../src/http/client';
import { runBin } from './support/bin';
import { captureIo } from './support/capture';
import { startServer } from './support/drifting';
import { parseXml } from './support/xml';

/**
 * "Never green when wrong": each path that once made CI green when it should have been red, driven through
 * the real binary (or the same program in-process) against the mock or a small server the test starts.
 */
const dir = mkdtempSync(join(tmpdir(), 'topup-never-green-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const write = (name: string, text: string) => {
  const file = join(dir, name);
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, text);
  return file;
};

describe('contract check: a refusal is not a pass', () => {
  let refusing: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    // Refuses every call with a code every call may answer (10005, internal error).
    refusing = await startServer((app) => {
      app.all('/*', async () => ({ result: 10005, message: 'internal', data: null }));
    });
  });
  afterAll(() => refusing.close());

  it('fails a backend that refuses every call, naming each call unverified (real binary)', async () => {
    const result = await runBin(['contract', 'check', '--target', refusing.url, '--timeout', '5000']);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/serverTime\s+unverified\s+10005/);
    expect(result.stdout).toContain('serverTime (GET /api/sys/ts/): unverified');
    expect(result.stdout).toMatch(/FAILED contract check .*unverified/);
    expect(result.stdout).not.toMatch(/PASSED/);
  }, 60_000);

  it('never passes the internal error as an expected refusal (nothing-verified.test.ts: expected ones)', async () => {
    const fixtures = write('refusals.yaml', 'version: 1\nexpectRefusals:\n  serverTime: [10005]\n');
    const io = captureIo();
    const args = [
      'contract',
      'check',
      '--target',
      refusing.url,
      '--fixtures',
      fixtures,
      '--only',
      'serverTime',
    ];
    expect(await runCli(args, io)).toBe(2);
    expect(io.stderr()).toContain("expectRefusals.serverTime: 10005 (internal) is the server's own error");
    expect(io.stdout()).toBe('');
  });
});

describe('fixtures files are validated as strictly as scenarios', () => {
  it('exits 2 listing every unknown name, unknown field and wrong type, with its path', async () => {
    const file = write(
      'bad-fixtures.yaml',
      [
        'version: 1',
        'fixtures:',
        '  acount.reem: { uid: 1 }',
        '  devise: { h5_deviceid: x }',
        '  device: { h5_deviceid: 3, colour: red }',
        'safeWrites: [addEvnt]',
        'expectRefusals: { serverTime: ok, createCoinPay: [25001, 2500] }',
      ].join('\n'),
    );
    for (const args of [
      ['contract', 'check', '--target', 'mock', '--fixtures', file],
      ['scenario', 'run', 'account-normal', '--fixtures', file],
    ]) {
      const io = captureIo();
      expect(await runCli(args, io)).toBe(2);
      const err = io.stderr();
      expect(err).toContain(`invalid fixtures file ${file}`);
      expect(err).toContain('fixtures.acount.reem: unknown fixture name; did you mean account.reem?');
      expect(err).toContain('fixtures.devise: unknown fixture name; did you mean device?');
      expect(err).toContain('fixtures.device.h5_deviceid: expected a string, got an integer 3');
      expect(err).toContain('fixtures.device.colour: unknown field; device has h5_deviceid, uuid');
      expect(err).toContain('safeWrites[0]: unknown call "addEvnt"; did you mean addEvent?');
      expect(err).toContain('expectRefusals.serverTime: expected a list of non-zero result codes');
      expect(err).toMatch(
        /expectRefusals\.createCoinPay: createCoinPay cannot answer 2500\b.*; it can answer .*25001/,
      );
      expect(err).not.toMatch(/cannot answer 25001/);
      expect(io.stdout()).toBe('');
    }
  });

  it('accepts the sample fixtures file, and a contract check of the mock posing as a backend passes with it', async () => {
    const mock = await startMock({ control: false });
    try {
      const io = captureIo();
      const code = await runCli(
        [
          'contract',
          'check',
          '--target',
          mock.target.baseUrl,
          '--fixtures',
          'cli/fixtures/mock-backend.yaml',
        ].map((a) => (a.startsWith('cli/') ? join(__dirname, '..', '..', a) : a)),
        io,
      );
      expect(io.stdout()).toMatch(/PASSED contract check/);
      expect(io.stdout()).not.toMatch(/unverified|drift|network/);
      expect(code).toBe(0);
    } finally {
      await mock.close();
    }
  });
});

describe('--compare: every reporter carries the comparison and agrees with the exit code', () => {
  let a: StartedMock;
  let b: StartedMock;
  const scenarioDir = join(dir, 'compare');
  beforeAll(async () => {
    [a, b] = await Promise.all([startMock(), startMock()]);
    write(
      'compare/lookup.yaml',
      'version: 1\nname: lookup\ndescription: one display id\nsteps:\n  - call: checkDisplayId\n    params: { display_id: "10000001", source: 1 }\n',
    );
  });
  afterAll(() => Promise.all([a.close(), b.close()]));

  /** A second target whose answer differs: a drifting server that answers the lookup with another code. */
  async function drifting() {
    return startServer((app) => {
      app.get('/__mock/clock', async (_r, reply) => reply.code(404).send());
      app.get('/api/web/check_display_id/', async () => ({ result: 20001, message: 'banned', data: null }));
    });
  }

  it('JUnit on stdout is XML from its first byte, with the differences as failures (real binary)', async () => {
    const other = await drifting();
    try {
      const result = await runBin([
        'scenario',
        'run',
        'lookup',
        '--dir',
        scenarioDir,
        '--target',
        a.target.baseUrl,
        '--compare',
        other.url,
        '--reporter',
        'junit',
      ]);
      expect(result.code).toBe(1);
      expect(result.stdout.startsWith('<?xml')).toBe(true);
      const root = parseXml(result.stdout);
      const compare = root.children.find((s) => s.attrs.name === `compare with ${other.url}`);
      expect(compare?.attrs.failures).not.toBe('0');
      expect(compare?.children[0]?.children[0]?.name).toBe('failure');
      expect(result.stdout).toContain(
        `lookup failed against ${other.url}: step 1 (checkDisplayId): expected result 0, got 20001`,
      );
      expect(Number(root.attrs.failures)).toBeGreaterThan(0);
    } finally {
      await other.close();
    }
  }, 60_000);

  it('JSON has the comparison and says it failed; pretty says FAILED; both exit 1', async () => {
    const other = await drifting();
    try {
      const base = [
        'scenario',
        'run',
        'lookup',
        '--dir',
        scenarioDir,
        '--target',
        a.target.baseUrl,
        '--compare',
        other.url,
      ];
      const json = captureIo();
      expect(await runCli([...base, '--reporter', 'json'], json)).toBe(1);
      const report = JSON.parse(json.stdout()) as {
        passed: boolean;
        comparison: { differences: string[]; failed: string[] };
      };
      expect(report.passed).toBe(false);
      expect(report.comparison.differences).toContain('lookup: passed vs failed');
      expect(report.comparison.failed).toEqual(['lookup']);
      // The compared side's failure is told as the main side's: its step, expected and got.
      const why = 'step 1 (checkDisplayId): expected result 0, got 20001';
      expect(report.comparison).toMatchObject({ failedWhy: { lookup: expect.stringContaining(why) } });
      const pretty = captureIo();
      expect(await runCli(base, pretty)).toBe(1);
      expect(pretty.stdout()).toContain('lookup: passed vs failed');
      expect(pretty.stdout()).toMatch(new RegExp(`  ✗ lookup: ${why.replace(/[()]/g, '\\$&')}`));
      expect(pretty.stdout()).toContain(`lookup: failed against ${other.url}: ${why}`);
      expect(pretty.stdout()).toMatch(
        /\nFAILED: 0 of 1 scenario failed against .+ \(compare with .+: lookup: passed vs failed\)/,
      );
      expect(pretty.stdout()).not.toMatch(/PASSED/);
    } finally {
      await other.close();
    }
  });

  it('two agreeing mocks pass in every reporter', async () => {
    const base = [
      'scenario',
      'run',
      'lookup',
      '--dir',
      scenarioDir,
      '--target',
      a.target.baseUrl,
      '--compare',
      b.target.baseUrl,
    ];
    const junit = captureIo();
    expect(await runCli([...base, '--reporter', 'junit'], junit)).toBe(0);
    expect(parseXml(junit.stdout()).attrs.failures).toBe('0');
    const json = captureIo();
    expect(await runCli([...base, '--reporter', 'json'], json)).toBe(0);
    expect(JSON.parse(json.stdout())).toMatchObject({ passed: true, comparison: { differences: [] } });
  });
});

describe('each failure gets its exit code and one clear line', () => {
  it('a dead backend is "no answer", exit 1, not "fixtures missing"', async () => {
    const closed = CLOSED_PORT;
    const io = captureIo();
    expect(
      await runCli(['scenario', 'run', 'account-normal', '--target', `http://127.0.0.1:${closed}`], io),
    ).toBe(1);
    // How the URL is taken is said first, whether or not it answers (README), then the one failure line.
    expect(io.stderr()).toMatch(
      /^target http:\/\/127\.0\.0\.1:\d+\/: a real backend \(no --mock\)[^\n]*\ntopup: --target: no answer from http:\/\/127\.0\.0\.1:\d+\/: .*ECONNREFUSED.*; 1 scenario did not run there\n$/,
    );
    expect(io.stderr()).not.toContain('fixtures missing');
  });

  it('a scenario that errors in set-up counts in JUnit tests, as an error', async () => {
    // A backend without control API and no fixtures file: the scenario's fixtures cannot be resolved.
    const backend = await startServer((app) => {
      app.get('/__mock/clock', async (_r, reply) => reply.code(404).send({ result: 404 }));
    });
    try {
      const io = captureIo();
      expect(
        await runCli(
          ['scenario', 'run', 'account-normal', '--target', backend.url, '--reporter', 'junit'],
          io,
        ),
      ).toBe(1);
      const root = parseXml(io.stdout());
      expect(root.attrs).toMatchObject({ tests: '1', errors: '1' });
      expect(root.children[0]?.children[0]?.children[0]?.name).toBe('error');
      // One clear sentence: what is missing and where its values come from (no "(no --fixtures file)").
      const pretty = captureIo();
      expect(await runCli(['scenario', 'run', 'account-normal', '--target', backend.url], pretty)).toBe(1);
      expect(pretty.stdout()).toContain(
        "account-normal: needs the values of account.reem (as reem), and a real backend's come from a fixtures file: give one with --fixtures <file> (see cli/fixtures/mock-backend.yaml)",
      );
      expect(pretty.stdout()).not.toContain('(no --fixtures file)');
      // With a fixtures file that lacks them: the file is named.
      const partial = write(
        'partial.yaml',
        'version: 1\nfixtures:\n  device: { h5_deviceid: d1, uuid: u1 }\n',
      );
      const named = captureIo();
      const args = ['scenario', 'run', 'account-normal', '--target', backend.url, '--fixtures', partial];
      expect(await runCli(args, named)).toBe(1);
      expect(named.stdout()).toContain(
        `account-normal: ${partial} has no values for account.reem (as reem); add each under \`fixtures:\` in that file, by its name (account.reem), with the fields the scenario reads.`,
      );
    } finally {
      await backend.close();
    }
  });

  it('scenario list --tag nope exits 2 with the valid tags', async () => {
    const io = captureIo();
    expect(await runCli(['scenario', 'list', '--tag', 'nope'], io)).toBe(2);
    expect(io.stderr()).toMatch(/^topup: unknown tag nope; valid tags: .*cards/);
  });

  it('room watch --rid abc exits 2 with one line, before any socket', async () => {
    const io = captureIo();
    expect(await runCli(['room', 'watch', '--url', 'ws://127.0.0.1:9/ws/room', '--rid', 'abc'], io)).toBe(2);
    expect(io.stderr()).toBe('topup: --rid takes a room id, a positive whole number such as 5001, not abc\n');
  });

  it('mock --port <busy> exits 1 with one line and no stack trace (real binary)', async () => {
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const address = busy.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    try {
      const result = await runBin(['mock', '--port', String(port), '--quiet']);
      expect(result.code).toBe(1);
      expect(result.stderr).toBe(
        `topup: cannot listen on 127.0.0.1:${port}: the port is in use; pick another with --port (0 picks a free one)\n`,
      );
    } finally {
      busy.close();
    }
  }, 60_000);

  it('Ctrl-C writes the report of what finished, marked interrupted, and exits 130 (real binary)', async () => {
    let polls = 0;
    let pollArrived: () => void = () => {};
    const arrived = new Promise<void>((resolve) => {
      pollArrived = resolve;
    });
    const backend = await startServer((app) => {
      app.get('/__mock/clock', async (_r, reply) => reply.code(404).send());
      app.get('/api/sys/ts/', async () => ({ result: 0, message: '', data: { ts: 1 } }));
      app.get('/api/gm/hii', async () => {
        polls += 1;
        pollArrived();
        return { result: 0, message: '', data: {} };
      });
    });
    write(
      'interrupt/a-quick.yaml',
      'version: 1\nname: a-quick\ndescription: quick\nsteps:\n  - call: serverTime\n',
    );
    write(
      'interrupt/b-slow.yaml',
      'version: 1\nname: b-slow\ndescription: polls for ever\nsteps:\n  - poll: { call: hii, until: { result: 10005 }, intervalMs: 200, tries: 1000 }\n  - call: serverTime\n',
    );
    write(
      'interrupt/c-never.yaml',
      'version: 1\nname: c-never\ndescription: never starts\nsteps:\n  - call: serverTime\n',
    );
    const out = join(dir, 'interrupt-report.json');
    try {
      const result = await runBin(
        [
          'scenario',
          'run',
          '--all',
          '--dir',
          join(dir, 'interrupt'),
          '--target',
          backend.url,
          '--reporter',
          'json',
          '--out',
          out,
        ],
        {
          whileRunning: async (child) => {
            await arrived;
            child.kill('SIGINT');
          },
        },
      );
      expect(polls).toBeGreaterThan(0);
      expect(result.code).toBe(130);
      expect(result.stderr).toContain('topup: interrupted; the report holds what finished');
      const report = JSON.parse(readFileSync(out, 'utf8')) as {
        interrupted: boolean;
        passed: boolean;
        scenarios: { name: string; status: string; interrupted?: boolean }[];
      };
      expect(report.interrupted).toBe(true);
      expect(report.passed).toBe(false);
      expect(report.scenarios.map((s) => [s.name, s.status, s.interrupted ?? false])).toEqual([
        ['a-quick', 'passed', false],
        ['b-slow', 'failed', true],
      ]);
    } finally {
      await backend.close();
    }
  }, 60_000);
});

describe('room watch --json', () => {
  let mock: StartedMock;
  beforeAll(async () => {
    mock = await startMock();
  });
  afterAll(() => mock.close());

  it('prints only JSON lines on stdout, names its stop, and puts the summary on stderr (real binary)', async () => {
    const result = await runBin([
      'room',
      'watch',
      '--url',
      mock.target.roomUrl ?? '',
      '--rid',
      '5001',
      '--count',
      '3',
      '--json',
    ]);
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    const records = lines.map((l) => JSON.parse(l) as { kind: string; reason?: string });
    expect(records.length).toBeGreaterThanOrEqual(4);
    expect(records.at(-1)).toMatchObject({
      kind: 'stopped',
      reason: 'stopped: 3 messages received (--count)',
    });
    expect(result.stderr).toMatch(/sn \d+: 3 messages/);
  }, 60_000);

  it('reconnects after the server closes the room, as the app does', async () => {
    const rid = '5002';
    const clients = async () => {
      const raw = await sendJson(mock.target.baseUrl, 'GET', `/__mock/rooms/${rid}`);
      return (raw.body as { data: { clients: number } }).data.clients;
    };
    const io = captureIo();
    const watching = runCli(
      ['room', 'watch', '--url', mock.target.roomUrl ?? '', '--rid', rid, '--json', '--count', '3'],
      io,
    );
    // The watcher says so once the room counts its socket (a socket is open after the join's answer).
    await io.when(({ stderr }) => stderr.includes('watching room'));
    expect(await clients()).toBeGreaterThan(0);
    await sendJson(mock.target.baseUrl, 'POST', `/__mock/rooms/${rid}/close`, {});
    await io.when(({ stdout }) => stdout.includes('"kind":"reconnected"'));
    expect(await clients()).toBeGreaterThan(0);
    await sendJson(mock.target.baseUrl, 'POST', `/__mock/rooms/${rid}/push`, {
      directives: [{ op: 'mset', values: { fans_count: 9 } }],
    });
    expect(await watching).toBe(0);
    const kinds = io
      .stdout()
      .trimEnd()
      .split('\n')
      .map((l) => (JSON.parse(l) as { kind: string }).kind);
    expect(kinds).toContain('closed');
    expect(kinds.indexOf('reconnected')).toBeGreaterThan(kinds.indexOf('closed'));
    expect(kinds.at(-1)).toBe('stopped');
  }, 30_000);
});

describe('room watch: its header first, its summary counting every socket', () => {
  let mock: StartedMock;
  beforeAll(async () => {
    mock = await startMock();
  });
  afterAll(() => mock.close());

  it('prints the header before the first frame', async () => {
    // One log of both streams in the order written, as a terminal shows them.
    const log: string[] = [];
    const io = { out: (t: string) => log.push(`out ${t}`), err: (t: string) => log.push(`err ${t}`) };
    const code = await runCli(
      ['room', 'watch', '--url', mock.target.roomUrl ?? '', '--rid', '5001', '--count', '3'],
      { ...io, isTTY: false, colour: false },
    );
    expect(code).toBe(0);
    expect(log[0]).toMatch(/^err watching room 5001 at ws:/);
    expect(log.findIndex((l) => /GAP|REFRESH|applied|message/.test(l))).toBeGreaterThan(0);
  });

  it('counts the full refreshes of every socket, before and after a reconnect, in its summary (real binary)', async () => {
    const rid = '5002';
    const room = async () =>
      (
        (await sendJson(mock.target.baseUrl, 'GET', `/__mock/rooms/${rid}`)).body as {
          data: { clients: number; sn: number };
        }
      ).data;
    const result = await runBin(['room', 'watch', '--url', mock.target.roomUrl ?? '', '--rid', rid], {
      limitMs: 30_000,
      whileRunning: async (child, stderrContains) => {
        let stdout = '';
        child.stdout?.on('data', (chunk: Buffer) => {
          stdout += chunk.toString();
        });
        const refreshes = () => (stdout.match(/REFRESH/g) ?? []).length;
        /** Resolves on the output that makes `holds` true (each chunk the binary writes is a check). */
        const stdoutWhen = (holds: () => boolean) =>
          new Promise<void>((resolve) => {
            const check = () => {
              if (!holds()) return;
              child.stdout?.off('data', check);
              resolve();
            };
            child.stdout?.on('data', check);
            check();
          });
        // A forced refresh moves the room's sn past every client's: each asks for the full table.
        const gap = async () => {
          const before = refreshes();
          await sendJson(mock.target.baseUrl, 'POST', `/__mock/rooms/${rid}/refresh`, {});
          await stdoutWhen(() => refreshes() > before);
        };
        // Each line is written once the room counts the socket (open waits for the join's answer).
        await stderrContains('watching room');
        expect((await room()).clients).toBeGreaterThan(0);
        await gap();
        await sendJson(mock.target.baseUrl, 'POST', `/__mock/rooms/${rid}/close`, {});
        await stderrContains('reconnected (attempt 1)');
        expect((await room()).clients).toBeGreaterThan(0);
        await gap();
        child.kill('SIGINT');
      },
    });
    expect(result.code).toBe(130);
    expect(result.stdout).toContain('stopped: Ctrl-C');
    const [before = '', after = ''] = result.stdout.split('closed   code');
    expect(before).toMatch(/GAP .*\n.*REFRESH {2}whole table replaced/);
    expect(after).toMatch(/GAP .*\n.*REFRESH {2}whole table replaced/);
    const shown = (result.stdout.match(/REFRESH|refresh {2}not applied/g) ?? []).length;
    expect(result.stdout).toMatch(
      new RegExp(`\\nsn \\d+: \\d+ messages, \\d+ applied, \\d+ ignored, ${shown} full refreshes`),
    );
  }, 40_000);
});

describe('masking by value, never by pattern on prose', () => {
  it('masks a CVV reached through ${fixtures.card.cvv} and leaves the word "fixtures" alone', async () => {
    write(
      'mask/cvv.yaml',
      [
        'version: 1',
        'name: cvv-in-message',
        'description: a failure message that would hold a CVV',
        'fixtures: { card: card.visaApproved }',
        'steps:',
        '  - call: checkDisplayId',
        '    name: fixtures check for ${fixtures.card.last4}',
        '    params: { display_id: "10000001", source: 1 }',
        '    expect: { data: { nickname: "${fixtures.card.cvv}" } }',
      ].join('\n'),
    );
    for (const reporter of ['pretty', 'json', 'junit', 'html']) {
      const io = captureIo();
      expect(
        await runCli(['scenario', 'run', join(dir, 'mask/cvv.yaml'), '--reporter', reporter, '-v'], io),
      ).toBe(1);
      const text = io.stdout();
      expect(text).toContain('fixtures check for 4242');
      // A timing of 123 ms (a busy machine) is a timing, not the CVV: only a value standing alone counts.
      expect(text).not.toMatch(/["'\s(]123(?! ms)["'\s)]/);
      expect(text).not.toContain('sk-10000001');
    }
  });
});

/**
 * A loopback port nothing listens on: below the range the system hands out for port 0, so no other test's
 * server can take it before the call (a port found free and closed again could be), and not on fetch's list
 * of blocked ports, which fail without trying.
 */
const CLOSED_PORT = 4;

describe('a tokeniser step is held to the simulators’ contract', () => {
  let fake: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    // Poses as the mock (its clock answers as the mock's does) and answers everything else with an empty success.
    fake = await startServer((app) => {
      app.get('/__mock/clock', async () => ({
        result: 0,
        message: '',
        data: { now: new Date().toISOString(), frozen: false },
      }));
      app.all('/*', async () => ({ result: 0, message: 'success', data: {} }));
    });
  });
  afterAll(() => fake.close());

  it('fails a token-less answer on the tokeniser step, naming what is missing, and stops there', async () => {
    const file = write(
      'tokeniser/no-token.yaml',
      [
        'version: 1',
        'name: no-token',
        'description: the tokeniser answers an envelope with no token',
        'fixtures: { card: card.visaApproved, target: account.omar, device: device }',
        'steps:',
        '  - id: tok',
        '    tokenizeCard:',
        '      provider: 17',
        '      number: "${fixtures.card.number}"',
        '      cvv: "${fixtures.card.cvv}"',
        '      expiry: "${fixtures.card.expiry}"',
        '  - call: createCoinPay',
        '    params:',
        '      recharge_id: rc_999',
        '      uid: "${fixtures.target.uid}"',
        '      pay_type: 27',
        '      source: 1',
        '      platform_data: "${steps.tok.data.platform_data}"',
        '      ext: { h5_deviceid: "${fixtures.device.h5_deviceid}" }',
      ].join('\n'),
    );
    const io = captureIo();
    expect(await runCli(['scenario', 'run', file, '--target', fake.url, '--mock'], io)).toBe(1);
    const text = io.stdout();
    expect(text).toMatch(/✗ 1\. tokenizeCard \(provider 17\)/);
    expect(text).toMatch(/contract: encryptedCardNumber: .*an encrypted card/);
    expect(text).toMatch(/contract: last4: /);
    expect(text).toMatch(/○ 2\. createCoinPay[\s\S]*skipped: after step 1 failed/);
  });

  it('fails a provider 13 CVV token answer that holds no token', async () => {
    const file = write(
      'tokeniser/cvv.yaml',
      [
        'version: 1',
        'name: cvv-token',
        'description: the CVV tokeniser answers an empty success',
        'steps:',
        '  - tokenizeCard: { provider: 13, cvv: "123" }',
      ].join('\n'),
    );
    const io = captureIo();
    expect(await runCli(['scenario', 'run', file, '--target', fake.url, '--mock'], io)).toBe(1);
    expect(io.stdout()).toMatch(/contract: token: .*a CVV token/);
  });
});

describe('contract check: the envelope as SPEC §7 and the OpenAPI give it', () => {
  const envelope = () => ({ result: 0, message: 'success', data: { ts: Date.now() } });
  // Each answers serverTime its way: right; valid JSON sent as a web page; an envelope without its message.
  const answers = {
    right: async () => envelope(),
    html: async (_request: unknown, reply: FastifyReply) =>
      reply.type('text/html; charset=utf-8').send(JSON.stringify(envelope())),
    noMessage: async () => {
      const { message: _message, ...rest } = envelope();
      return rest;
    },
  };
  const check = async (answer: keyof typeof answers) => {
    const fake = await startServer((app) => {
      app.get('/api/sys/ts/', answers[answer]);
    });
    try {
      const io = captureIo();
      const code = await runCli(['contract', 'check', '--target', fake.url, '--only', 'serverTime'], io);
      return { code, text: io.stdout() };
    } finally {
      await fake.close();
    }
  };

  it('passes a JSON envelope with its message', async () => {
    const { code, text } = await check('right');
    expect(text).toMatch(/serverTime\s+ok\s+0/);
    expect(code).toBe(0);
  });

  it('fails valid JSON sent as text/html, naming the content type', async () => {
    const { code, text } = await check('html');
    expect(text).toMatch(/serverTime\s+bad-envelope/);
    expect(text).toContain('(content-type): answered as text/html; an envelope comes as application/json');
    expect(code).toBe(1);
  });

  it('fails an envelope without its message, naming the field', async () => {
    const { code, text } = await check('noMessage');
    expect(text).toMatch(/serverTime\s+bad-envelope/);
    expect(text).toContain('message: the envelope has no message');
    expect(code).toBe(1);
  });
});
