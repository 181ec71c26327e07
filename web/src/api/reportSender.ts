import type { ApiClient } from './client';
import type { ReportContext } from './reporting';
import { withRetries } from './retries';

/**
 * The sender of events and error reports (SPEC §8, §9). Loaded by `reporting.ts` when the first report is
 * made, not with the first load: a visitor whose start goes well never needs it.
 */

export const EVENT_RETRIES = 3;
export const REPORT_CHUNKS = 50;
export const REPORT_CHUNK_LENGTH = 300;

/** An error report split into at most 50 chunks of 300 characters; the rest is dropped. */
export function chunkReport(text: string): string[] {
  const chunks: string[] = [];
  for (let i = 0; i < text.length && chunks.length < REPORT_CHUNKS; i += REPORT_CHUNK_LENGTH) {
    chunks.push(text.slice(i, i + REPORT_CHUNK_LENGTH));
  }
  return chunks;
}

export function reportEvent(
  client: ApiClient,
  context: ReportContext,
  eventName: string,
  params: { str?: readonly string[]; int?: readonly number[] } = {},
) {
  const [s1, s2, s3, s4] = params.str ?? [];
  const [i1, i2, i3, i4] = params.int ?? [];
  return withRetries(
    () =>
      client.call('addEvent', {
        event_name: eventName,
        uuid: context.uuid,
        version: context.version,
        ...(s1 !== undefined ? { str_param1: s1 } : {}),
        ...(s2 !== undefined ? { str_param2: s2 } : {}),
        ...(s3 !== undefined ? { str_param3: s3 } : {}),
        ...(s4 !== undefined ? { str_param4: s4 } : {}),
        ...(i1 !== undefined ? { int_param1: i1 } : {}),
        ...(i2 !== undefined ? { int_param2: i2 } : {}),
        ...(i3 !== undefined ? { int_param3: i3 } : {}),
        ...(i4 !== undefined ? { int_param4: i4 } : {}),
      }),
    (result) => result.ok,
    EVENT_RETRIES,
  );
}

/** An exception, as chunked `exception` events (uncaught errors, rejections, storage failures). */
export async function reportError(client: ApiClient, context: ReportContext, text: string): Promise<void> {
  const chunks = chunkReport(text);
  const id = `${Date.now().toString(36)}`;
  for (const [index, chunk] of chunks.entries()) {
    await reportEvent(client, context, 'exception', { str: [chunk, id], int: [index, chunks.length] });
  }
}
