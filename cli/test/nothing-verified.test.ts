// Integration test: the CLI talks HTTP, so it runs against small backends listening on loopback, port 0.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBin } from './support/bin';
import { startServer } from './support/drifting';
import { parseXml } from './support/xml';

/**
 * A backend that is down never passes the contract check: a fixtures file may not expect the codes that
 * mean the service failed, and a run in which no call was answered ok verified nothing, so it fails, in
 * every reporter, whatever its refusals.
 */
const dir = mkdtempSync(join(tmpdir(), 'topup-nothing-verified-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const write = (name: string, text: string) => {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
};

/** The 9 read-only calls that need no fixture value. */
const READS = [
  'backupDomains',
  'batchRequest',
  'checkDomainPayable',
  'config',
  'hii',
  'pageViewIdResult',
  'position',
  'serverTime',
  'h5Info',
];
const expecting = (code: number) =>
  `version: 1\nexpectRefusals:\n${READS.map((call) => `  ${call}: [${code}]`).join('\n')}\n`;
/** The order reads of the sample order: "order not found" (23001) is a refusal of their own. */
const ORDER_READS = ['getOrderInfo', 'payResultByOrderFast', 'getPayError', 'getCardInfoByOrder'];
const SAMPLE_ORDER =
  'fixtures:\n  order.sample: { order_id: ord-none }\n  device: { h5_deviceid: d-1, uuid: u-1 }\n';

let down: Awaited<ReturnType<typeof startServer>>;
let orderless: Awaited<ReturnType<typeof startServer>>;
let timeOnly: Awaited<ReturnType<typeof startServer>>;
/** Answers every request, whatever its method and body, with one envelope. */
const answering = (result: number, message: string) =>
  startServer((app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', (_request, _body, done) => done(null));
    app.all('/*', async () => ({ result, message, data: null }));
  });
beforeAll(async () => {
  // Down: its internal error to every call. Orderless: "order not found" to every call.
  down = await answering(10005, 'server error');
  orderless = await answering(23001, 'order not found');
  // Answers the server time, and refuses everything else as an order not found.
  timeOnly = await startServer((app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', (_request, _body, done) => done(null));
    app.get('/api/sys/ts/', async () => ({ result: 0, message: 'ok', data: { ts: Date.now() } }));
    app.all('/*', async () => ({ result: 23001, message: 'order not found', data: null }));
  });
});
afterAll(async () => {
  await Promise.all([down.close(), orderless.close(), timeOnly.close()]);
});

describe('a fixtures file cannot expect the service to fail', () => {
  it('refuses 10005 under expectRefusals with one line a call, exit 2, and sends nothing (real binary)', async () => {
    const file = write('down.yaml', expecting(10005));
    const run = await runBin(['contract', 'check', '--target', down.url, '--fixtures', file]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(`invalid fixtures file ${file}`);
    for (const call of READS)
      expect(run.stderr).toContain(
        `  - expectRefusals.${call}: 10005 (internal) is the server's own error, not a refusal`,
      );
  }, 60_000);

  it('refuses the client codes for no answer and HTTP statuses, naming each', async () => {
    const file = write('transport.yaml', 'version: 1\nexpectRefusals:\n  serverTime: [-1, -2, -5, 503]\n');
    const run = await runBin(['contract', 'check', '--target', down.url, '--fixtures', file]);
    expect(run.code).toBe(2);
    const err = run.stderr;
    expect(err).toContain('expectRefusals.serverTime: -1 (timeout) is the client');
    expect(err).toContain('expectRefusals.serverTime: -2 (network) is the client');
    expect(err).toContain('expectRefusals.serverTime: -5 (abort) is the client');
    expect(err).toContain('expectRefusals.serverTime: 503 is an HTTP status, not a result code');
  }, 60_000);

  it('refuses 10004 (a call the backend does not know) and 10002 (a throttle), one line each', async () => {
    const file = write(
      'unserved.yaml',
      'version: 1\nexpectRefusals:\n  serverTime: [10004]\n  hii: [10002]\n',
    );
    const run = await runBin(['contract', 'check', '--target', down.url, '--fixtures', file]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(
      '  - expectRefusals.serverTime: 10004 (unknownCall) is the server saying it does not know the call, not a refusal: a backend that lacks the endpoint fails the check\n',
    );
    expect(run.stderr).toContain(
      '  - expectRefusals.hii: 10002 (rateLimited) is the server turning the call away for too many calls, not a refusal: a backend that throttles the check fails it\n',
    );
  }, 60_000);
});

describe('a call the backend did not serve fails, named for what it is', () => {
  let unserving: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    // Answers the server time; does not know hii; throttles the backup domains; fails the config.
    unserving = await startServer((app) => {
      app.addContentTypeParser('*', (_request, _body, done) => done(null));
      app.get('/api/sys/ts/', async () => ({ result: 0, message: 'ok', data: { ts: Date.now() } }));
      app.get('/api/gm/hii', async () => ({ result: 10004, message: 'unknown call', data: null }));
      app.get('/api/sys/backup_domains/', async () => ({ result: 10002, message: 'slow down', data: null }));
      app.post('/api/sys/config/', async () => ({ result: 10005, message: 'server error', data: null }));
      app.get('/api/timeline/position/', async () => ({ result: 10001, message: 'bad param', data: null }));
    });
  });
  afterAll(() => unserving.close());

  it('fails each such call with the reason, never offering expectRefusals as the way out (real binary)', async () => {
    const only = ['serverTime', 'hii', 'backupDomains', 'config'].flatMap((call) => ['--only', call]);
    const run = await runBin(['contract', 'check', '--target', unserving.url, ...only]);
    expect(run.code).toBe(1);
    const text = run.stdout;
    expect(text).toMatch(/serverTime\s+ok\s+0/);
    expect(text).toMatch(/hii\s+unverified\s+10004/);
    expect(text).toMatch(/backupDomains\s+unverified\s+10002/);
    expect(text).toMatch(/config\s+unverified\s+10005/);
    expect(text).toContain(
      'hii (GET /api/gm/hii): unverified\n    result: 10004 (unknownCall) is the server saying it does not know the call, not a refusal',
    );
    expect(text).toContain(
      'backupDomains (GET /api/sys/backup_domains/): unverified\n    result: 10002 (rateLimited) is the server turning the call away for too many calls',
    );
    expect(text).toContain(
      "config (POST /api/sys/config/): unverified\n    result: 10005 (internal) is the server's own error",
    );
    expect(text).not.toContain('list it under expectRefusals');
    expect(text).toMatch(/FAILED contract check/);
  }, 60_000);

  it('names a refusal every call may answer for what it is, never offering expectRefusals (real binary)', async () => {
    const run = await runBin(['contract', 'check', '--target', unserving.url, '--only', 'position']);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/position\s+unverified\s+10001/);
    expect(run.stdout).toContain(
      "10001 (invalidParam) is a code every call may answer, not position's own refusal",
    );
    expect(run.stdout).not.toContain('list it under expectRefusals');
  }, 60_000);
});

describe('a run in which no call was answered ok fails', () => {
  it('fails, saying nothing was verified, though every refusal was expected (real binary, 3 reporters)', async () => {
    const file = write(
      'orderless.yaml',
      `version: 1\n${SAMPLE_ORDER}expectRefusals:\n${ORDER_READS.map((call) => `  ${call}: [23001]`).join('\n')}\n`,
    );
    const only = ORDER_READS.flatMap((call) => ['--only', call]);
    const args = ['contract', 'check', '--target', orderless.url, '--fixtures', file, ...only];
    const text = await runBin(args);
    expect(text.code).toBe(1);
    expect(text.stdout).toMatch(/getOrderInfo\s+refused\s+23001/);
    expect(text.stdout).toContain(
      "nothing was verified: no call was answered ok, so no answer's data was checked against its contract (4 refused)",
    );
    expect(text.stdout).toMatch(/FAILED contract check .*4 refused/);
    expect(text.stdout).not.toContain('PASSED');

    const json = await runBin([...args, '--reporter', 'json']);
    expect(json.code).toBe(1);
    const report = JSON.parse(json.stdout) as { passed: boolean; runProblem?: string };
    expect(report.passed).toBe(false);
    expect(report.runProblem).toMatch(/^nothing was verified: /);

    const out = join(dir, 'orderless.xml');
    const junit = await runBin([...args, '--reporter', 'junit', '--out', out]);
    expect(junit.code).toBe(1);
    const xml = readFileSync(out, 'utf8');
    expect(Number(parseXml(xml).attrs.failures)).toBeGreaterThan(0);
    expect(xml).toMatch(/<testcase classname="contract.summary" name="something verified"[^>]*>\s*<failure/);
    expect(xml).toContain('nothing was verified: no call was answered ok');
  }, 60_000);

  it('passes one call answered ok beside an expected refusal, and fails that refusal unexpected', async () => {
    const file = write(
      'one-ok.yaml',
      `version: 1\n${SAMPLE_ORDER}expectRefusals:\n  getOrderInfo: [23001]\n`,
    );
    const only = ['--only', 'serverTime', '--only', 'getOrderInfo'];
    const run = await runBin(['contract', 'check', '--target', timeOnly.url, '--fixtures', file, ...only]);
    expect(run.stdout).toMatch(/serverTime\s+ok\s+0/);
    expect(run.stdout).toMatch(/getOrderInfo\s+refused\s+23001/);
    expect(run.stdout).not.toContain('nothing was verified');
    expect(run.code).toBe(0);
    const values = write('values-only.yaml', `version: 1\n${SAMPLE_ORDER}`);
    const alone = await runBin([
      'contract',
      'check',
      '--target',
      timeOnly.url,
      '--fixtures',
      values,
      ...only,
    ]);
    expect(alone.stdout).toMatch(/getOrderInfo\s+unverified\s+23001/);
    expect(alone.code).toBe(1);
  }, 60_000);
});
