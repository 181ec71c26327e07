import type { Target } from '../scenario/target';
import { roomUrlOf } from '../scenario/target';

export interface StartedMock {
  readonly target: Target;
  close(): Promise<void>;
}

export interface MockStartOptions {
  readonly control?: boolean;
  readonly now?: Date;
}

/** Starts an in-process mock on a free loopback port (loaded lazily: a real-backend run never needs it). */
export async function startMock(options: MockStartOptions = {}): Promise<StartedMock> {
  const { startMockServer } = await import('@topup/mock-server/server');
  const running = await startMockServer({
    port: 0,
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
