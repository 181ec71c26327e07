// @vitest-environment node
import { createStore } from 'jotai/vanilla';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { offsetOf, serverClockAtom, syncServerClock } from './serverClock';

const DEVICE = Date.parse('2026-11-27T00:00:00Z');
const SERVER = Date.parse('2028-03-15T09:00:00Z');

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(DEVICE);
});
afterEach(() => vi.useRealTimers());

describe('the offset of one server-time answer', () => {
  it.each<[string, unknown, number, number, number | undefined]>([
    ['an instant answer', SERVER, DEVICE, DEVICE, SERVER - DEVICE],
    ['read in the middle of a 400 ms round trip', SERVER, DEVICE, DEVICE + 400, SERVER - DEVICE - 200],
    ['a server behind the device', DEVICE - 90_000, DEVICE, DEVICE + 10, -90_005],
    ['a device clock set back during the call', SERVER, DEVICE, DEVICE - 5_000, SERVER - DEVICE + 5_000],
    ['the first instant of 2000', Date.UTC(2000, 0, 1), DEVICE, DEVICE, Date.UTC(2000, 0, 1) - DEVICE],
    // Garbage from a hostile or broken server: the device's clock stays in charge.
    ['a string', String(SERVER), DEVICE, DEVICE, undefined],
    ['null', null, DEVICE, DEVICE, undefined],
    ['NaN', Number.NaN, DEVICE, DEVICE, undefined],
    ['Infinity', Number.POSITIVE_INFINITY, DEVICE, DEVICE, undefined],
    ['a fraction', SERVER + 0.5, DEVICE, DEVICE, undefined],
    ['zero (1970)', 0, DEVICE, DEVICE, undefined],
    ['negative', -SERVER, DEVICE, DEVICE, undefined],
    ['seconds, not milliseconds', Math.floor(SERVER / 1000), DEVICE, DEVICE, undefined],
    ['the year 2100', Date.UTC(2100, 0, 1), DEVICE, DEVICE, undefined],
    ['beyond a safe integer', 2 ** 60, DEVICE, DEVICE, undefined],
    ['a device clock that reads NaN', SERVER, Number.NaN, DEVICE, undefined],
  ])('%s', (_name, ts, sentAt, receivedAt, offset) => {
    expect(offsetOf({ ts, sentAt, receivedAt })).toBe(offset);
  });
});

describe('the clock business rules read', () => {
  const answering = (answer: unknown) => () => Promise.resolve(answer as never);

  it("is the device's clock until the server has answered, then the server's, moving with the device", async () => {
    const store = createStore();
    expect(store.get(serverClockAtom).now().getTime()).toBe(DEVICE);
    await syncServerClock(store, answering({ ok: true, data: { ts: SERVER } }));
    expect(store.get(serverClockAtom).now().toISOString()).toBe('2028-03-15T09:00:00.000Z');
    vi.advanceTimersByTime(60_000);
    expect(store.get(serverClockAtom).now().toISOString()).toBe('2028-03-15T09:01:00.000Z');
  });

  it('allows for the round trip: the answer is taken as read halfway through it', async () => {
    const store = createStore();
    const slow = () =>
      new Promise<{ ok: true; data: { ts: number } }>((resolve) =>
        setTimeout(() => resolve({ ok: true, data: { ts: SERVER } }), 2_000),
      );
    const synced = syncServerClock(store, slow);
    await vi.advanceTimersByTimeAsync(2_000);
    await synced;
    // Answered 2 s after asking; the server read its clock about 1 s in, so now is 1 s past its answer.
    expect(store.get(serverClockAtom).now().getTime()).toBe(SERVER + 1_000);
  });

  it.each<[string, () => Promise<never>]>([
    ['a failed call', answering({ ok: false, result: -2, message: 'network' })],
    ['a call that throws (an answer outside the contract)', () => Promise.reject(new Error('violation'))],
    ['garbage data', answering({ ok: true, data: { ts: 'soon' } })],
    ['no data at all', answering({ ok: true, data: null })],
    ['an absurd time', answering({ ok: true, data: { ts: 1e20 } })],
  ])("%s: never throws, and the device's clock stays in charge", async (_name, ask) => {
    const store = createStore();
    await expect(syncServerClock(store, ask)).resolves.toBeUndefined();
    expect(store.get(serverClockAtom).offsetMs).toBe(0);
    expect(store.get(serverClockAtom).now().getTime()).toBe(DEVICE);
  });

  it('keeps its last trusted offset when a later answer is garbage', async () => {
    const store = createStore();
    await syncServerClock(store, answering({ ok: true, data: { ts: SERVER } }));
    await syncServerClock(store, answering({ ok: true, data: { ts: Number.NaN } }));
    expect(store.get(serverClockAtom).offsetMs).toBe(SERVER - DEVICE);
  });

  it('writes the offset only once the page is live, measured when the answer came', async () => {
    const store = createStore();
    let goLive = () => {};
    const live = new Promise<void>((resolve) => {
      goLive = resolve;
    });
    const synced = syncServerClock(store, answering({ ok: true, data: { ts: SERVER } }), live);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(store.get(serverClockAtom).offsetMs).toBe(0);
    goLive();
    await synced;
    expect(store.get(serverClockAtom).offsetMs).toBe(SERVER - DEVICE);
  });
});
