import { FullRefreshAnswerSchema } from '@topup/contracts';
import { judgeAnswer } from '../contract/conformance';
import { sendCall } from '../http/client';
import { encodeParams } from '../http/encode';
import { ExitCode, type Io, UsageError } from '../io';
import { type RoomEvent, RoomSession } from '../room/session';

export interface RoomWatchOptions {
  readonly url: string;
  readonly rid: string;
  /** Base URL of the API for full refreshes; by default the socket's own origin over http(s). */
  readonly api?: string;
  readonly count?: number;
  readonly durationMs?: number;
  readonly json: boolean;
}

const frameList = (frames: readonly number[]) =>
  frames.length === 0 ? 'no frames' : `frames ${frames.join('+')}`;

export function describeEvent(event: RoomEvent): string {
  switch (event.kind) {
    case 'applied':
      return `applied  ${frameList(event.frames)} → sn ${event.sn}  changed ${event.keys.join(', ') || '(nothing)'}`;
    case 'ignored':
      return `ignored  ${frameList(event.frames)} (stale at sn ${event.sn})`;
    case 'gap':
      return `GAP      ${frameList(event.frames)} at local sn ${event.localSn}: asking for a full refresh`;
    case 'refresh':
      return event.replaced
        ? `REFRESH  whole table replaced at sn ${event.sn}`
        : `refresh  not applied (${event.reason ?? 'stale'}, answer sn ${event.sn})`;
    case 'sync-sn':
      return `sync-sn  sn raised to ${event.sn}`;
    case 'dropped':
      return `dropped  a message (${event.reason})`;
    case 'other':
      return `message  type ${event.type}`;
    case 'closed':
      return `closed   code ${event.code}`;
  }
}

/** Prints each frame as the sn machine handles it, and the table as it converges. */
export async function roomWatchCommand(options: RoomWatchOptions, io: Io): Promise<number> {
  let wsUrl: URL;
  try {
    wsUrl = new URL(options.url);
  } catch {
    throw new UsageError(`--url takes a ws:// or wss:// URL, not ${options.url}`);
  }
  if (wsUrl.protocol !== 'ws:' && wsUrl.protocol !== 'wss:')
    throw new UsageError('--url takes a ws:// or wss:// URL');
  const api = options.api ?? `${wsUrl.protocol === 'wss:' ? 'https:' : 'http:'}//${wsUrl.host}`;
  const refresh = async () => {
    const raw = await sendCall(api, 'roomStatus', encodeParams('roomStatus', { rid: Number(options.rid) }));
    const judged = judgeAnswer('roomStatus', raw);
    const parsed = FullRefreshAnswerSchema.safeParse(judged.data);
    return judged.envelope?.result === 0 && parsed.success ? parsed.data : undefined;
  };
  const session = new RoomSession(wsUrl.toString(), options.rid, refresh, (event, s) => {
    const at = new Date().toISOString().slice(11, 23);
    if (options.json) {
      io.out(
        `${JSON.stringify({ at, ...event, table: event.kind === 'applied' || event.kind === 'refresh' ? s.state.table : undefined })}\n`,
      );
      return;
    }
    io.out(`${at}  ${describeEvent(event)}\n`);
    if (event.kind === 'applied' || (event.kind === 'refresh' && event.replaced)) {
      for (const key of event.kind === 'applied' ? event.keys : Object.keys(s.state.table)) {
        io.out(`           ${key} = ${JSON.stringify(s.state.table[key])}\n`);
      }
    }
  });
  try {
    await session.open();
  } catch (error) {
    io.err(`could not open ${wsUrl}: ${(error as Error).message}\n`);
    return ExitCode.failed;
  }
  io.err(`watching room ${options.rid} at ${wsUrl} (refreshes from ${api})\n`);
  const stop = new Promise<void>((resolve) => {
    process.once('SIGINT', () => resolve());
  });
  const limit = options.count ?? Number.POSITIVE_INFINITY;
  await Promise.race([
    stop,
    session.waitFor(
      () => session.closed || session.counters.messages >= limit,
      options.durationMs ?? 2_147_483_647,
    ),
  ]);
  await session.close();
  const c = session.counters;
  io.out(
    `\nsn ${session.state.sn}: ${c.messages} messages, ${c.applied} applied, ${c.ignored} ignored, ${c.refreshes} full refreshes, ${c.dropped} dropped\n`,
  );
  io.out(`${JSON.stringify(session.state.table, null, 2)}\n`);
  return ExitCode.ok;
}
