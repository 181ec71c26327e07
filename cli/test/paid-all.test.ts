// Integration test: the CLI talks HTTP, so it runs the mock and a proxy of the test's own on loopback, port 0.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli';
import { type StartedMock, startMock } from '../src/commands/mockServer';
import { captureIo } from './support/capture';
import { type ProxiedAnswer, startProxyBackend } from './support/proxyBackend';

/**
 * A refused payment is not paid (SPEC §4: the result poll's 0 means success): every scenario of the catalogue
 * whose order is refused reads the order's result back. Behind a backend whose result poll says paid for
 * every order, exactly those scenarios fail, at that read; the refusal's own answer is not enough.
 */
const REFUSED = [
  'card-3ds-challenge-failed',
  'saved-card-bank-expired',
  'saved-card-wrong-security-code',
  'wallet-insufficient',
  'wallet-risk',
  'wallet-timeout',
];
const dir = mkdtempSync(join(tmpdir(), 'topup-paid-all-'));

/** Every answer of the fast result poll says paid (0). */
function paidAll(path: string, upstream: ProxiedAnswer): ProxiedAnswer | undefined {
  if (!path.startsWith('/api/web/pay_result_by_order_fast/')) return undefined;
  const json = JSON.parse(upstream.body) as { data?: { result?: number } };
  if (json.data?.result !== undefined) json.data.result = 0;
  return { ...upstream, body: JSON.stringify(json) };
}

let mock: StartedMock;
let proxy: { url: string; close: () => Promise<void> };
beforeAll(async () => {
  mock = await startMock();
  proxy = await startProxyBackend(paidAll, '/', mock);
});
afterAll(async () => {
  await proxy.close();
  await mock.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('refused payments whose result poll says paid', () => {
  it('fail every refused-payment scenario at its result read; a paid one still passes', async () => {
    const io = captureIo();
    const args = [
      'scenario',
      'run',
      ...REFUSED,
      'card-amex-refused-by-provider17',
      '--target',
      proxy.url,
      '--mock',
    ];
    const code = await runCli([...args, '--reporter', 'json', '--last-run-file', join(dir, 'last.json')], io);
    expect(code).toBe(1);
    const report = JSON.parse(io.stdout()) as {
      scenarios: { name: string; status: string; steps: { status: string; label: string }[] }[];
    };
    const failed = report.scenarios.filter((s) => s.status === 'failed');
    expect(failed.map((s) => s.name).sort()).toEqual(REFUSED);
    for (const s of failed)
      expect(s.steps.find((x) => x.status === 'failed')?.label, s.name).toMatch(
        /^refused order PO\w+ reads back as failed, not paid$/,
      );
    expect(report.scenarios.filter((s) => s.status === 'passed').map((s) => s.name)).toEqual([
      'card-amex-refused-by-provider17',
    ]);
  }, 120_000);
});
