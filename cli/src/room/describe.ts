import {
  ABNORMAL_CLOSE,
  CLOSE_RECEIVE_TIMEOUT,
  NORMAL_CLOSE,
  ROOM_MESSAGE_MAX_BYTES,
  type RoomEvent,
} from './events';

/** How `room watch` says each event, and what the events it saw did (for its verdict). */

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
    case 'heartbeat-answered':
      return `heartbeat answered (seq ${event.seq})`;
    case 'timeout':
      return `TIMEOUT  no message for ${seconds(event.ms)}: the socket was force-closed (receive time-out)`;
    case 'closed':
      return event.code === 1009
        ? `closed   code 1009: a message over ${ROOM_MESSAGE_MAX_BYTES} bytes was refused`
        : event.code === CLOSE_RECEIVE_TIMEOUT
          ? `closed   code ${CLOSE_RECEIVE_TIMEOUT}: receive time-out`
          : event.code === NORMAL_CLOSE
            ? `closed   code ${NORMAL_CLOSE} (normal closure)`
            : `closed   code ${event.code}`;
  }
}

/** A close code with what it means: `code 1006, abnormal closure`. */
export function closeCodeSaid(code: number): string {
  const what =
    code === NORMAL_CLOSE
      ? 'normal closure'
      : code === ABNORMAL_CLOSE
        ? 'abnormal closure: no close frame'
        : code === 1009
          ? 'message too big'
          : code === CLOSE_RECEIVE_TIMEOUT
            ? 'receive time-out'
            : undefined;
  return what === undefined ? `code ${code}` : `code ${code}, ${what}`;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export const seconds = (ms: number) => (ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`);

/**
 * What the watched messages did: whether any brought the table up to date (a full refresh, or a frame that
 * changed a key: frames that change nothing do not count), what the others were, and the malformed ones.
 */
export class Tally {
  updated = false;
  /** Whether a live frame changed the table (a full refresh alone does not: it masks a silent socket). */
  live = false;
  private readonly seen = new Map<string, number>();
  private readonly malformed = new Map<string, number>();
  /** Each key a frame set to the wrong kind of value (tableKinds.ts), as said. */
  private readonly wrong: string[] = [];
  /** Whether a full refresh's table held one (else only frames set them). */
  private wrongByRefresh = false;

  /** Closes without a close frame (1006: the server dropped the socket, or the network failed). */
  drops = 0;
  /** Messages whose frames left a gap, and full refreshes that replaced the table. */
  private gaps = 0;
  private refreshed = 0;

  /** Takes one event; `opened`: the session it came from had opened (a refused attempt's close is no drop). */
  add(event: RoomEvent, opened = true): void {
    if (event.kind === 'closed' && event.code === ABNORMAL_CLOSE && opened) this.drops += 1;
    if (event.kind === 'gap') this.gaps += 1;
    if (event.kind === 'refresh' && event.replaced) this.refreshed += 1;
    if ((event.kind === 'applied' && event.keys.length > 0) || (event.kind === 'refresh' && event.replaced))
      this.updated = true;
    if (event.kind === 'applied' && event.keys.length > 0) this.live = true;
    if (event.kind === 'applied') this.wrong.push(...(event.wrongKinds ?? []));
    if (event.kind === 'refresh' && event.wrongKinds !== undefined) {
      this.wrong.push(...event.wrongKinds);
      this.wrongByRefresh = true;
    }
    if (event.kind === 'dropped')
      this.malformed.set(event.reason, (this.malformed.get(event.reason) ?? 0) + 1);
    const what =
      event.kind === 'applied' && event.keys.length === 0
        ? 'frames with no command (they change nothing)'
        : event.kind === 'dropped'
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

  /** The messages that were no valid room message, by reason (`2 not-json, 1 bad-message`); undefined if none. */
  malformedSaid(): string | undefined {
    if (this.malformed.size === 0) return undefined;
    const n = [...this.malformed.values()].reduce((a, b) => a + b, 0);
    const reasons = [...this.malformed].map(([reason, k]) => `${k} ${reason}`).join(', ');
    return `${n} message${n === 1 ? '' : 's'} from the server ${n === 1 ? 'was' : 'were'} not a valid room message and dropped (${reasons})`;
  }

  /** The keys frames set to a value of the wrong kind (SPEC §3); undefined if none. */
  wrongKindsSaid(): string | undefined {
    if (this.wrong.length === 0) return undefined;
    const shown = this.wrong.slice(0, 5).join('; ');
    const more = this.wrong.length > 5 ? ` and ${this.wrong.length - 5} more` : '';
    const by = this.wrongByRefresh ? 'frames or a full refresh' : 'frames';
    return `${by} set SPEC §3 status keys to values of the wrong kind (contracts' RoomStatusTableTypesSchema): ${shown}${more}`;
  }

  /**
   * A watch whose table only full refreshes updated: the socket delivered no live change, which the HTTP
   * refresh masks (stale frames, frames with no command). Undefined when a live frame changed a key.
   */
  noLiveSaid(rid: string, ending = ''): string | undefined {
    if (this.live) return undefined;
    return `no live frame was applied to room ${rid}'s table over the watch: only full refreshes updated it (the socket sent ${this.why()})${ending}`;
  }

  /** The watch's socket dropped (1006) more than once: said, else undefined (one drop is a blip). */
  dropsSaid(rid: string): string | undefined {
    if (this.drops < 2) return undefined;
    return `room ${rid}'s socket dropped ${this.drops} times during the watch (code 1006, no close frame): each reconnect hides the frames sent while it was down`;
  }

  why(): string {
    if (this.seen.size === 0 && this.gaps > 0)
      return `${plural(this.gaps, 'message')} whose frames left a gap, ${this.refreshed === 0 ? 'and no full refresh replaced the table' : `answered by ${plural(this.refreshed, 'full refresh', 'full refreshes')}`}, and no frame after`;
    if (this.seen.size === 0) return 'no frame and no full refresh arrived';
    return [...this.seen].map(([what, n]) => `${n} ${what}`).join('; ');
  }
}
