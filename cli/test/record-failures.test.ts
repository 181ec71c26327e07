// Integration test: `topup record` in front of a broken backend (the mock behind a proxy of the test's own, on
// loopback): a failure it records must never become an expectation that replays green against that backend.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { runCli } from '../src/cli';
import { sendCall } from '../src/http/client';
import { encodeParams } from '../src/http/encode';
import { recordCommand } from '../src/record/command';
import { captureIo } from './support/capture';
import { type ProxiedAnswer, startProxyBackend } from './support/proxyBackend';

const dir = mkdtempSync(join(tmpdir(), 'topup-record-failures-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Breakage = 'down500' | 'panInAnswer' | 'refusalOffContract';
let breakage: Breakage = 'down500';

/** What the broken backend says instead of the mock's answer. */
function broken(path: string, upstream: ProxiedAnswer): ProxiedAnswer | undefined {
  const json = { 'content-type': 'application/json' };
  if (breakage === 'down500')
    return { status: 500, headers: json, body: '{"result":10005,"message":"internal error","data":null}' };
  if (path !== '/api/web/check_display_id/') return undefined;
  const body = JSON.parse(upstream.body) as {
    result: number;
    message: string;
    data: Record<string, unknown>;
  };
  if (breakage === 'panInAnswer')
    return {
      ...upstream,
      body: JSON.stringify({ ...body, data: { ...body.data, card_number: '4111111111111111' } }),
    };
  // A refusal the call can never answer (an order read's "not found").
  return { ...upstream, body: JSON.stringify({ result: 23001, message: 'not found', data: null }) };
}

let backend: Awaited<ReturnType<typeof startProxyBackend>>;
beforeAll(async () => {
  backend = await startProxyBackend((path, upstream) => broken(path, upstream));
});
afterAll(async () => {
  await backend.close();
});

/** Records the given lookups through the proxy, in-process; stops as Ctrl-C would. */
async function record(out: string, displayIds: readonly string[]) {
  const io = captureIo();
  let stop = () => {};
  const stopped = new Promise<void>((resolve) => {
    stop = resolve;
  });
  const done = recordCommand(
    { target: backend.url, host: '127.0.0.1', port: 0, out, timeout: 10_000 },
    io,
    stopped,
  );
  await io.when(({ stderr }) => / through http:\/\/127\.0\.0\.1:\d+/.test(stderr));
  const proxy = / through (http:\/\/127\.0\.0\.1:\d+)/.exec(io.stderr())?.[1] ?? '';
  for (const display_id of displayIds)
    await sendCall(proxy, 'checkDisplayId', encodeParams('checkDisplayId', { display_id, source: 1 }), {
      timeoutMs: 10_000,
    });
  stop();
  return { code: await done, stdout: io.stdout(), stderr: io.stderr() };
}

async function replay(file: string, target: string) {
  const io = captureIo();
  const code = await runCli(['scenario', 'run', file, '--target', target], io);
  return { code, stdout: io.stdout() };
}

describe('topup record never turns a failure into a passing expectation', () => {
  it.each([
    ['down500', ['10000001'], /DRIFT s1 checkDisplayId \(result 10005\)\n\s+HTTP 500; /],
    ['panInAnswer', ['10000001'], /DRIFT s1 checkDisplayId \(result 0\)\n\s+data\.card_number: /],
    ['refusalOffContract', ['10000001'], /DRIFT s1 checkDisplayId \(result 23001\)\n\s+result: /],
  ] as const)(
    '%s: exits 1, and the replay fails against that backend but passes on the mock as printed',
    async (mode, ids, live) => {
      breakage = mode;
      const out = join(dir, mode, 'scenarios', `${mode.toLowerCase()}.yaml`);
      const recorded = await record(out, ids);
      expect(recorded.stdout).toMatch(live);
      expect(recorded.code).toBe(1);
      const written = readFileSync(out, 'utf8');
      expect(written).not.toContain('conforms');
      expect(written).not.toContain('4111111111111111');
      expect(written).toMatch(/# 1 recorded answer\(s\) were failures/);
      const scenario = parse(written) as { steps: { expect?: Record<string, unknown> }[] };
      // No `conforms: false`, no HTTP status, no service-failure or off-contract result: a call that must be served.
      expect(scenario.steps[0]?.expect).toBeUndefined();

      const again = await replay(out, backend.url);
      expect(again.stdout).toMatch(/FAILED: 1 of 1 scenario failed/);
      expect(again.code).toBe(1);

      const hint = /^replay: topup (.+)$/m.exec(recorded.stderr)?.[1] ?? '';
      expect(hint).toBe(`scenario run ${out} --target mock`);
      const io = captureIo();
      expect(await runCli(hint.split(' '), io)).toBe(0);
      expect(io.stdout()).toMatch(/PASSED 1 scenario/);
    },
    60_000,
  );
});
