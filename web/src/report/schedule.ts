import type { ApiClient } from '../api/client';
import { importFresh } from '../platform/loadOnce';
import { reportConfig } from './config';

/**
 * When monitoring starts (SPEC §9 "monitoring sampled 1 in N"): a visit is in the sample or not, drawn once;
 * a sampled visit loads the performance monitor after the page's load event, once the main thread is idle,
 * so it costs the first paint nothing (its code is not in the first load). Nothing here throws.
 */

/** Whether a draw in [0, 1) falls in a 1-in-`rate` sample. */
export const inSample = (rate: number, draw: number): boolean => rate >= 1 && draw * rate < 1;

let sampledVisit: boolean | undefined;
/** Whether this page visit sends monitoring reports: drawn once per visit. */
export function visitSampled(rate: number = reportConfig.monitorSampleRate, random = Math.random): boolean {
  sampledVisit ??= inSample(rate, random());
  return sampledVisit;
}

export interface IdleHost {
  readonly loaded: () => boolean;
  readonly onLoad: (callback: () => void) => void;
  readonly whenIdle: (callback: () => void) => void;
}

export const IDLE_TIMEOUT_MS = 5_000;

const browserIdle: IdleHost = {
  loaded: () => document.readyState === 'complete',
  onLoad: (callback) => addEventListener('load', callback, { once: true }),
  whenIdle: (callback) =>
    typeof requestIdleCallback === 'function'
      ? requestIdleCallback(callback, { timeout: IDLE_TIMEOUT_MS })
      : setTimeout(callback, 0),
};

/** After load, when idle: `start` runs once (sampled visits only); answers whether it was scheduled. */
export function afterFirstPaint(start: () => void, sampled: boolean, host: IdleHost = browserIdle): boolean {
  if (!sampled) return false;
  const idle = () => host.whenIdle(start);
  if (host.loaded()) idle();
  else host.onLoad(idle);
  return true;
}

/**
 * Starts the performance monitor of a sampled visit after the first paint; its module is loaded then, and only
 * online: a download failed offline would leave Chromium holding the failure of the shared chunks it imports,
 * which the page's own code needs later (platform/loadOnce.ts). Offline, it waits for the connection.
 */
export function schedulePerformanceMonitor(client: ApiClient): boolean {
  const start = () => {
    importFresh(() => import('./performance'))
      .then((monitor) => monitor.startPerformanceMonitor(client))
      .catch(() => undefined);
  };
  return afterFirstPaint(() => {
    if (navigator.onLine === false) addEventListener('online', start, { once: true });
    else start();
  }, visitSampled());
}
