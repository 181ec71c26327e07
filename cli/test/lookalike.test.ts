// Integration test: the CLI talks HTTP, so it runs against servers of the test's own on loopback, port 0.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { callByRoute, registry } from '@topup/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli';
import { type StartedMock, startMock } from '../src/commands/mockServer';
import { isSecretField } from '../src/report/mask';
import { CATALOGUE_FIXTURES } from '../src/scenario/fixtures';
import { captureIo } from './support/capture';
import { startServer } from './support/drifting';

/**
 * A URL target is a real backend unless the user says it is the mock: a server that merely answers the
 * mock's clock path as the mock does (`GET /__mock/clock` → its clock) is never sent the catalogue's test accounts, passwords
 * and session keys (TESTDATA), nor the writes the mock may take, nor the mock's control calls.
 */
const dir = mkdtempSync(join(tmpdir(), 'topup-lookalike-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The catalogue's secret values (passwords, session keys, tickets, sign-in tokens, card numbers, CVVs). */
const SECRETS = [
  ...new Set(
    Object.entries(CATALOGUE_FIXTURES)
      .filter(([name]) => !name.startsWith('wallet.')) // wallet outcome tokens are test switches
      .flatMap(([, value]) => Object.entries(value))
      .filter(([field, v]) => isSecretField(field) && (typeof v === 'string' || typeof v === 'number'))
      .map(([, v]) => String(v))
      .filter((v) => v.length >= 3),
  ),
];

interface Seen {
  readonly method: string;
  readonly url: string;
  readonly headers: string;
  body: string;
}

const decoded = (text: string): string => {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
};

/** Answers the mock's clock probe as the mock does, and every other request with result 0: it records all. */
let lookalike: Awaited<ReturnType<typeof startServer>>;
const seen: Seen[] = [];
beforeAll(async () => {
  lookalike = await startServer((app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    app.addHook('onRequest', async (request) => {
      seen.push({
        method: request.method,
        url: request.url,
        headers: JSON.stringify(request.headers),
        body: '',
      });
    });
    app.addHook('preHandler', async (request) => {
      const last = seen.at(-1);
      if (last !== undefined && typeof request.body === 'string') last.body = request.body;
    });
    app.get('/__mock/clock', async () => ({
      result: 0,
      message: '',
      data: { now: new Date().toISOString(), frozen: false },
    }));
    app.all('/*', async () => ({ result: 0, message: '', data: {} }));
  });
});
afterAll(() => lookalike.close());
beforeEach(() => {
  seen.length = 0;
});

/** The one request a URL target gets before it is told apart: a read of the mock's clock. */
const PROBE = 'GET /__mock/clock';
const routes = () => seen.map((r) => `${r.method} ${r.url.split('?')[0]}`);

/** What reached the look-alike that must not have: a catalogue secret, a write, a control call. */
function leaks(): string[] {
  const out: string[] = [];
  for (const request of seen) {
    const text = [request.url, request.headers, request.body].map((t) => `${t}\n${decoded(t)}`).join('\n');
    const route = `${request.method} ${request.url.split('?')[0]}`;
    // A short secret (a CVV, a PIN) is looked for as a whole value: a request id or a timestamp may hold its
    // digits (a final CI run: "123" inside a fuzz request's timestamp). A long one anywhere in the text.
    const values = new Set(text.split(/[^\p{L}\p{N}]+/u));
    const secret = SECRETS.find((s) => (s.length >= 8 ? text.includes(s) : values.has(s)));
    if (secret !== undefined) out.push(`${route}: a catalogue secret (${secret})`);
    const call = callByRoute(request.method, request.url);
    if (call === undefined && route !== PROBE) out.push(`${route}: not a call of the API`);
    if (call !== undefined && !registry[call].readOnly) out.push(`${route}: ${call}, a write`);
  }
  return [...new Set(out)];
}

const cli = async (args: readonly string[]) => {
  const io = captureIo();
  const code = await runCli(args, io);
  return { code, out: io.stdout(), err: io.stderr() };
};

describe('a server answering like the mock is a real backend unless told otherwise', () => {
  it('contract check without --fixtures sends it no secret, no write, no control call', async () => {
    const run = await cli(['contract', 'check', '--target', lookalike.url, '--timeout', '5000']);
    expect(seen.length).toBeGreaterThan(1);
    expect(leaks()).toEqual([]);
    expect(run.code).not.toBe(0);
  });

  it('contract check --writes without --fixtures sends it no write either', async () => {
    await cli(['contract', 'check', '--target', lookalike.url, '--writes', '--timeout', '5000']);
    expect(leaks()).toEqual([]);
  });

  it('contract fuzz sends it no secret, no write, no reset, and no sign-in sequence', async () => {
    const args = [
      '--seed',
      '7',
      '--runs',
      '1',
      '--sequence-runs',
      '1',
      '--rate',
      '1000',
      '--max-ms',
      '30000',
    ];
    await cli(['contract', 'fuzz', '--target', lookalike.url, ...args]);
    expect(seen.length).toBeGreaterThan(1);
    expect(leaks()).toEqual([]);
  }, 120_000);

  it('contract fuzz with a fixtures file fuzzes only the writes the file marks safe', async () => {
    const fixtures = join(dir, 'empty.yaml');
    writeFileSync(fixtures, 'version: 1\nfixtures: {}\n');
    const only = ['--only', 'serverTime', '--only', 'createCoinPay', '--only', 'accountLogin'];
    const run = await cli(['contract', 'fuzz', '--target', lookalike.url, '--fixtures', fixtures, ...only]);
    expect(leaks()).toEqual([]);
    expect(run.out).toMatch(/createCoinPay\s+skipped/);
  });

  it('scenario run sends it no password, no write and no control call', async () => {
    const run = await cli([
      'scenario',
      'run',
      'signin-password',
      'card-visa-approved',
      '--target',
      lookalike.url,
    ]);
    expect(seen.length).toBeGreaterThan(0);
    expect(leaks()).toEqual([]);
    expect(run.code).toBe(1);
  });
});

describe('the command says how it treats a URL target', () => {
  it.each([
    [['contract', 'check', '--only', 'serverTime']],
    [['contract', 'fuzz', '--only', 'serverTime', '--runs', '1', '--rate', '1000']],
    [['scenario', 'run', 'signin-password']],
  ])('%s: a real backend, with a hint that --mock marks a mock', async (args) => {
    const run = await cli([...args, '--target', lookalike.url]);
    expect(run.err).toContain(
      `target ${lookalike.url}/: a real backend (no --mock): no control API, no test data catalogue; it answers the mock's control API: add --mock if it is a topup mock you started\n`,
    );
    expect(leaks()).toEqual([]);
  });
});

describe('--mock marks a URL as a topup mock', () => {
  let mock: StartedMock;
  let plain: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    mock = await startMock();
    // A backend with no control API: the mock's clock path is not found there.
    plain = await startServer((app) => {
      app.addHook('onRequest', async (request) => {
        seen.push({ method: request.method, url: request.url, headers: '', body: '' });
      });
      app.all('/*', async (_request, reply) => reply.code(404).send({ result: 404, message: 'not found' }));
    });
  });
  afterAll(async () => {
    await mock.close();
    await plain.close();
  });

  it('scenario run: the catalogue and the control API are used, as on its own mock', async () => {
    const run = await cli([
      'scenario',
      'run',
      'signin-password',
      'card-visa-approved',
      '--target',
      mock.target.baseUrl,
      '--mock',
    ]);
    expect(run.err).toContain(
      `target ${mock.target.baseUrl}/: the mock (--mock): its control API and the test data catalogue (TESTDATA) are used\n`,
    );
    expect(run.out).toContain('PASSED 2 scenarios');
    expect(run.code).toBe(0);
    // Without --mock the same mock is a real backend: no catalogue values to sign in with.
    const bare = await cli(['scenario', 'run', 'signin-password', '--target', mock.target.baseUrl]);
    expect(bare.out).toContain(
      "signin-password: needs the values of signIn.password (as login), device, and a real backend's come from a fixtures file",
    );
    expect(bare.code).toBe(1);
  });

  it('contract check: the catalogue, its safe writes and expected refusals; a pass', async () => {
    const run = await cli(['contract', 'check', '--target', mock.target.baseUrl, '--mock']);
    expect(run.out).toMatch(/\naccountLogin\s+ok\s/);
    expect(run.out).toContain('PASSED contract check');
    expect(run.code).toBe(0);
  });

  it('contract fuzz: the writes fuzzed too, as on its own mock', async () => {
    const args = ['--only', 'accountLogin', '--only', 'createCoinPay', '--runs', '2', '--seed', '3'];
    const run = await cli([
      'contract',
      'fuzz',
      '--target',
      mock.target.baseUrl,
      '--mock',
      ...args,
      '--max-ms',
      '30000',
    ]);
    expect(run.out).toMatch(/createCoinPay\s+passed/);
    expect(run.code).toBe(0);
  });

  it.each([
    [['contract', 'check']],
    [['contract', 'fuzz', '--seed', '1']],
    [['scenario', 'run', 'signin-password']],
  ])(
    '%s: exits 2 when the URL does not answer the control API, having sent it only the probe',
    async (args) => {
      const run = await cli([...args, '--target', plain.url, '--mock']);
      expect(run.err).toContain(
        `topup: --mock: ${plain.url}/ does not answer the mock's control API (GET /__mock/clock answered HTTP 404, result 404); leave out --mock to treat it as a real backend, or start the mock without --no-control\n`,
      );
      expect(routes()).toEqual([PROBE]);
      expect(run.code).toBe(2);
    },
  );

  it.each([
    [['contract', 'check']],
    [['contract', 'fuzz', '--seed', '1']],
    [['scenario', 'run', 'signin-password']],
  ])('%s: exits 1 when nothing answers at the URL', async (args) => {
    const run = await cli([...args, '--target', 'http://127.0.0.1:4', '--mock']);
    expect(run.err).toMatch(/topup: --target: no answer from http:\/\/127\.0\.0\.1:4\/: .*ECONNREFUSED/);
    expect(run.code).toBe(1);
  });
});

describe('scenario run --compare: a URL there is a real backend', () => {
  it('the look-alike compared with the mock gets no secret, no write, no control call', async () => {
    const run = await cli([
      'scenario',
      'run',
      'signin-password',
      '--target',
      'mock',
      '--compare',
      lookalike.url,
    ]);
    expect(run.err).toContain(`target ${lookalike.url}/: a real backend (no --mock)`);
    expect(leaks()).toEqual([]);
    expect(run.code).toBe(1);
  });
});

describe('the mock-only commands (triggers and tail) send control calls only to a mock', () => {
  const refusal = (command: string) =>
    `topup: ${command} sends only the mock's control calls (/__mock/…), and --target ${lookalike.url}/ is a real backend unless --mock marks it a topup mock you started: nothing was sent; add --mock, or leave out --target for the mock topup mock starts (http://127.0.0.1:8080)\n`;

  it.each([
    ['mock force', ['mock', 'force', 'createCoinPay', '25001']],
    ['mock unforce', ['mock', 'unforce']],
    ['mock tail', ['mock', 'tail', '--count', '1', '--interval', '1']],
    ['room push', ['room', 'push', '5002']],
    ['room fault', ['room', 'fault', '5002', '--sn', '3', '--fault', 'drop']],
    ['room close', ['room', 'close', '5002']],
  ])('%s: a URL without --mock is refused (exit 2), and sent nothing', async (command, args) => {
    const run = await cli([...args, '--target', lookalike.url]);
    expect(run.err).toBe(refusal(command));
    expect(run.out).toBe('');
    expect(run.code).toBe(2);
    expect(seen).toEqual([]);
  });

  it.each([
    [['mock', 'force', 'createCoinPay', '25001'], 'POST /__mock/force'],
    [['mock', 'unforce'], 'DELETE /__mock/force'],
    [['room', 'push', '5002'], 'POST /__mock/rooms/5002/push'],
  ])('%s with --mock: the clock read, then the control call, and only them', async (args, route) => {
    const run = await cli([...args, '--target', lookalike.url, '--mock']);
    expect(run.code).toBe(0);
    expect(routes()).toEqual([PROBE, route]);
  });
});
