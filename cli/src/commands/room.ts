import { setTimeout as sleep } from 'node:timers/promises';
import { FullRefreshAnswerSchema } from '@topup/contracts';
import { REALTIME, reconnectDelay } from '@topup/contracts/room/connection';
import { judgeAnswer } from '../contract/conformance';
import { sendCall } from '../http/client';
import { encodeParams } from '../http/encode';
import { ExitCode, type Io, UsageError } from '../io';
import { ROOM_MESSAGE_MAX_BYTES, type RoomCounters, type RoomEvent, RoomSession } from '../room/session';

export interface RoomWatchOptions {
  readonly url: string;
  readonly rid: string;
  /** Base URL of the API for full refreshes; by default the socket's own origin over http(s). */
  readonly api?: string;
  readonly count?: number;
  /** Stop after this many ms. */
  readonly duration?: number;
  readonly json?: boolean;
  /** Reconnect when the server closes the socket (the default), as the app does. */
  readonly reconnect: boolean;
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
      return event.rid === undefined
        ? `message  type ${event.type}`
        : `message  type ${event.type} for room ${event.rid}, not this one`;
    case 'closed':
      return event.code === 1009
        ? `closed   code 1009: a message over ${ROOM_MESSAGE_MAX_BYTES} bytes was refused`
        : `closed   code ${event.code}`;
  }
}

/**
 * Prints each frame as the sn machine handles it, and the table as it converges. With --json, stdout holds
 * one JSON object per line and nothing else; notes, the summary and the table go to stderr. A server close
 * is answered as the app answers it: a new socket after 1 s, up to 8 attempts; a successful open resets them.
 */
export async function roomWatchCommand(options: RoomWatchOptions, io: Io): Promise<number> {
  let wsUrl: URL;
  try {
    wsUrl = new URL(options.url);
  } catch {
    throw new UsageError(`--url takes a ws:// or wss:// URL, not ${options.url}`);
  }
  if (wsUrl.protocol !== 'ws:' && wsUrl.protocol !== 'wss:')
    throw new UsageError('--url takes a ws:// or wss:// URL');
  if (!/^[1-9]\d{0,15}$/.test(options.rid)) {
    throw new UsageError(`--rid takes a room id, a positive whole number such as 5001, not ${options.rid}`);
  }
  const api = options.api ?? `${wsUrl.protocol === 'wss:' ? 'https:' : 'http:'}//${wsUrl.host}`;
  const note = (text: string) => io.err(`${text}\n`);
  const line = (record: Record<string, unknown>) => io.out(`${JSON.stringify(record)}\n`);
  const refresh = async () => {
    const raw = await sendCall(api, 'roomStatus', encodeParams('roomStatus', { rid: Number(options.rid) }));
    const judged = judgeAnswer('roomStatus', raw);
    const parsed = FullRefreshAnswerSchema.safeParse(judged.data);
    return judged.envelope?.result === 0 && parsed.success ? parsed.data : undefined;
  };
  // Events that arrive while the first socket opens wait for the header line.
  let pending: (() => void)[] | undefined = [];
  const tally = new Tally();
  const onEvent = (event: RoomEvent, s: RoomSession) => {
    if (pending !== undefined) {
      pending.push(() => onEvent(event, s));
      return;
    }
    tally.add(event);
    const at = new Date().toISOString().slice(11, 23);
    if (options.json) {
      line({
        at,
        ...event,
        ...(event.kind === 'applied' || event.kind === 'refresh' ? { table: s.state.table } : {}),
      });
      return;
    }
    io.out(`${at}  ${describeEvent(event)}\n`);
    if (event.kind === 'applied' || (event.kind === 'refresh' && event.replaced)) {
      for (const key of event.kind === 'applied' ? event.keys : Object.keys(s.state.table)) {
        io.out(`           ${key} = ${JSON.stringify(s.state.table[key])}\n`);
      }
    }
  };
  const limit = options.count ?? Number.POSITIVE_INFINITY;
  const deadline = Date.now() + (options.duration ?? 2_147_483_647);
  let interrupted = false;
  let wake: () => void = () => {};
  const onSigint = () => {
    interrupted = true;
    wake();
  };
  process.once('SIGINT', onSigint);
  // Counters and the sn carry over a reconnect, as the app's store does.
  let session = new RoomSession(wsUrl.toString(), options.rid, refresh, onEvent);
  // Counters of the sessions before the last reconnect; the summary adds the current one's.
  const past: RoomCounters = { messages: 0, applied: 0, ignored: 0, dropped: 0, refreshes: 0 };
  const messagesSoFar = () => past.messages + session.counters.messages;
  let reason: string;
  let code: number = ExitCode.ok;
  try {
    try {
      await session.open();
    } catch (error) {
      pending = undefined;
      io.err(`topup: could not open ${wsUrl}: ${(error as Error).message}\n`);
      return ExitCode.failed;
    }
    note(`watching room ${options.rid} at ${wsUrl} (refreshes from ${api})`);
    const held = pending;
    pending = undefined;
    for (const show of held) show();
    for (;;) {
      await Promise.race([
        new Promise<void>((resolve) => {
          wake = resolve;
        }),
        session.waitFor(() => session.closed || messagesSoFar() >= limit, Math.max(0, deadline - Date.now())),
      ]);
      if (interrupted) {
        reason = 'stopped: Ctrl-C';
        break;
      }
      if (messagesSoFar() >= limit) {
        reason = `stopped: ${limit} messages received (--count)`;
        break;
      }
      if (Date.now() >= deadline) {
        reason = `stopped: ${options.duration} ms elapsed (--duration)`;
        break;
      }
      // The server closed the socket.
      if (!options.reconnect) {
        reason = 'stopped: the server closed the socket (--no-reconnect)';
        break;
      }
      const next = await reconnect(session, () => interrupted, note, options.json ? line : undefined);
      if (next === undefined) {
        reason = interrupted
          ? 'stopped: Ctrl-C'
          : `stopped: the server closed the socket and ${REALTIME.maxReconnectAttempts} reconnection attempts failed`;
        code = interrupted ? ExitCode.ok : ExitCode.failed;
        break;
      }
      for (const key of Object.keys(past) as (keyof RoomCounters)[]) past[key] += session.counters[key];
      session = next;
    }
  } finally {
    process.off('SIGINT', onSigint);
    await session.close();
  }
  const c = { ...past };
  for (const key of Object.keys(c) as (keyof RoomCounters)[]) c[key] += session.counters[key];
  const summary = `sn ${session.state.sn}: ${c.messages} messages, ${c.applied} applied, ${c.ignored} ignored, ${c.refreshes} full refreshes, ${c.dropped} dropped`;
  if (options.json) {
    line({ kind: 'stopped', reason, sn: session.state.sn, ...c });
    note(`${reason}\n${summary}`);
    note(JSON.stringify(session.state.table, null, 2));
  } else {
    io.out(`\n${reason}\n${summary}\n${JSON.stringify(session.state.table, null, 2)}\n`);
  }
  // A watch that brought the table up to date by no frame and no full refresh checked nothing: it fails,
  // saying what the messages were instead.
  if (!tally.updated) {
    io.err(`topup: nothing was applied to room ${options.rid}'s table: ${tally.why()}\n`);
    return ExitCode.failed;
  }
  return code;
}

/** What the watched messages did: whether any brought the table up to date, and what the others were. */
class Tally {
  updated = false;
  private readonly seen = new Map<string, number>();

  add(event: RoomEvent): void {
    if (event.kind === 'applied' || (event.kind === 'refresh' && event.replaced)) this.updated = true;
    const what =
      event.kind === 'dropped'
        ? 'dropped (not a valid room message)'
        : event.kind === 'other'
          ? event.rid === undefined
            ? `of type ${event.type} (no frames)`
            : `for room ${event.rid}, not this one`
          : event.kind === 'ignored'
            ? 'stale (frames at or below the local sn, ignored)'
            : event.kind === 'sync-sn'
              ? 'sync-sn only (no change to the table)'
              : event.kind === 'refresh' && !event.replaced
                ? 'full refreshes not applied'
                : undefined;
    if (what !== undefined) this.seen.set(what, (this.seen.get(what) ?? 0) + 1);
  }

  why(): string {
    if (this.seen.size === 0) return 'no frame and no full refresh arrived';
    return [...this.seen].map(([what, n]) => `${n} ${what}`).join('; ');
  }
}

/** A new socket after 1 s, up to 8 attempts; the new session starts from the old one's sn and table. */
async function reconnect(
  old: RoomSession,
  stopped: () => boolean,
  note: (text: string) => void,
  line?: (record: Record<string, unknown>) => void,
): Promise<RoomSession | undefined> {
  for (let attempt = 1; ; attempt += 1) {
    const delay = reconnectDelay(attempt);
    if (delay === null) return undefined;
    await sleep(delay);
    if (stopped()) return undefined;
    const next = old.successor();
    try {
      await next.open();
      if (line === undefined) note(`reconnected (attempt ${attempt})`);
      else line({ kind: 'reconnected', attempt });
      return next;
    } catch (error) {
      if (line === undefined) note(`reconnection attempt ${attempt} failed: ${(error as Error).message}`);
      else line({ kind: 'reconnect-failed', attempt, reason: (error as Error).message });
    }
  }
}
