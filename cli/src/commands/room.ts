import { FullRefreshAnswerSchema } from '@topup/contracts';
import { REALTIME, reconnectDelay } from '@topup/contracts/room/connection';
import { judgeAnswer } from '../contract/conformance';
import { sendCall } from '../http/client';
import { encodeParams } from '../http/encode';
import { onStopSignal, type StopSignal, stopSaid } from '../interrupt';
import { ExitCode, type Io, UsageError } from '../io';
import { mask, maskAddress } from '../report/mask';
import { visible, visibleJson } from '../report/visible';
import { type RoomClock, realClock, sleepOn } from '../room/clock';
import { describeEvent, seconds, Tally } from '../room/describe';
import { noCounts, type RoomCounters, type RoomEvent } from '../room/events';
import { RoomSession } from '../room/session';
import { CLOSED_NORMALLY, watchVerdict } from '../room/verdict';

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

/** The --api base for full refreshes: an http(s) URL without a query or fragment (no call would carry them). */
function apiBase(api: string): string {
  const takes = '--api takes an http(s) base URL such as https://api.example.com';
  let url: URL;
  try {
    url = new URL(api);
  } catch {
    throw new UsageError(`${takes}, not ${maskAddress(api)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageError(`${takes}, not a ${url.protocol} URL (${maskAddress(api)})`);
  if (url.search !== '' || url.hash !== '')
    throw new UsageError(
      `--api takes a base URL without a query or fragment (no refresh call would carry it, and a secret there would reach logs): give ${maskAddress(`${url.origin}${url.pathname}`)}`,
    );
  return url.toString();
}

/**
 * Prints each frame as the sn machine handles it, and the table as it converges. With --json, stdout holds
 * one JSON object per line and nothing else; notes, the summary and the table go to stderr. As the app's
 * client (SPEC §4): a heartbeat after 15 s without sending; an error close is answered with a new socket
 * after 1 s, up to 8 attempts, a successful open resetting them; a normal close (1000) is not reconnected.
 * No message for 121 s force-closes the socket and ends the watch, failed (exit 1): a room that says
 * nothing is what the watch is there to see. Every address printed has its query values and user info
 * masked (`maskAddress`). `clock` is the real one but in tests.
 */
export async function roomWatchCommand(
  options: RoomWatchOptions,
  io: Io,
  clock: RoomClock = realClock,
): Promise<number> {
  let wsUrl: URL;
  try {
    wsUrl = new URL(options.url);
  } catch {
    throw new UsageError(`--url takes a ws:// or wss:// URL, not ${maskAddress(options.url)}`);
  }
  if (wsUrl.protocol !== 'ws:' && wsUrl.protocol !== 'wss:')
    throw new UsageError(
      `--url takes a ws:// or wss:// URL, not a ${wsUrl.protocol} URL (${maskAddress(options.url)})`,
    );
  if (!/^[1-9]\d{0,15}$/.test(options.rid)) {
    throw new UsageError(`--rid takes a room id, a positive whole number such as 5001, not ${options.rid}`);
  }
  const api =
    options.api === undefined
      ? `${wsUrl.protocol === 'wss:' ? 'https:' : 'http:'}//${wsUrl.host}`
      : apiBase(options.api);
  // Only these are printed: a token or session key in the socket's query never reaches a log.
  const shownUrl = maskAddress(wsUrl.toString());
  const shownApi = maskAddress(api);
  /** An error's text, any address in it shown masked, then masked as every error the CLI prints. */
  const hide = (error: unknown): string => {
    let text = error instanceof Error ? error.message : String(error);
    for (const raw of [options.url, wsUrl.toString(), api]) text = text.split(raw).join(maskAddress(raw));
    return mask(text);
  };
  const note = (text: string) => io.err(`${text}\n`);
  const line = (record: Record<string, unknown>) => io.out(`${visibleJson(JSON.stringify(record))}\n`);
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
    tally.add(event, s.opened);
    const at = stamp();
    if (options.json) {
      line({
        at,
        ...event,
        ...(event.kind === 'applied' || event.kind === 'refresh' ? { table: s.state.table } : {}),
      });
      return;
    }
    // What the server sent (a room id, a key, a value) is printed with its control characters escaped.
    io.out(`${at}  ${visible(describeEvent(event))}\n`);
    if (event.kind === 'applied' || (event.kind === 'refresh' && event.replaced)) {
      for (const key of event.kind === 'applied' ? event.keys : Object.keys(s.state.table)) {
        io.out(`           ${visible(`${key} = ${JSON.stringify(s.state.table[key])}`)}\n`);
      }
    }
    if (event.kind === 'applied' || event.kind === 'refresh')
      for (const wrong of event.wrongKinds ?? []) io.out(`           WRONG KIND ${visible(wrong)}\n`);
  };
  const stamp = () => new Date(clock.now()).toISOString().slice(11, 23);
  const onHeartbeat = (seq: number) => {
    if (pending !== undefined) pending.push(() => onHeartbeat(seq));
    else if (options.json) line({ at: stamp(), kind: 'heartbeat', seq });
    else
      io.out(
        `${stamp()}  heartbeat sent (seq ${seq}, ${seconds(REALTIME.heartbeatIdleMs)} without sending)\n`,
      );
  };
  const limit = options.count ?? Number.POSITIVE_INFINITY;
  const deadline = clock.now() + (options.duration ?? 2_147_483_647);
  // Ctrl-C or SIGTERM: the socket is closed normally (1000), the summary printed, and the watch exits 130.
  let interrupted: StopSignal | undefined;
  let wake: () => void = () => {};
  const offStop = onStopSignal((signal) => {
    interrupted = signal;
    wake();
  });
  // Counters and the sn carry over a reconnect, as the app's store does.
  let session = new RoomSession(wsUrl.toString(), options.rid, refresh, onEvent, { clock, onHeartbeat });
  // Counters of the sessions before the last reconnect; the summary adds the current one's.
  const past: RoomCounters = noCounts();
  const messagesSoFar = () => past.messages + session.counters.messages;
  let reason: string;
  let code: number = ExitCode.ok;
  let failure: string | undefined;
  try {
    try {
      await session.open();
    } catch (error) {
      pending = undefined;
      io.err(`topup: could not open ${shownUrl}: ${hide(error)}\n`);
      return ExitCode.failed;
    }
    note(`watching room ${options.rid} at ${shownUrl} (refreshes from ${shownApi})`);
    const held = pending;
    pending = undefined;
    for (const show of held) show();
    for (;;) {
      // A stop that came while the socket opened or reconnected is not waited for again.
      if (interrupted === undefined)
        await Promise.race([
          new Promise<void>((resolve) => {
            wake = resolve;
          }),
          session.waitFor(
            () => session.closed || messagesSoFar() >= limit,
            Math.max(0, deadline - clock.now()),
          ),
        ]);
      if (interrupted !== undefined) {
        reason = `stopped: ${stopSaid(interrupted)}`;
        code = ExitCode.interrupted;
        break;
      }
      if (messagesSoFar() >= limit) {
        reason = `stopped: ${limit} messages received (--count)`;
        break;
      }
      if (clock.now() >= deadline) {
        reason = `stopped: ${options.duration} ms elapsed (--duration)`;
        break;
      }
      if (session.timedOut) {
        const silent = seconds(REALTIME.receiveTimeoutMs);
        reason = `stopped: no message for ${silent} (receive time-out): the socket was force-closed`;
        failure = `room ${options.rid} at ${shownUrl} sent no message for ${silent}: receive time-out, the socket was force-closed (the server or the network is silent; a live room also answers each heartbeat)`;
        code = ExitCode.failed;
        break;
      }
      if (session.closedNormally) {
        reason = CLOSED_NORMALLY;
        break;
      }
      // The server closed the socket, or it failed: an error close.
      if (!options.reconnect) {
        reason = 'stopped: the server closed the socket (--no-reconnect)';
        break;
      }
      const next = await reconnect(
        session,
        clock,
        () => interrupted !== undefined,
        hide,
        note,
        options.json ? line : undefined,
      );
      if (next === undefined) {
        reason =
          interrupted !== undefined
            ? `stopped: ${stopSaid(interrupted)}`
            : `stopped: the server closed the socket and ${REALTIME.maxReconnectAttempts} reconnection attempts failed`;
        code = interrupted !== undefined ? ExitCode.interrupted : ExitCode.failed;
        break;
      }
      for (const key of Object.keys(past) as (keyof RoomCounters)[]) past[key] += session.counters[key];
      session = next;
    }
  } finally {
    offStop();
    await session.close();
  }
  const c = { ...past };
  for (const key of Object.keys(c) as (keyof RoomCounters)[]) c[key] += session.counters[key];
  const summary = `sn ${session.state.sn}: ${c.messages} messages, ${c.applied} applied, ${c.ignored} ignored, ${c.refreshes} full refreshes, ${c.dropped} dropped; the socket dropped ${tally.drops} times (1006)`;
  if (options.json) {
    line({ kind: 'stopped', reason, sn: session.state.sn, ...c, socketDrops: tally.drops });
    note(`${reason}\n${summary}`);
    note(visible(JSON.stringify(session.state.table, null, 2), true));
  } else {
    io.out(`\n${reason}\n${summary}\n${visible(JSON.stringify(session.state.table, null, 2), true)}\n`);
  }
  if (failure !== undefined) io.err(`topup: ${failure}\n`);
  const verdict = watchVerdict(tally, options.rid, reason);
  for (const said of verdict) io.err(`topup: ${said}\n`);
  // Stopped by Ctrl-C, it says so and exits 130 whatever it saw, as every command the README lists.
  return code === ExitCode.interrupted || verdict.length === 0 ? code : ExitCode.failed;
}

/** A new socket after 1 s, up to 8 attempts; the new session starts from the old one's sn and table. */
async function reconnect(
  old: RoomSession,
  clock: RoomClock,
  stopped: () => boolean,
  hide: (error: unknown) => string,
  note: (text: string) => void,
  line?: (record: Record<string, unknown>) => void,
): Promise<RoomSession | undefined> {
  for (let attempt = 1; ; attempt += 1) {
    const delay = reconnectDelay(attempt);
    if (delay === null) return undefined;
    await sleepOn(clock, delay);
    if (stopped()) return undefined;
    const next = old.successor();
    try {
      await next.open();
      if (line === undefined) note(`reconnected (attempt ${attempt})`);
      else line({ kind: 'reconnected', attempt });
      return next;
    } catch (error) {
      await next.close();
      // An error can name what it failed on: its text is masked.
      const why = hide(error);
      if (line === undefined) note(`reconnection attempt ${attempt} failed: ${why}`);
      else line({ kind: 'reconnect-failed', attempt, reason: why });
    }
  }
}
