/**
 * `npm run bench` (npx tsx mock-server/bench/run.ts [--duration 5] [--connections 50] [--clients 1000]
 * [--changes 20] [--rounds 2] [--only http|ws]): issue 3 item 9, on loopback only, bounded in count and time.
 *
 * (a) HTTP throughput with autocannon (in one worker thread, so the load does not share the server's event
 *     loop): check_display_id (display id 10000001) and create_coin_pay (a fresh X-CLI-RID per request)
 *     through the full mock app, beside a bare Fastify route answering the same envelope; printed as ratios.
 * (b) Room fan-out: `--clients` websocket clients (ws package) in room 5002; for each of `--changes` pushed
 *     changes, the time from the change to its arrival at every client. The clients run in this process, so
 *     the figure includes their own receive cost on the same event loop (a conservative figure).
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { accountByDisplayUid, DisplayUid, packages, RoomId } from '@topup/contracts';
import autocannon, { type Result } from 'autocannon';
import Fastify from 'fastify';
import WebSocket from 'ws';
import { type RunningMock, startMockServer } from '../src/server';
import { fixed, percentile, table, within } from './print';

const HOST = '127.0.0.1';
const OVERALL_LIMIT_MS = 300_000;

interface Args {
  duration: number;
  connections: number;
  clients: number;
  changes: number;
  rounds: number;
  only: 'http' | 'ws' | undefined;
}

function parseArgs(argv: readonly string[]): Args {
  const args: Args = { duration: 5, connections: 50, clients: 1000, changes: 20, rounds: 2, only: undefined };
  const bounded = (flag: string, text: string | undefined, min: number, max: number): number => {
    const n = Number(text);
    if (!Number.isInteger(n) || n < min || n > max) throw new Error(`${flag} takes ${min} to ${max}`);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = argv[i + 1];
    i += 1;
    if (flag === '--duration') args.duration = bounded(flag, value, 1, 60);
    else if (flag === '--connections') args.connections = bounded(flag, value, 1, 500);
    else if (flag === '--clients') args.clients = bounded(flag, value, 1, 5000);
    else if (flag === '--changes') args.changes = bounded(flag, value, 1, 200);
    else if (flag === '--rounds') args.rounds = bounded(flag, value, 1, 5);
    else if (flag === '--only' && (value === 'http' || value === 'ws')) args.only = value;
    else
      throw new Error(
        `unknown option ${flag}; options: --duration --connections --clients --changes --rounds --only`,
      );
  }
  return args;
}

// (a) HTTP.

const reem = accountByDisplayUid(DisplayUid.reem);
const PAY_TYPE = 24; // provider 6 card: order creation starts directly (SPEC §4)
const rechargeId =
  packages.find((p) => !p.new_user_only && !p.login_only && p.pay_sub_types.includes(PAY_TYPE))
    ?.recharge_id ?? 'rc_499';
const CHECK_PATH = `/api/web/check_display_id/?display_id=${DisplayUid.reem}&source=1`;
const CREATE_PATH = `/api/order/create_coin_pay/?${new URLSearchParams({
  recharge_id: rechargeId,
  uid: String(reem?.uid ?? 1001),
  pay_type: String(PAY_TYPE),
  source: '1',
  ext: JSON.stringify({ h5_deviceid: 'bench-device' }),
}).toString()}`;

interface Sampled {
  status: number;
  body: unknown;
}

async function sample(base: string, path: string, headers: Record<string, string> = {}): Promise<Sampled> {
  const res = await fetch(`${base}${path}`, { headers });
  return { status: res.status, body: (await res.json()) as unknown };
}

async function cannon(base: string, path: string, args: Args, freshRid: boolean): Promise<Result> {
  return autocannon({
    url: base,
    connections: args.connections,
    duration: args.duration,
    workers: 1,
    timeout: 10,
    requests: [
      {
        method: 'GET',
        path,
        ...(freshRid
          ? { setupRequest: resolve(fileURLToPath(new URL('.', import.meta.url)), 'freshRid.cjs') }
          : {}),
      },
    ],
  });
}

function best(a: Result | undefined, b: Result): Result {
  return a === undefined || b.requests.average > a.requests.average ? b : a;
}

async function benchHttp(mock: RunningMock, args: Args): Promise<void> {
  const check = await sample(mock.url, CHECK_PATH);
  const created = await sample(mock.url, CREATE_PATH, { 'x-cli-rid': 'bench-sample' });
  for (const [name, s] of [
    ['check_display_id', check],
    ['create_coin_pay', created],
  ] as const) {
    const { result, message } = s.body as { result?: unknown; message?: unknown };
    if (s.status !== 200 || result !== 0) {
      console.warn(
        `warning: ${name} answers HTTP ${s.status}, result ${String(result)} (${String(message)}): not the success path`,
      );
    }
  }

  // The bare route answers the very envelope the full app answered, serialised by Fastify the same way.
  const bare = Fastify({ logger: false });
  bare.get('/api/web/check_display_id/', async () => check.body);
  bare.get('/api/order/create_coin_pay/', async () => created.body);
  await bare.listen({ port: 0, host: HOST });
  const address = bare.server.address();
  const bareUrl = `http://${HOST}:${typeof address === 'object' && address !== null ? address.port : 0}`;

  try {
    const runs: Array<{ name: string; full: Result; bare: Result }> = [];
    for (const [name, path, fresh] of [
      ['check_display_id (read)', CHECK_PATH, false],
      ['create_coin_pay (fresh X-CLI-RID)', CREATE_PATH, true],
    ] as const) {
      console.log(
        `running ${name}: full app and bare Fastify in turn, ${args.rounds} x ${args.duration} s each...`,
      );
      // Interleaved rounds, best of each side: a busy machine slows single runs, never speeds them up.
      let full: Result | undefined;
      let bareResult: Result | undefined;
      for (let round = 0; round < args.rounds; round++) {
        full = best(full, await cannon(mock.url, path, args, fresh));
        bareResult = best(bareResult, await cannon(bareUrl, path, args, fresh));
      }
      if (full && bareResult) runs.push({ name, full, bare: bareResult });
    }
    table(
      `HTTP on loopback: ${args.connections} connections, best of ${args.rounds} x ${args.duration} s, autocannon in 1 worker thread`,
      [
        'call',
        'full req/s',
        'bare req/s',
        'ratio',
        'full p50 ms',
        'full p99 ms',
        'bare p99 ms',
        'errors/non-2xx',
      ],
      runs.map(({ name, full, bare: b }) => [
        name,
        fixed(full.requests.average, 0),
        fixed(b.requests.average, 0),
        fixed(full.requests.average / b.requests.average),
        fixed(full.latency.p50),
        fixed(full.latency.p99),
        fixed(b.latency.p99),
        `${full.errors + full.timeouts}/${full.non2xx}`,
      ]),
    );
    const read = runs[0];
    if (read) {
      const ratio = read.full.requests.average / read.bare.requests.average;
      console.log(
        `read path: ${fixed(ratio)} of bare Fastify (target at least 0.60) ${ratio >= 0.6 ? 'ok' : 'BELOW'}`,
      );
    }
  } finally {
    await bare.close();
  }
}

// (b) Room fan-out.

async function benchRoom(mock: RunningMock, args: Args): Promise<void> {
  const rid = String(RoomId.quiet);
  const wsUrl = `${mock.url.replace(/^http/, 'ws')}/ws/room?rid=${rid}`;
  const sockets: WebSocket[] = [];
  let t0 = 0;
  let arrivals: number[] = [];
  let allArrived: (() => void) | undefined;
  const onMessage = () => {
    arrivals.push(performance.now() - t0);
    if (arrivals.length === args.clients) allArrived?.();
  };

  try {
    const started = performance.now();
    for (let i = 0; i < args.clients; i += 100) {
      const batch = Array.from({ length: Math.min(100, args.clients - i) }, () => {
        const ws = new WebSocket(wsUrl);
        sockets.push(ws);
        ws.on('message', onMessage);
        return new Promise<void>((ok, fail) => {
          ws.once('open', () => ok());
          ws.once('error', fail);
        });
      });
      await within(Promise.all(batch), 10_000, 'websocket clients to connect');
    }
    const connectMs = performance.now() - started;
    const joined = mock.app.mock.rooms.snapshot(rid).clients;
    if (joined !== args.clients) throw new Error(`${joined} of ${args.clients} clients joined room ${rid}`);

    const warmUp = 3;
    const perChange: number[] = [];
    const perClient: number[] = [];
    for (let i = 0; i < warmUp + args.changes; i++) {
      arrivals = [];
      const done = new Promise<void>((ok) => {
        allArrived = ok;
      });
      t0 = performance.now();
      mock.app.mock.rooms.push(rid, [{ op: 'mset', values: { fans_count: 1000 + i } }]);
      await within(done, 10_000, `change ${i} to reach every client`);
      if (i >= warmUp) {
        perChange.push(Math.max(...arrivals));
        perClient.push(...arrivals);
      }
      // A short pause between changes, so each one is timed alone.
      await new Promise((ok) => setTimeout(ok, 20));
    }
    perChange.sort((a, b) => a - b);
    perClient.sort((a, b) => a - b);
    table(
      `Room fan-out on loopback: ${args.clients} websocket clients in room ${rid} (connected in ${fixed(connectMs, 0)} ms), ${args.changes} changes`,
      ['measure', 'p50 ms', 'p99 ms', 'max ms'],
      [
        [
          'change → every client',
          fixed(percentile(perChange, 50)),
          fixed(percentile(perChange, 99)),
          fixed(perChange.at(-1) ?? Number.NaN),
        ],
        [
          'change → one client',
          fixed(percentile(perClient, 50)),
          fixed(percentile(perClient, 99)),
          fixed(perClient.at(-1) ?? Number.NaN),
        ],
      ],
    );
  } finally {
    for (const ws of sockets) ws.terminate();
  }
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const guard = setTimeout(() => {
    console.error(`bench: still running after ${OVERALL_LIMIT_MS / 1000} s, stopping`);
    process.exit(2);
  }, OVERALL_LIMIT_MS);
  guard.unref();
  // One address opens every client socket and makes every order here: its limits are lifted for the bench.
  const mock = await startMockServer({
    port: 0,
    host: HOST,
    logger: false,
    roomSocketsPerAddress: 100_000,
    paymentLimits: {
      account: { max: 1e9, windowMs: 60_000 },
      device: { max: 1e9, windowMs: 60_000 },
      card: { max: 1e9, windowMs: 60_000 },
      address: { max: 1e9, windowMs: 60_000 },
      securityCodeFailures: 5,
    },
  });
  console.log(`mock server on ${mock.url} (node ${process.version})`);
  try {
    if (args.only !== 'ws') await benchHttp(mock, args);
    if (args.only !== 'http') await benchRoom(mock, args);
  } finally {
    await mock.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
