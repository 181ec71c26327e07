import { BUILD_FLAVOR, timezoneOffsetMs } from '@topup/contracts/flavors';
import type { ApiClient, CallResult } from '../api/client';
import { pageViewId } from '../features/pay/pageView';
import { deviceId } from '../platform/ids';

/**
 * The monitoring report (SPEC §7 `POST /third/sensor_monitor/report_data/`): one event with its uuid, the
 * page's address (the "server url", without its query), the time and day, the device and page-view ids, the
 * event's name and extra data (JSON), and the project (sawa-h5, SPEC §9's project id). A page visit is in
 * the sample or not, once, 1 in N (`reportConfig.monitorSampleRate`); outside it nothing is sent.
 */

export const MONITOR_PROJECT = 'sawa-h5';
/** The most extra data one report carries (the contract's bound). */
export const MONITOR_EXT_MAX = 16_000;

/** The day of `ts` in the build flavor's timezone (ksa: UTC+3), YYYY-MM-DD. */
export const reportDay = (ts: number): string =>
  new Date(ts + timezoneOffsetMs(BUILD_FLAVOR)).toISOString().slice(0, 10);

export interface MonitorEvent {
  readonly event: string;
  readonly ext: unknown;
}

/** The extra data as JSON; past the contract's bound, a note that it was too long rather than a cut JSON. */
function extOf(ext: unknown): string {
  const text = JSON.stringify(ext) ?? 'null';
  return text.length <= MONITOR_EXT_MAX ? text : JSON.stringify({ tooLong: text.length });
}

export function monitorRequest(event: MonitorEvent, now: number = Date.now()) {
  return {
    event_uuid: globalThis.crypto.randomUUID(),
    server_url: `${location.origin}${location.pathname}`.slice(0, 2048),
    ts: now,
    day: reportDay(now),
    device_id: deviceId(),
    page_view_id: pageViewId(now),
    event: event.event,
    ext: extOf(event.ext),
    project: MONITOR_PROJECT,
  };
}

/** Sends one monitoring report; never throws (the answer, or undefined when it could not be sent). */
export function sendMonitorReport(
  client: ApiClient,
  event: MonitorEvent,
): Promise<CallResult<'sensorReport'> | undefined> {
  return client.call('sensorReport', monitorRequest(event)).catch((): undefined => undefined);
}
