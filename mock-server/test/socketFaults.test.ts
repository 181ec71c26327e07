/**
 * Integration test on a real socket: it listens on loopback, port 0. A reset and a hang only mean something on
 * a real connection (under app.inject there is no socket to destroy or leave open), so these two faults are
 * tested here; every other fault, the forced delay among them, is tested through app.inject (core.test.ts,
 * faults.test.ts). The hang is given up by the client after 300 ms: no assertion is about elapsed time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningMock, startMockServer } from '../src/server';
import { CONTROL } from './support/inject';

const NOW = new Date('2026-11-21T09:00:00Z');

describe('transport faults on a real socket', () => {
  let mock: RunningMock;
  beforeAll(async () => {
    mock = await startMockServer({ now: NOW, logger: false });
  });
  afterAll(() => mock.close());

  const force = (answer: unknown) =>
    fetch(`${mock.url}/__mock/force`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...CONTROL },
      body: JSON.stringify({ call: 'serverTime', answer }),
    });
  const serverTime = async () =>
    ((await (await fetch(`${mock.url}/api/sys/ts/`)).json()) as { result: number }).result;

  it('resets the connection, then answers again', async () => {
    await force({ fault: 'reset' });
    await expect(fetch(`${mock.url}/api/sys/ts/`)).rejects.toThrow();
    expect(await serverTime()).toBe(0);
  });

  it('hangs until the client gives up', async () => {
    await force({ fault: 'hang' });
    await expect(fetch(`${mock.url}/api/sys/ts/`, { signal: AbortSignal.timeout(300) })).rejects.toThrow();
    expect(await serverTime()).toBe(0);
  });
});
