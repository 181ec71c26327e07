import { atom } from 'jotai/vanilla';
import type { AppStore } from './store';

/**
 * "Now" for business rules (card expiry, SPEC §5): the server's clock, not the device's. TESTDATA dates cards
 * relative to the server's now, and a phone's clock may be wrong by months. Start-up asks the server once
 * (`GET /api/sys/ts/`) and keeps one offset; until it answers, or when its answer cannot be trusted, the device's
 * clock is used, so nothing ever waits on it. Timers, polls and ids keep `Date.now()`: they measure the device.
 */

/** Server times outside card years 20YY (2000-2099) are taken as garbage: no card can be judged by them. */
const EARLIEST_MS = Date.UTC(2000, 0, 1);
const LATEST_MS = Date.UTC(2100, 0, 1);

/** One answer of the server's time: its `ts` as answered, and the device's clock when asked and answered. */
export interface ServerTimeSample {
  readonly ts: unknown;
  readonly sentAt: number;
  readonly receivedAt: number;
}

/** The server's clock minus the device's, from one answer; undefined when the answer cannot be trusted. */
export function offsetOf({ ts, sentAt, receivedAt }: ServerTimeSample): number | undefined {
  if (typeof ts !== 'number' || !Number.isSafeInteger(ts) || ts < EARLIEST_MS || ts >= LATEST_MS) {
    return undefined;
  }
  if (!Number.isFinite(sentAt) || !Number.isFinite(receivedAt)) return undefined;
  // The server read its clock somewhere in the round trip: its middle is off by at most half of it. A device
  // clock set back meanwhile leaves no middle: the answer's arrival is the closest reading.
  const readAt = receivedAt >= sentAt ? sentAt + (receivedAt - sentAt) / 2 : receivedAt;
  return Math.round(ts - readAt);
}

export interface ServerClock {
  /** The server's clock minus the device's, in ms (0 until the server has answered). */
  readonly offsetMs: number;
  /** The server's now, as well as the device can tell it. */
  now(): Date;
}

function clockWithOffset(offsetMs: number): ServerClock {
  return { offsetMs, now: () => new Date(Date.now() + offsetMs) };
}

const offsetAtom = atom(0);

/** The clock business rules read: a new value only when the offset changes, so what is judged by it redraws. */
export const serverClockAtom = atom((get) => clockWithOffset(get(offsetAtom)));

/** Keeps the offset of a trusted answer; an untrusted one leaves the clock as it was. */
const noteServerTimeAtom = atom(null, (_get, set, sample: ServerTimeSample) => {
  const offset = offsetOf(sample);
  if (offset !== undefined) set(offsetAtom, offset);
});

type TimeAnswer = { readonly ok: true; readonly data: { readonly ts: unknown } } | { readonly ok: false };

/**
 * Asks the server's time once and keeps its offset, written once `live` settles (React has the built page:
 * app/boot.ts). Never throws: a failed, garbled or hostile answer leaves the device's clock in charge, and
 * payment goes on either way.
 */
export async function syncServerClock(
  store: AppStore,
  ask: () => Promise<TimeAnswer>,
  live: Promise<void> = Promise.resolve(),
  deviceNow: () => number = Date.now,
): Promise<void> {
  const sentAt = deviceNow();
  let ts: unknown;
  try {
    const answer = await ask();
    if (!answer.ok) return;
    ts = answer.data.ts;
  } catch {
    return;
  }
  const receivedAt = deviceNow();
  await live.catch(() => undefined);
  store.set(noteServerTimeAtom, { ts, sentAt, receivedAt });
}
