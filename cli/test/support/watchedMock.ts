import { startMockServer } from '@topup/mock-server/server';

/**
 * An in-process mock whose journal reads can be awaited: `journalServed()` resolves when the next answer to
 * GET /__mock/journal has been sent, so a test acts after a `mock tail` read, never after a timer.
 */
export async function startWatchedMock(): Promise<{
  url: string;
  journalServed: () => Promise<void>;
  close: () => Promise<void>;
}> {
  const running = await startMockServer({ port: 0, host: '127.0.0.1', logger: false, control: true });
  let waiting: (() => void)[] = [];
  running.app.server.on('request', (request, response) => {
    if (!request.url?.startsWith('/__mock/journal')) return;
    response.once('finish', () => {
      const due = waiting;
      waiting = [];
      for (const resolve of due) resolve();
    });
  });
  return {
    url: running.url,
    journalServed: () => new Promise<void>((resolve) => waiting.push(resolve)),
    close: () => running.close(),
  };
}
