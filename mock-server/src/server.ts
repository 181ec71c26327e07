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

/**
 * Parses `--port N --host H --seed N --now ISO --no-control --public-base URL --web DIR --quiet`
 * (npm run mock, topup mock).
 */
export function parseMockArgs(argv: readonly string[]): StartOptions {
  const out: { -readonly [K in keyof StartOptions]: StartOptions[K] } = {};
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = () => {
      const v = argv[i + 1];
      if (v === undefined || v.startsWith('--')) throw new UsageError(`${flag} needs a value`);
      i += 1;
      return v;
    };
    switch (flag) {
      case '--port': {
        const port = Number(value());
        if (!Number.isInteger(port) || port < 0 || port > 65535)
          throw new UsageError('--port takes 0 to 65535');
        out.port = port;
        break;
      }
      case '--host':
        out.host = value();
        break;
      case '--seed': {
        const seed = Number(value());
        if (!Number.isInteger(seed)) throw new UsageError('--seed takes a whole number');
        out.seed = seed;
        break;
      }
      case '--now': {
        const text = value();
        const now = new Date(text);
        if (Number.isNaN(now.getTime())) throw new UsageError(`--now takes an ISO time, not ${text}`);
        out.now = now;
        break;
      }
      case '--no-control':
        out.control = false;
        break;
      case '--public-base': {
        const text = value();
        let url: URL | undefined;
        try {
          url = new URL(text);
        } catch {
          url = undefined;
        }
        if (
          url === undefined ||
          (url.protocol !== 'http:' && url.protocol !== 'https:') ||
          url.pathname !== '/'
        ) {
          throw new UsageError(`--public-base takes an origin such as http://localhost:5173, not ${text}`);
        }
        out.publicBase = url.origin;
        break;
      }
      case '--web':
        out.webRoot = value();
        break;
      case '--quiet':
        out.logger = false;
        break;
      default:
        throw new UsageError(
          `unknown option ${flag}; options: --port --host --seed --now --no-control --public-base --web --quiet`,
        );
    }
  }
  return out;
}
