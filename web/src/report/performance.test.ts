import { describe, expect, it } from 'vitest';
import { createClient } from '../api/client';
import { everyContract } from '../test/contracts';
import { envelope, fakeTransport } from '../test/fakeTransport';
import {
  FPS_REPORT_BELOW,
  fpsSampler,
  type MonitorHost,
  PERFORMANCE_ENTRIES_MAX,
  PerformanceBuffer,
  startPerformanceMonitor,
} from './performance';

/** Frames every `interval` ms for `seconds` seconds; the slow seconds the sampler reports. */
function slowSeconds(interval: number, seconds: number): number[] {
  const reported: number[] = [];
  const frame = fpsSampler((fps) => reported.push(fps));
  for (let t = 0; t <= seconds * 1000 + interval; t += interval) frame(t);
  return reported;
}

function fakeHost() {
  const observers = new Map<string, (entries: readonly PerformanceEntry[]) => void>();
  const hidden: (() => void)[] = [];
  let nextFrame: ((timestamp: number) => void) | undefined;
  const host: MonitorHost = {
    observe: (type, onEntries) => observers.set(type, onEntries),
    navigation: () =>
      ({
        responseStart: 120.4,
        domContentLoadedEventEnd: 640.6,
        loadEventEnd: 900,
      }) as PerformanceNavigationTiming,
    requestFrame: (callback) => {
      nextFrame = callback;
    },
    onHidden: (callback) => hidden.push(callback),
  };
  const entry = (startTime: number, duration = 0) => ({ startTime, duration }) as PerformanceEntry;
  return {
    host,
    emit: (type: string, ...entries: PerformanceEntry[]) => observers.get(type)?.(entries),
    entry,
    frames: (interval: number, until: number) => {
      for (let t = 0; t <= until; t += interval) nextFrame?.(t);
    },
    hide: () => {
      for (const h of hidden) h();
    },
  };
}

function client() {
  const fake = fakeTransport(() => envelope(null));
  return {
    client: createClient({
      contracts: everyContract,
      transport: fake.transport,
      base: () => '',
      headers: () => ({}),
    }),
    reports: () =>
      fake.requests.map((r) => {
        const body = JSON.parse(String(r.body)) as { event: string; ext: string };
        return {
          url: r.url,
          event: body.event,
          ext: JSON.parse(body.ext) as { entries: { kind: string }[] },
        };
      }),
  };
}

describe('@spec:limit.performance performance data capped at 50 entries; FPS reported under 30 (SPEC §9)', () => {
  it('holds at most 50 entries', () => {
    expect(PERFORMANCE_ENTRIES_MAX).toBe(50);
    const buffer = new PerformanceBuffer();
    const kept = Array.from({ length: 60 }, (_, i) => buffer.add({ kind: 'fps', at: i, fps: 10 }));
    expect(kept.filter(Boolean)).toHaveLength(50);
    expect(buffer.size).toBe(50);
    const taken = buffer.take() as { ext: { entries: unknown[] } };
    expect(taken.ext.entries).toHaveLength(50);
    expect(buffer.size).toBe(0);
    expect(buffer.take()).toBeUndefined();
  });

  it.each([
    ['60 fps', 1000 / 60, []],
    ['31 fps', 1000 / 31, []],
    ['20 fps', 50, [20, 20, 20]],
    ['25 fps', 40, [25, 25, 25]],
    ['10 fps', 100, [10, 10, 10]],
  ])('%s for 3 s: reported %j', (_name, interval, reported) => {
    expect(FPS_REPORT_BELOW).toBe(30);
    expect(slowSeconds(interval, 3)).toEqual(reported);
  });

  it.each([
    [31, []],
    [30, []], // exactly 30 fps is not under 30
    [29, [29]],
  ])('%i frames in exactly one second: reported %j', (count, reported) => {
    const slow: number[] = [];
    const frame = fpsSampler((fps) => slow.push(fps));
    frame(0);
    // Whole milliseconds, the last frame at exactly 1000 ms: a rate of exactly `count` fps.
    for (let i = 1; i < count; i += 1) frame(Math.floor((i * 1000) / count));
    frame(1000);
    expect(slow).toEqual(reported);
  });

  it('a page hidden for seconds (no frames) is not a slow second', () => {
    const reported: number[] = [];
    const frame = fpsSampler((fps) => reported.push(fps));
    frame(0);
    frame(16);
    frame(5_000);
    for (let t = 5_016; t < 6_100; t += 16) frame(t);
    expect(reported).toEqual([]);
  });

  it('sends navigation timing, long tasks, slow seconds and the LCP as one performance report when hidden', async () => {
    const fake = fakeHost();
    const api = client();
    startPerformanceMonitor(api.client, fake.host);
    fake.emit('largest-contentful-paint', fake.entry(800), fake.entry(1250.2));
    fake.emit('longtask', fake.entry(300, 120));
    fake.frames(100, 1100);
    fake.hide();
    await expect.poll(() => api.reports()).toHaveLength(1);
    const [report] = api.reports();
    expect(report?.url).toBe('/third/sensor_monitor/report_data/');
    expect(report?.event).toBe('performance');
    expect(report?.ext.entries).toEqual([
      { kind: 'navigation', ttfb: 120, domContentLoaded: 641, load: 900 },
      { kind: 'longtask', at: 300, ms: 120 },
      { kind: 'fps', at: 0, fps: 10 },
      { kind: 'lcp', ms: 1250 },
    ]);
    fake.hide();
    await Promise.resolve();
    expect(api.reports()).toHaveLength(1);
  });

  it('a full buffer is sent at once, 50 entries, and the next fill goes in a second report', async () => {
    const fake = fakeHost();
    const api = client();
    startPerformanceMonitor(api.client, fake.host);
    fake.emit('longtask', ...Array.from({ length: 60 }, (_, i) => fake.entry(i * 100, 60)));
    await expect.poll(() => api.reports()).toHaveLength(1);
    expect(api.reports()[0]?.ext.entries).toHaveLength(50);
    fake.hide();
    await expect.poll(() => api.reports()).toHaveLength(2);
    expect(api.reports()[1]?.ext.entries).toHaveLength(11);
  });
});
