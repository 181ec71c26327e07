import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import type { MockOptions } from './options';

export interface StartOptions extends Partial<MockOptions> {
  /** 0 picks a free port. */
  readonly port?: number;
  readonly host?: string;
}

export interface RunningMock {
  readonly url: string;
  readonly app: FastifyInstance;
  close(): Promise<void>;
}

/** Builds the mock and listens on loopback (127.0.0.1 unless told otherwise). */
export async function startMockServer(options: StartOptions = {}): Promise<RunningMock> {
  const { port = 0, host = '127.0.0.1', ...rest } = options;
  const app = await buildApp(rest);
  await app.listen({ port, host });
  const address = app.server.address();
  const boundPort = typeof address === 'object' && address !== null ? address.port : port;
  // Closing ends every connection, a request held open by a `hang` fault included: Node 24's server waits for
  // open connections to end, and a hung one never does.
  const close = async () => {
    const closing = app.close();
    app.server.closeAllConnections();
    await closing;
  };
  return { url: `http://${host}:${boundPort}`, app, close };
}

export class UsageError extends Error {}

const FLAGS = {
  port: { type: 'string' },
  host: { type: 'string' },
  seed: { type: 'string' },
  now: { type: 'string' },
  'no-control': { type: 'boolean' },
  'public-base': { type: 'string' },
  web: { type: 'string' },
  quiet: { type: 'boolean' },
} as const;

function flagsOf(argv: readonly string[]) {
  try {
    return parseArgs({ args: [...argv], options: FLAGS }).values;
  } catch (error) {
    const why = (error as Error).message.split('\n')[0];
    throw new UsageError(`${why}; options: --${Object.keys(FLAGS).join(' --')}`);
  }
}

/** Plain digits, with a minus only where negatives are allowed; not `1e3`, `0x64`, ` 200` or `1.0`. */
function whole(text: string, message: string, min = -Infinity, max = Infinity): number {
  const n = (min < 0 ? /^-?\d{1,15}$/ : /^\d{1,15}$/).test(text) ? Number(text) : Number.NaN;
  if (!Number.isInteger(n) || n < min || n > max) throw new UsageError(message);
  return n;
}

/**
 * `--web DIR`, read from the current directory as a shell's path is (the static files' server takes an absolute
 * one only): a folder that is not there is said, rather than the server failing at start with its own error.
 */
function webRootOf(path: string): string {
  const root = resolve(path);
  if (!existsSync(root) || !statSync(root).isDirectory())
    throw new UsageError(
      `--web takes the web app's build folder; there is no folder ${root} (build it with \`npm run build -w web\`)`,
    );
  return root;
}

/**
 * Parses `--port N --host H --seed N --now ISO --no-control --public-base URL --web DIR --quiet`
 * (npm run mock, topup mock).
 */
export function parseMockArgs(argv: readonly string[]): StartOptions {
  const flags = flagsOf(argv);
  const out: { -readonly [K in keyof StartOptions]: StartOptions[K] } = {};
  if (flags.port !== undefined) out.port = whole(flags.port, '--port takes 0 to 65535', 0, 65535);
  if (flags.host !== undefined) out.host = flags.host;
  if (flags.seed !== undefined) out.seed = whole(flags.seed, '--seed takes a whole number');
  if (flags.now !== undefined) {
    out.now = new Date(flags.now);
    if (Number.isNaN(out.now.getTime())) throw new UsageError(`--now takes an ISO time, not ${flags.now}`);
  }
  if (flags['no-control']) out.control = false;
  const base = flags['public-base'];
  if (base !== undefined) {
    const url = URL.parse(base);
    if (url === null || !/^https?:$/.test(url.protocol) || url.pathname !== '/')
      throw new UsageError(`--public-base takes an origin such as http://localhost:5173, not ${base}`);
    out.publicBase = url.origin;
  }
  if (flags.web !== undefined) out.webRoot = webRootOf(flags.web);
  if (flags.quiet) out.logger = false;
  return out;
}
