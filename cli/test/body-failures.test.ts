// Integration test: scenario run against a small server on loopback, port 0, whose answers are broken in one
// way each: the failure line says what is wrong with the answer, not something it is not.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli';
import { captureIo } from './support/capture';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'mock-backend.yaml');
const ANSWER = '{"result":0,"message":"success","data":{"uid":1001}}';
const dir = mkdtempSync(join(tmpdir(), 'topup-body-failures-'));
let mode: 'gzip' | 'stall' | 'trailing' = 'gzip';
let server: Server;
let url: string;
beforeAll(async () => {
  // The control API answers 404 (a real backend); each API call answers as `mode` says.
  server = createServer((request, response) => {
    if (!request.url?.startsWith('/api/')) return response.writeHead(404).end();
    if (mode === 'gzip')
      return response
        .writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' })
        .end(ANSWER);
    if (mode === 'trailing')
      return response.writeHead(200, { 'content-type': 'application/json' }).end(`${ANSWER}{"result":1}`);
    // Headers and the first bytes, then nothing more.
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': String(ANSWER.length) });
    response.write(ANSWER.slice(0, 5));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

async function firstFailure(as: typeof mode): Promise<string> {
  mode = as;
  const io = captureIo();
  const args = [
    'scenario',
    'run',
    'account-normal',
    '--target',
    url,
    '--fixtures',
    FIXTURES,
    '--timeout',
    '800',
  ];
  expect(await runCli([...args, '--reporter', 'json', '--last-run-file', join(dir, 'last.json')], io)).toBe(
    1,
  );
  const report = JSON.parse(io.stdout()) as { scenarios: { steps: { failures: string[] }[] }[] };
  return report.scenarios[0]?.steps[0]?.failures.join('\n') ?? '';
}

describe('scenario run names what is wrong with an answer', () => {
  it('a body that cannot be decompressed: says so, not "expected HTTP 200, got 0"', async () => {
    const failure = await firstFailure('gzip');
    expect(failure).not.toContain('got 0');
    expect(failure).toContain('the body could not be decompressed (Z_DATA_ERROR)');
  });

  it('a body that stalls after its headers: says so, not that no answer came', async () => {
    const failure = await firstFailure('stall');
    expect(failure).toBe(
      'the body stalled after the headers (HTTP 200): the whole answer did not come within 800 ms',
    );
  });

  it('JSON followed by more bytes: gives the offset where they start', async () => {
    const failure = await firstFailure('trailing');
    expect(failure).toContain(
      `not an envelope: (body): the body is not JSON: a JSON value followed by other bytes at offset ${ANSWER.length};`,
    );
    expect(failure).toContain(`and goes on at ${ANSWER.length} with "{\\"result\\":1}"`);
  });
});
