// Integration test: contract check against small loopback servers whose bodies are broken in one way each;
// each problem line says what is wrong with the body, in words a reader of the report can act on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli';
import { captureIo } from './support/capture';
import { startServer } from './support/drifting';

/** What the server's one call answers now, set by each test. */
let body: 'trailing' | 'secret' | 'empty' | 'nodata' | 'gzip' = 'trailing';
let server: Awaited<ReturnType<typeof startServer>>;
beforeAll(async () => {
  server = await startServer((app) => {
    app.get('/api/sys/ts/', async (_request, reply) => {
      reply.type('application/json');
      switch (body) {
        case 'trailing':
          return reply.send(
            `{"result":0,"message":"ok","data":{"ts":${Date.now()}}}\n<!-- cached by edge -->`,
          );
        case 'secret':
          return reply.send('{"result":0,"data":{"session_key":"sk-leaky-123456"}} trailing');
        case 'empty':
          return reply.send('');
        case 'nodata':
          return reply.send(JSON.stringify({ result: 0, message: 'ok' }));
        case 'gzip':
          return reply.header('content-encoding', 'gzip').send(Buffer.from('this is not gzip at all'));
      }
    });
  });
});
afterAll(async () => {
  await server.close();
});

async function serverTimeProblems(answer: typeof body) {
  body = answer;
  const io = captureIo();
  const args = ['contract', 'check', '--target', server.url, '--only', 'serverTime'];
  const code = await runCli([...args, '--reporter', 'json'], io);
  const report = JSON.parse(io.stdout()) as {
    calls: { outcome: string; problems: { kind: string; field?: string; message: string }[] }[];
  };
  return { code, call: report.calls[0], text: io.stdout() };
}

describe('contract check names what is wrong with a body', () => {
  it('says JSON followed by something else is not JSON, where the rest starts, and how it begins, escaped', async () => {
    const { code, call } = await serverTimeProblems('trailing');
    expect(call?.outcome).toBe('bad-envelope');
    expect(call?.problems).toContainEqual({
      kind: 'envelope',
      field: '(body)',
      message: expect.stringMatching(
        /^the body is not JSON: a JSON value followed by other bytes at offset \d+; it begins "\{\\"result\\":0,\\"message\\":\\"ok\\",.*\}\\n<!-- cached by edge -->", and goes on at \d+ with "<!-- cached by edge -->"$/,
      ),
    });
    expect(code).toBe(1);
  });

  it('masks the value of a secret field in the beginning it shows', async () => {
    const { call, text } = await serverTimeProblems('secret');
    expect(call?.problems.map((p) => p.message)).toContainEqual(
      expect.stringContaining('\\"session_key\\":\\"•••\\"'),
    );
    expect(text).not.toContain('sk-leaky');
  });

  it('says an empty body is empty', async () => {
    const { call } = await serverTimeProblems('empty');
    expect(call?.problems.map((p) => p.message)).toContain(
      'the body is empty: an answer is a JSON envelope (SPEC §7)',
    );
  });

  it('says a successful answer without data is missing its data', async () => {
    const { call } = await serverTimeProblems('nodata');
    expect(call?.outcome).toBe('drift');
    expect(call?.problems).toEqual([
      {
        kind: 'data',
        field: 'data',
        message: 'data is missing: every answer carries result, message and data (SPEC §7)',
      },
    ]);
  });

  it('classes a body that cannot be decompressed as a body problem, not the network', async () => {
    const { call } = await serverTimeProblems('gzip');
    expect(call?.outcome).toBe('bad-envelope');
    expect(call?.problems).toEqual([
      {
        kind: 'envelope',
        field: '(body)',
        message:
          'the body could not be decompressed (Z_DATA_ERROR): its bytes are not the content-encoding the answer names',
      },
    ]);
  });
});
