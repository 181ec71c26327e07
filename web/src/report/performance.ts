import type { ApiClient } from '../api/client';
import { type MonitorEvent, sendMonitorReport } from './monitor';

/**
 * A first-party performance monitor (SPEC §9 "Performance data: capped at 50 entries; FPS reported if under
 * 30"), in place of the third-party analytics/performance suite (README: departs from SPEC). It keeps the
 * largest contentful paint, long tasks and the navigation's timing from PerformanceObserver, and the frame
 * rate of each second in which it fell under 30 (an rAF sampler); at most 50 entries, the rest dropped. The
 * entries go as one `performance` monitoring report when the page is hidden or left, or once 50 are held.
 * Started after the first paint, once the page is idle (see schedulePerformanceMonitor), for sampled visits.
 */

export const PERFORMANCE_ENTRIES_MAX = 50;
export const FPS_REPORT_BELOW = 30;

export type PerformanceEntryRecord =
  | { readonly kind: 'lcp'; readonly ms: number }
  | { readonly kind: 'longtask'; readonly at: number; readonly ms: number }
  | {
      readonly kind: 'navigation';
      readonly ttfb: number;
      readonly domContentLoaded: number;
      readonly load: number;
    }
  | { readonly kind: 'fps'; readonly at: number; readonly fps: number };

const round = (ms: number) => Math.round(ms);

/** The buffer: at most 50 entries; answers whether `entry` was kept. */
export class PerformanceBuffer {
  private entries: PerformanceEntryRecord[] = [];
  get size(): number {
    return this.entries.length;
  }
  get full(): boolean {
    return this.entries.length >= PERFORMANCE_ENTRIES_MAX;
  }
  add(entry: PerformanceEntryRecord): boolean {
    if (this.full) return false;
    this.entries.push(entry);
    return true;
  }
  /** Takes every entry held (the buffer is then empty); undefined when there is none. */
  take(): MonitorEvent | undefined {
    if (this.entries.length === 0) return undefined;
    const entries = this.entries;
    this.entries = [];
    return { event: 'performance', ext: { entries } };
  }
}

/**
 * Frames counted per second of animation frames: a second whose rate is under 30 is answered (rounded),
 * others are not. `frame` is called with each rAF timestamp.
 */
export function fpsSampler(onSlowSecond: (fps: number, at: number) => void) {
  let windowStart: number | undefined;
  let frames = 0;
  return (timestamp: number) => {
    if (windowStart === undefined) {
      windowStart = timestamp;
      frames = 0;
      return;
    }
    frames += 1;
    const elapsed = timestamp - windowStart;
    if (elapsed < 1000) return;
    // A gap of seconds between frames is a hidden page (no frames are drawn), not a slow one: start over.
    if (elapsed > 2000 && frames <= 2) {
      windowStart = timestamp;
      frames = 0;
      return;
    }
    const fps = (frames * 1000) / elapsed;
    if (fps < FPS_REPORT_BELOW) onSlowSecond(Math.round(fps), round(windowStart));
    windowStart = timestamp;
    frames = 0;
  };
}

export interface MonitorHost {
  readonly observe: (type: string, onEntries: (entries: readonly PerformanceEntry[]) => void) => void;
  readonly navigation: () => PerformanceNavigationTiming | undefined;
  readonly requestFrame: (callback: (timestamp: number) => void) => void;
  readonly onHidden: (callback: () => void) => void;
}

/** The browser's side of the monitor; an entry type the browser lacks is skipped. */
export const browserHost: MonitorHost = {
  observe(type, onEntries) {
    if (typeof PerformanceObserver === 'undefined') return;
    if (!PerformanceObserver.supportedEntryTypes?.includes(type)) return;
    new PerformanceObserver((list) => onEntries(list.getEntries())).observe({ type, buffered: true });
  },
  navigation: () => performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined,
  requestFrame: (callback) => {
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(callback);
  },
  onHidden(callback) {
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') callback();
    });
    addEventListener('pagehide', callback);
  },
};

/** Starts the monitor; answers its buffer (tests) and the flush. */
export function startPerformanceMonitor(client: ApiClient, host: MonitorHost = browserHost) {
  const buffer = new PerformanceBuffer();
  // The largest contentful paint is the last candidate the browser names: kept, and added once, at the flush.
  let lcp: number | undefined;
  const flush = () => {
    if (lcp !== undefined) {
      buffer.add({ kind: 'lcp', ms: lcp });
      lcp = undefined;
    }
    const event = buffer.take();
    if (event !== undefined) void sendMonitorReport(client, event);
  };
  const add = (entry: PerformanceEntryRecord) => {
    buffer.add(entry);
    if (buffer.full) flush();
  };
  const nav = host.navigation();
  if (nav !== undefined)
    add({
      kind: 'navigation',
      ttfb: round(nav.responseStart),
      domContentLoaded: round(nav.domContentLoadedEventEnd),
      load: round(nav.loadEventEnd),
    });
  host.observe('largest-contentful-paint', (entries) => {
    const last = entries.at(-1);
    if (last !== undefined) lcp = round(last.startTime);
  });
  host.observe('longtask', (entries) => {
    for (const e of entries) add({ kind: 'longtask', at: round(e.startTime), ms: round(e.duration) });
  });
  const sample = fpsSampler((fps, at) => add({ kind: 'fps', at, fps }));
  const frame = (timestamp: number) => {
    sample(timestamp);
    host.requestFrame(frame);
  };
  host.requestFrame(frame);
  host.onHidden(flush);
  return { buffer, flush };
}
