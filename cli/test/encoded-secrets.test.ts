// Integration test: the CLI talks HTTP, so it runs against a small backend listening on loopback, port 0.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli';
import { captureIo } from './support/capture';
import { startServer } from './support/drifting';

/**
 * A secret travels percent-encoded in a query (`password=Passw0rd%21`) and form-encoded in a body (a space
 * as `+`): a backend that echoes the request it got shows it so, and every reporter masks it there too.
 */
const dir = mkdtempSync(join(tmpdir(), 'topup-encoded-secrets-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const FIXTURES = join(__dirname, '..', 'fixtures', 'mock-backend.yaml');

let backend: Awaited<ReturnType<typeof startServer>>;
beforeAll(async () => {
  // Not the mock: every path, the clock's too, answers a refusal that echoes the URL it was asked.
  backend = await startServer((app) => {
    app.all('*', async (request) => ({
      result: 10001,
      message: `bad request ${decodeURIComponent(request.url)}`,
      data: { echo: request.url, lower: request.url.replace(/%[0-9A-F]{2}/g, (h) => h.toLowerCase()) },
    }));
  });
});
afterAll(() => backend.close());

describe('a secret echoed percent-encoded is masked', () => {
  for (const reporter of ['pretty', 'json', 'junit', 'html'])
    it(`signin-password's password, as the backend echoes its query (${reporter}, -v and --out)`, async () => {
      const io = captureIo();
      const out = join(dir, `report.${reporter}`);
      const base = ['scenario', 'run', 'signin-password', '--target', backend.url, '--fixtures', FIXTURES];
      const last = ['--last-run-file', join(dir, 'last.json')];
      expect(await runCli([...base, ...last, '--reporter', reporter, '-v'], io)).toBe(1);
      expect(await runCli([...base, ...last, '--reporter', reporter, '--out', out], captureIo())).toBe(1);
      const text = `${io.stdout()}\n${io.stderr()}\n${readFileSync(out, 'utf8')}`;
      // The echo reached the report (else this test checks nothing), its password masked in every form.
      expect(text).toContain('/api/user/account_login/');
      expect(text).not.toMatch(/Passw0rd/i);
    });
});
