// Integration test: the CLI talks HTTP, so it runs against mock servers (or fake backends) listening on loopback, port 0.
// biome-ignore-all lint/suspicious/noTemplateCurlyInString: scenario references are written ${...} inside plain strings
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignIn } from '@topup/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { runCli } from '../src/cli';
import { type StartedMock, startMock } from '../src/commands/mockServer';
import { sendCall } from '../src/http/client';
import { encodeParams } from '../src/http/encode';
import { RoomSession } from '../src/room/session';
import { captureIo } from './support/capture';

const BIN = join(import.meta.dirname, '..', 'bin', 'topup.mjs');
const dir = mkdtempSync(join(tmpdir(), 'topup-record-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Recording {
  readonly child: ChildProcess;
  readonly proxy: string;
  stop(): Promise<{ code: number | null; stdout: string; stderr: string }>;
}

/** Starts the real binary as a recording proxy and waits for the line that gives its address. */
function startRecording(args: readonly string[]): Promise<Recording> {
  const child = spawn(process.execPath, [BIN, 'record', '--port', '0', ...args], {
    env: { ...process.env, NO_COLOR: '1' },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const proxy = / through (http:\/\/127\.0\.0\.1:\d+)/.exec(stderr)?.[1];
      if (proxy !== undefined)
        resolve({
          child,
          proxy,
          stop: async () => {
            child.kill('SIGINT');
            const code = await exited;
            return { code, stdout, stderr };
          },
        });
    });
    child.on('exit', () => reject(new Error(`the recorder exited early: ${stderr}`)));
  });
}

const call = async (
  proxy: string,
  name: Parameters<typeof encodeParams>[0],
  params: Record<string, unknown>,
) => {
  const answer = await sendCall(proxy, name, encodeParams(name, params), { timeoutMs: 10_000 });
  return answer.body as { result: number; data: Record<string, unknown> };
};

describe('topup record in front of the mock (the real binary)', () => {
  let mock: StartedMock;
  beforeAll(async () => {
    mock = await startMock({ control: false });
  });
  afterAll(async () => {
    await mock.close();
  });

  it('writes a redacted scenario and its fixtures on Ctrl-C, and the scenario replays against the mock', async () => {
    const out = join(dir, 'scenarios', 'recorded-checkout.yaml');
    const recording = await startRecording(['--target', mock.target.baseUrl, '--out', out]);
    const device = { h5_deviceid: 'h5-device-10000001' };
    const login = await call(recording.proxy, 'accountLogin', {
      display_uid: SignIn.password.display_uid,
      password: SignIn.password.password,
      uuid: 'rec-uuid-1',
    });
    expect(login.result).toBe(0);
    const session = String(login.data.session_key);
    const user = login.data.user as { uid: number };
    await call(recording.proxy, 'getCardSource', { ...device, session_key: session });
    const list = await call(recording.proxy, 'getRechargeListV3', {
      uid: user.uid,
      source: 1,
      session_key: session,
    });
    // A package provider 6 (pay type 24) sells: its orders need no card frame.
    const pkg = (list.data.list as { recharge_id: string; pay_sub_types: number[] }[]).find((p) =>
      p.pay_sub_types.includes(24),
    );
    const order = await call(recording.proxy, 'createCoinPay', {
      recharge_id: pkg?.recharge_id,
      uid: user.uid,
      pay_type: 24,
      source: 1,
      session_key: session,
      ext: { ...device, session_key: session },
    });
    expect(order).toMatchObject({ result: 0 });
    const orderId = String(order.data.order_id);
    await call(recording.proxy, 'payResultByOrderFast', {
      zp_orderid: orderId,
      zp_h5deviceid: device.h5_deviceid,
    });
    await call(recording.proxy, 'clickCancel', { app_order: orderId, reason: 'changed my mind' });
    // A card number typed into a free-text field by mistake, and a banned account: an expected failure.
    await call(recording.proxy, 'addEvent', {
      event_name: 'oops',
      uuid: 'rec-uuid-1',
      version: '1',
      str_param1: '4242 4242 4242 4242',
    });
    await call(recording.proxy, 'checkDisplayId', { display_id: '10000003', source: 1 });
    // Not a registry call: forwarded, not recorded.
    await fetch(`${recording.proxy}/not/a/call`);
    // The live room through the proxy, until three messages came (it ticks about once a second).
    const room = new RoomSession(
      `${recording.proxy.replace('http:', 'ws:')}/ws/room`,
      '5001',
      async () => undefined,
    );
    await room.open();
    expect(await room.waitFor(() => room.counters.messages >= 3, 10_000)).toBe(true);
    await room.close();

    const { code, stdout, stderr } = await recording.stop();
    expect(stderr).toContain(`wrote ${out} (9 steps)`);
    expect(code).toBe(0);
    expect(stdout).toMatch(/✓ {3}s1 accountLogin \(result 0\)\n/);
    expect(stdout).toMatch(/✓ {3}s8 checkDisplayId \(result 20001\)/);
    expect(stdout).toContain('not a registry call: GET /not/a/call');
    expect(stdout).toMatch(/✓ {3}r9 room 5001: \d+ messages, sn \d+/);

    const text = readFileSync(out, 'utf8');
    for (const secret of [SignIn.password.password, session, '4242 4242 4242 4242', '4242424242424242']) {
      expect(text).not.toContain(secret);
    }
    const scenario = parse(text) as { fixtures: Record<string, string>; steps: Record<string, unknown>[] };
    expect(scenario.fixtures).toEqual({ passwordSignIn: 'signIn.password' });
    expect(scenario.steps[0]).toMatchObject({
      call: 'accountLogin',
      params: { display_uid: SignIn.password.display_uid, password: '${fixtures.passwordSignIn.password}' },
    });
    expect(scenario.steps[2]).toMatchObject({
      call: 'getRechargeListV3',
      params: { uid: user.uid, session_key: '${steps.s1.data.session_key}' },
    });
    expect(scenario.steps[3]).toMatchObject({
      call: 'createCoinPay',
      params: {
        recharge_id: expect.stringMatching(/^\$\{steps\.s3\.data\.list\[\d+\]\.recharge_id\}$/),
        session_key: '${steps.s1.data.session_key}',
        ext: { session_key: '${steps.s1.data.session_key}' },
      },
    });
    expect(scenario.steps[5]).toMatchObject({
      call: 'clickCancel',
      params: { app_order: '${steps.s4.data.order_id}' },
    });
    expect(scenario.steps[6]).toMatchObject({ params: { str_param1: '••••4242' } });
    expect(scenario.steps[7]).toMatchObject({ call: 'checkDisplayId', expect: { result: 20001 } });

    expect(scenario.steps[8]).toMatchObject({
      id: 'r9',
      room: { rid: '5001', until: { messages: 3 } },
      expect: { messages: { $gte: 3 }, table: { pk_status: { $exists: true } } },
    });
    const fixtures = parse(readFileSync(join(dir, 'fixtures', 'recorded-checkout.yaml'), 'utf8')) as {
      fixtures: Record<string, Record<string, string>>;
    };
    expect(fixtures.fixtures['signIn.password']).toEqual({
      display_uid: SignIn.password.display_uid,
      password: '<fill in: a secret, never recorded>',
    });

    const io = captureIo();
    const replayed = await runCli(
      ['scenario', 'run', 'recorded-checkout', '--dir', join(dir, 'scenarios'), '--target', 'mock'],
      io,
    );
    expect(io.stderr()).toBe('');
    expect(replayed).toBe(0);
    expect(io.stdout()).toContain('✓ recorded-checkout');
  }, 180_000);
});

describe('the replay command topup record prints', () => {
  let mock: StartedMock;
  beforeAll(async () => {
    mock = await startMock({ control: false });
  });
  afterAll(async () => {
    await mock.close();
  });

  it('runs as printed when the fixtures file is written beside the scenario', async () => {
    const folder = join(dir, 'side-by-side');
    const out = join(folder, 'ts.yaml');
    const fixturesOut = join(folder, 'fx.yaml');
    const recording = await startRecording([
      '--target',
      mock.target.baseUrl,
      '--out',
      out,
      '--fixtures-out',
      fixturesOut,
    ]);
    expect((await call(recording.proxy, 'serverTime', {})).result).toBe(0);
    const { code, stderr } = await recording.stop();
    expect(code).toBe(0);
    const replay = /^replay: topup (.+)$/m.exec(stderr)?.[1] ?? '';
    expect(replay).toBe(`scenario run ${out} --target mock`);
    const io = captureIo();
    expect(await runCli(replay.split(' '), io)).toBe(0);
    expect(io.stdout()).toContain('✓ ts');
  }, 60_000);
});

describe('topup record in front of a drifting server', () => {
  let server: FastifyInstance;
  let baseUrl: string;
  beforeAll(async () => {
    server = Fastify();
    server.get('/api/sys/ts/', async () => ({ result: 0, message: '', data: { ts: 'yesterday' } }));
    baseUrl = await server.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await server.close();
  });

  it('reports the drift live, naming call and field, and exits 1', async () => {
    const out = join(dir, 'drift', 'drifted.yaml');
    const recording = await startRecording(['--target', baseUrl, '--out', out]);
    const answer = await fetch(`${recording.proxy}/api/sys/ts/`);
    // The client gets the backend's answer unchanged.
    expect(await answer.json()).toEqual({ result: 0, message: '', data: { ts: 'yesterday' } });
    const { code, stdout } = await recording.stop();
    expect(stdout).toMatch(
      /DRIFT s1 serverTime \(result 0\)\n\s+data\.ts: Invalid input: expected number, received string/,
    );
    expect(code).toBe(1);
    // Written as the contract requires (no `conforms: false`): a replay against this server fails.
    const written = parse(readFileSync(out, 'utf8')) as { steps: Record<string, unknown>[] };
    expect(written.steps).toEqual([{ id: 's1', call: 'serverTime', params: {} }]);
  }, 120_000);
});
