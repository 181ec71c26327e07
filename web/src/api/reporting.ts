import { loadOnce } from '../platform/loadOnce';
import type { ApiClient } from './client';
import { withRetries } from './retries';

/**
 * Event reporting, error reports and the position lookup (SPEC §8, §9). The sender of events and reports
 * (`reportSender.ts`) is imported when the first one is made, not with the first load: reports
 * made before it arrives wait for it in the order they were made; if it cannot be loaded the report is
 * dropped, nothing is thrown, and the next report tries again.
 */

export const POSITION_RETRIES = 5;

export interface ReportContext {
  readonly uuid: string;
  readonly version: string;
}

type Sender = typeof import('./reportSender');
const sender = loadOnce(() => import('./reportSender'));

/** Runs `send` with the sender once it is loaded; undefined when it cannot be. */
function withSender<T>(send: (loaded: Sender) => Promise<T>): Promise<T | undefined> {
  return sender().then(send, () => undefined);
}

/** One `addEvent`, retried up to 3 more times; undefined when the sender could not be loaded. */
export function reportEvent(
  client: ApiClient,
  context: ReportContext,
  eventName: string,
  params: { str?: readonly string[]; int?: readonly number[] } = {},
) {
  return withSender((loaded) => loaded.reportEvent(client, context, eventName, params));
}

/** An exception, as chunked `exception` events (uncaught errors, rejections, storage failures). */
export async function reportError(client: ApiClient, context: ReportContext, text: string): Promise<void> {
  await withSender((loaded) => loaded.reportError(client, context, text));
}

/** The visitor's country: one lookup, retried up to 5 more times (as events' 3), then the failure is reported. */
export async function lookupPosition(client: ApiClient, context: ReportContext): Promise<string | undefined> {
  const answer = await withRetries(
    () => client.call('position', {}),
    (result) => result.ok,
    POSITION_RETRIES,
  );
  if (answer.ok) return answer.data.country;
  await reportEvent(client, context, 'position_failed', { int: [answer.result] });
  return undefined;
}
