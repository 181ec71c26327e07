// Integration test: the CLI talks HTTP, so it runs against mock servers (or fake backends) listening on loopback, port 0.
// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the workflow's ${{ matrix.shard }} is GitHub Actions syntax inside plain strings
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli';
import { type StartedMock, startMock } from '../src/commands/mockServer';
import { sendCall, sendJson } from '../src/http/client';
import { encodeParams } from '../src/http/encode';
import { REPO_ROOT, runBin } from './support/bin';
import { captureIo } from './support/capture';
import { startDriftedBackend } from './support/driftedBackend';
import { startServer } from './support/drifting';

/**
 * The README's CI example, run as written: each `npm exec --no -- topup …` line of the workflow, with the
 * test's own mock (posing as a real backend, no control API) in place of port 8080 and a temporary folder in
 * place of reports/.
 */
const readme = readFileSync(join(REPO_ROOT, 'cli', 'README.md'), 'utf8');
const ciBlock = /## CI, start to end\n\n```yaml\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
const PREFIX = 'npm exec --no -- topup ';
const commands = ciBlock
  .split('\n')
  .map((line) => /- run: (.*)$/.exec(line)?.[1]?.trim())
  .filter((c): c is string => c?.startsWith(PREFIX) === true)
  .map((c) => c.slice(PREFIX.length));

describe("the README's CI example", () => {
  let backend: StartedMock;
  const reports = mkdtempSync(join(tmpdir(), 'topup-readme-'));
  beforeAll(async () => {
    backend = await startMock({ control: false });
  });
  afterAll(async () => {
    await backend.close();
    rmSync(reports, { recursive: true, force: true });
  });

  it('documents the commands that cannot fall through to the public registry', () => {
    expect(commands.length).toBeGreaterThanOrEqual(5);
    for (const file of ['README.md', 'cli/README.md']) {
      expect(readFileSync(join(REPO_ROOT, file), 'utf8')).not.toMatch(
        /npx topup (?:scenario|contract|mock|room|-)/,
      );
    }
    expect(readme).toContain('npm exec --no -- topup');
  });

  it('runs every topup command of the workflow to a pass', async () => {
    const base = backend.target.baseUrl.replace(/\/$/, '');
    for (const command of commands) {
      if (command.startsWith('mock ')) continue; // the test's own mock stands in for it
      const shards = command.includes('${{ matrix.shard }}') ? ['1', '2', '3', '4'] : [''];
      for (const shard of shards) {
        const args = command
          .replaceAll('${{ matrix.shard }}', shard)
          .replaceAll('http://127.0.0.1:8080', base)
          .split(/\s+/)
          .map((arg) => (arg.startsWith('reports/') ? join(reports, arg.slice('reports/'.length)) : arg))
          .map((arg) => (arg.startsWith('cli/') ? join(REPO_ROOT, arg) : arg));
        const io = captureIo();
        const code = await runCli(args, io);
        expect([command, shard, code, code === 0 ? '' : io.stdout().slice(-2000) + io.stderr()]).toEqual([
          command,
          shard,
          0,
          '',
        ]);
      }
    }
    expect(readFileSync(join(reports, 'scenarios.html'), 'utf8')).toContain('PASSED');
  }, 240_000);

  it('passes none of them against a backend that refuses everything or one that drifts', async () => {
    const refusing = await startServer((app) => {
      app.all('/*', async () => ({ result: 10005, message: 'internal', data: null }));
    });
    // Answers every call 0 with data of no call's shape.
    const drifting = await startServer((app) => {
      app.all('/*', async () => ({ result: 0, message: '', data: { drifted: true } }));
    });
    try {
      const against = commands.filter((c) => c.includes('http://127.0.0.1:8080') && !c.startsWith('mock '));
      expect(against.length).toBeGreaterThanOrEqual(3);
      for (const server of [refusing, drifting]) {
        for (const command of against) {
          const args = command
            .replaceAll('http://127.0.0.1:8080', server.url)
            .split(/\s+/)
            .map((arg) =>
              arg.startsWith('reports/') ? join(reports, `bad-${arg.slice('reports/'.length)}`) : arg,
            )
            .map((arg) => (arg.startsWith('cli/') ? join(REPO_ROOT, arg) : arg));
          const code = await runCli(args, captureIo());
          expect([command, server.url, code === 0]).toEqual([command, server.url, false]);
        }
      }
    } finally {
      await refusing.close();
      await drifting.close();
    }
  }, 240_000);

  it("runs the README's example card, 3-D Secure, wallet and room scenarios as written", async () => {
    const blocks = [...readme.matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => m[1] ?? '');
    const files = ['my-card-declined', 'my-3ds-challenge-passed', 'my-wallet-pending-success'].map((name) => {
      const block = blocks.find((b) => b.includes(`name: ${name}\n`));
      expect([name, block !== undefined]).toEqual([name, true]);
      const file = join(reports, `${name}.yaml`);
      writeFileSync(file, block ?? '');
      return file;
    });
    const room = blocks.find((b) => b.includes('until: { sn: "+3" }'));
    expect(room).toBeDefined();
    const roomFile = join(reports, 'my-room.yaml');
    writeFileSync(
      roomFile,
      `version: 1\nname: my-room\ndescription: the README's room example\n${room ?? ''}`,
    );
    const valid = captureIo();
    expect(await runCli(['scenario', 'validate', ...files, roomFile], valid)).toBe(0);
    const io = captureIo();
    expect(await runCli(['scenario', 'run', ...files, roomFile, '--concurrency', '2'], io)).toBe(0);
    expect(io.stdout()).toContain('PASSED 4 scenarios');
    // The provider flows table names the fields a QA engineer must pass on.
    const flows = /### The provider token flows\n([\s\S]*?)\nA card scenario/.exec(readme)?.[1] ?? '';
    for (const field of [
      'zp_orderid',
      'display_name',
      'domain_name',
      'app_order',
      'merchant_identifier',
      'threeDSResult',
      'apple_pay_token',
    ])
      expect([field, flows.includes(field)]).toEqual([field, true]);
  });
});

/** Every `npm exec --no -- topup …` command line the README shows, as written (comments and `&` cut). */
const allCommands = readme
  .split('\n')
  .map((line) => /^\s*(?:\$ |- run: )?npm exec --no -- topup (.*)$/.exec(line)?.[1])
  .filter((c): c is string => c !== undefined)
  .map((c) =>
    c
      .replace(/\s+#.*$/, '')
      .replace(/\s*&$/, '')
      .trim(),
  );

/** Arguments as a shell splits them (single- or double-quoted words kept whole). */
const shellWords = (command: string) =>
  [...command.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3] ?? '');

/** Commands that talk to no backend: help, starting a mock, the catalogue's files, reports, coverage. */
const BACKEND_FREE =
  /^(--help|mock --|scenario (list|validate|merge|schema)|coverage)|^scenario run (?!.*--target)/;
/** Commands whose target is 8080 unless --target says another (the mock's control API). */
const DEFAULT_8080 = /^(mock (tail|force|unforce)|room (push|fault|close))\b/;

describe('every command the README shows, against a backend that is wrong', () => {
  it('finds each command, and each one that reaches a backend names it or defaults to 8080', () => {
    expect(allCommands.length).toBeGreaterThanOrEqual(25);
    for (const command of allCommands)
      expect([
        command,
        BACKEND_FREE.test(command) ||
          DEFAULT_8080.test(command) ||
          /127\.0\.0\.1:8080|staging\.example/.test(command),
      ]).toEqual([command, true]);
  });

  it('exits non-zero from every command that reaches one refusing everything, or one drifted', async () => {
    const reports = mkdtempSync(join(tmpdir(), 'topup-readme-bad-'));
    const refusing = await startServer((app) => {
      app.all('/*', async () => ({ result: 10005, message: 'internal', data: null }));
    });
    const drifted = await startDriftedBackend();
    const reached = allCommands.filter((c) => !BACKEND_FREE.test(c) && !c.startsWith('record '));
    try {
      expect(reached.length).toBeGreaterThanOrEqual(11);
      for (const server of [refusing, drifted]) {
        const host = server.url.replace(/^http:\/\//, '');
        for (const command of reached) {
          const args = shellWords(
            command
              .replaceAll('127.0.0.1:8080', host)
              .replaceAll('https://staging.example/', `${server.url}/`),
          )
            .map((arg) => (arg.startsWith('reports/') ? join(reports, arg.slice('reports/'.length)) : arg))
            .map((arg) => (arg.startsWith('cli/') ? join(REPO_ROOT, arg) : arg));
          if (DEFAULT_8080.test(command)) args.push('--target', server.url);
          const io = captureIo();
          const code = await runCli(args, io);
          expect([command, server.url, code === 0 ? io.stdout().slice(-400) : 'not 0']).toEqual([
            command,
            server.url,
            'not 0',
          ]);
        }
      }
      // record: the README's line (on a free port, into a temporary folder), one lookup through it, Ctrl-C.
      const record = allCommands.find((c) => c.startsWith('record '));
      expect(record).toBeDefined();
      for (const server of [refusing, drifted]) {
        const args = shellWords(
          (record ?? '')
            .replace('https://staging.example/', `${server.url}/`)
            .replace('--port 8090', '--port 0')
            .replace('scenarios/', `${reports}/scenarios/`),
        );
        const run = await runBin(args, {
          limitMs: 30_000,
          whileRunning: async (child, stderrContains, stderr) => {
            await stderrContains('Ctrl-C writes the scenario');
            const proxy = / through (http:\/\/127\.0\.0\.1:\d+)/.exec(stderr())?.[1] ?? '';
            const params = encodeParams('checkDisplayId', { display_id: '10000001', source: 1 });
            await sendCall(proxy, 'checkDisplayId', params);
            child.kill('SIGINT');
          },
        });
        expect([record, server.url, run.code, run.stderr.includes('wrote ')]).toEqual([
          record,
          server.url,
          1,
          true,
        ]);
      }
    } finally {
      await refusing.close();
      await drifted.close();
      rmSync(reports, { recursive: true, force: true });
    }
  }, 300_000);
});

describe("the README's QA session", () => {
  it("faults the room's next frame as step 5 writes it, however far the room has moved on", async () => {
    const session = /## A QA session, start to end\n\n```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
    const fault = /^npm exec --no -- topup (room fault [^#\n]*?)\s*(?:#.*)?$/m.exec(session)?.[1];
    expect(fault).toBeDefined();
    const mock = await startMock();
    try {
      const room = async () =>
        (
          (await sendJson(mock.target.baseUrl, 'GET', '/__mock/rooms/5002')).body as {
            data: { sn: number; faults: unknown[] };
          }
        ).data;
      // The room moves on past frame 3, as a room does while a QA session goes through steps 1 to 4.
      for (let i = 0; i < 4; i += 1)
        await sendJson(mock.target.baseUrl, 'POST', '/__mock/rooms/5002/push', {
          directives: [{ op: 'mset', values: { fans_count: i } }],
        });
      const before = (await room()).sn;
      expect(before).toBeGreaterThan(3);
      const io = captureIo();
      const code = await runCli([...shellWords(fault ?? ''), '--target', mock.target.baseUrl, '--mock'], io);
      expect(io.stderr()).toBe('');
      expect(code).toBe(0);
      expect((await room()).faults).toEqual([{ sn: before + 1, kind: 'drop' }]);
    } finally {
      await mock.close();
    }
  });

  it('replays a scenario against the mock of step 1 as step 3 writes it, taking the URL for the mock', async () => {
    const session = /## A QA session, start to end\n\n```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
    const replay = session
      .split('\n')
      .map((line) =>
        /^npm exec --no -- topup (scenario run .*--target http:\/\/127\.0\.0\.1:8080.*)$/.exec(line),
      )
      .find((m) => m !== null)?.[1];
    expect(replay).toBeDefined();
    const mock = await startMock(); // with its control API, as `topup mock` starts it
    try {
      const io = captureIo();
      const args = shellWords((replay ?? '').replaceAll('http://127.0.0.1:8080', mock.target.baseUrl));
      const code = await runCli(args, io);
      expect(io.stderr()).toContain(`target ${mock.target.baseUrl}/: the mock (--mock)`);
      expect(io.stdout()).toContain('PASSED 1 scenario');
      expect(code).toBe(0);
    } finally {
      await mock.close();
    }
  });
});
