import { createServer } from 'node:net';
import { UsageError } from '../io';
import type { Target } from '../scenario/target';
import { roomUrlOf } from '../scenario/target';

export interface StartedMock {
  readonly target: Target;
  close(): Promise<void>;
}

export interface MockStartOptions {
  readonly control?: boolean;
  readonly now?: Date;
  /** `--mock-ports from-to`: listen on the first free port of this range instead of any free one. */
  readonly ports?: PortRange;
}

export interface PortRange {
  readonly from: number;
  readonly to: number;
}

/** `--mock-ports 9000-9099` read. */
export function parsePortRange(text: string): PortRange {
  const match = /^(\d{1,5})-(\d{1,5})$/.exec(text);
  const from = Number(match?.[1]);
  const to = Number(match?.[2]);
  if (match === null || from < 1 || to > 65535 || from > to) {
    throw new UsageError(`--mock-ports takes a range of ports such as 9000-9099, not ${text}`);
  }
  return { from, to };
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** The first port of the range free on loopback. */
async function freePortIn(range: PortRange): Promise<number> {
  for (let port = range.from; port <= range.to; port += 1) if (await canListen(port)) return port;
  throw new UsageError(`--mock-ports: no free port from ${range.from} to ${range.to}`);
}

/** Starts an in-process mock on a free loopback port (loaded lazily: a real-backend run never needs it). */
export async function startMock(options: MockStartOptions = {}): Promise<StartedMock> {
  const { startMockServer } = await import('@topup/mock-server/server');
  const running = await startMockServer({
    port: options.ports === undefined ? 0 : await freePortIn(options.ports),
    host: '127.0.0.1',
    logger: false,
    control: options.control ?? true,
    ...(options.now === undefined ? {} : { now: options.now }),
  });
  return {
    target: { baseUrl: running.url, mock: options.control ?? true, roomUrl: roomUrlOf(running.url) },
    close: () => running.close(),
  };
}
