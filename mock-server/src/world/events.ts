import { redact } from '../contract/redact';
import type { World } from './world';

/** Which call reported an event. */
export type EventKind = 'event' | 'payPage' | 'sensor' | 'tmp';

export interface LoggedEvent {
  readonly seq: number;
  readonly kind: EventKind;
  readonly name: string;
  /** Milliseconds of world time. */
  readonly at: number;
  readonly payload: Readonly<Record<string, unknown>>;
}

/** Events kept, newest last: enough for a scenario to look back at, small enough to run for days. */
const MAX_EVENTS = 1000;
const MAX_PAGE_VIEWS = 10_000;

/**
 * Analytics and diagnostics the app reports (add_event, pay-page events, sensor and tmp reports), bounded,
 * and the page view ids that completed a payment (page_view_id_result).
 */
export class EventLog {
  readonly #world: World;
  #events: LoggedEvent[] = [];
  #seq = 0;
  /** Insertion-ordered, so the oldest is dropped first. */
  readonly #completedPageViews = new Set<string>();

  constructor(world: World) {
    this.#world = world;
  }

  /** Kept redacted, like the journal: a report is free text and must not keep a card number. */
  record(kind: EventKind, name: string, payload: Readonly<Record<string, unknown>>): void {
    this.#seq += 1;
    const kept = redact(payload) as Readonly<Record<string, unknown>>;
    this.#events.push({ seq: this.#seq, kind, name, at: this.#world.clock.now(), payload: kept });
    if (this.#events.length > MAX_EVENTS) this.#events = this.#events.slice(-MAX_EVENTS);
  }

  /** The kept events, oldest first, optionally of one kind. */
  list(kind?: EventKind): readonly LoggedEvent[] {
    return kind === undefined ? [...this.#events] : this.#events.filter((event) => event.kind === kind);
  }

  /** A payment completed on this page view (called by the order book). */
  completePageView(pageViewId: string): void {
    this.#completedPageViews.delete(pageViewId);
    this.#completedPageViews.add(pageViewId);
    if (this.#completedPageViews.size > MAX_PAGE_VIEWS) {
      const oldest = this.#completedPageViews.values().next();
      if (!oldest.done) this.#completedPageViews.delete(oldest.value);
    }
  }

  isPageViewPaid(pageViewId: string): boolean {
    return this.#completedPageViews.has(pageViewId);
  }
}
