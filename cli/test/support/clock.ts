import type { RoomClock } from '../../src/room/clock';

/** One turn of the event loop: promise callbacks and the I/O callbacks already due run. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A clock that moves only when a test says: `advance(ms)` fires the timers due in that span, in order, each
 * at its own time. Nothing waits in real time; a socket's I/O still happens for real, so a test waits for
 * what a server received (a promise), not for a delay.
 */
export class FakeClock implements RoomClock {
  private time = Date.UTC(2026, 10, 27, 12, 0, 0);
  private nextId = 1;
  private readonly timers = new Map<number, { at: number; callback: () => void }>();

  now(): number {
    return this.time;
  }

  setTimeout(callback: () => void, ms: number): unknown {
    const id = this.nextId++;
    this.timers.set(id, { at: this.time + Math.max(0, ms), callback });
    return id;
  }

  clearTimeout(handle: unknown): void {
    if (typeof handle === 'number') this.timers.delete(handle);
  }

  /** How long from now each pending timer is due, soonest first. */
  pending(): number[] {
    return [...this.timers.values()].map((t) => t.at - this.time).sort((a, b) => a - b);
  }

  /** Moves the time `ms` on, firing every timer due by then in order (a timer set by one fires too). */
  async advance(ms: number): Promise<void> {
    const end = this.time + ms;
    for (;;) {
      await turn();
      let due: [number, { at: number; callback: () => void }] | undefined;
      for (const entry of this.timers) {
        if (entry[1].at <= end && (due === undefined || entry[1].at < due[1].at)) due = entry;
      }
      if (due === undefined) break;
      this.timers.delete(due[0]);
      this.time = due[1].at;
      due[1].callback();
    }
    this.time = end;
    await turn();
  }
}
