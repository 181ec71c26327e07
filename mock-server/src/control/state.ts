import type { CallName } from '@topup/contracts';

/** A forced answer for the next calls of one endpoint (control API): a result code or a transport fault. */
export type ForcedAnswer =
  | { readonly kind: 'result'; readonly result: number; readonly message?: string | undefined }
  | { readonly kind: 'delay'; readonly ms: number }
  | { readonly kind: 'http'; readonly status: number }
  | { readonly kind: 'hang' }
  | { readonly kind: 'reset' };

export interface JournalEntry {
  readonly seq: number;
  readonly at: string;
  readonly call: CallName | 'unknown';
  readonly method: string;
  readonly path: string;
  /** Parameters with secrets redacted (see redact.ts). */
  readonly params: unknown;
  readonly result: number | 'fault';
  readonly ms: number;
  readonly requestId?: string | undefined;
}

const JOURNAL_LIMIT = 2000;

type StoredEntry = Omit<JournalEntry, 'at'> & { readonly atMs: number };

/** Forced answers, latency and the request journal: everything the control API steers. */
export class ControlState {
  readonly #forced = new Map<CallName, ForcedAnswer[]>();
  #journal: StoredEntry[] = [];
  #seq = 0;
  /** Added to every contract call (control API latency). */
  latencyMs = 0;

  force(call: CallName, answer: ForcedAnswer, times: number): void {
    const queue = this.#forced.get(call) ?? [];
    for (let i = 0; i < times; i++) queue.push(answer);
    this.#forced.set(call, queue);
  }

  /** Takes the next forced answer of a call, if any. */
  take(call: CallName): ForcedAnswer | undefined {
    const queue = this.#forced.get(call);
    const next = queue?.shift();
    if (queue && queue.length === 0) this.#forced.delete(call);
    return next;
  }

  pending(): Record<string, number> {
    return Object.fromEntries([...this.#forced].map(([call, queue]) => [call, queue.length]));
  }

  clearForced(): void {
    this.#forced.clear();
  }

  /** Records one request; `atMs` is formatted on read, so the hot path allocates one object. */
  record(entry: Omit<JournalEntry, 'seq' | 'at'> & { atMs: number }): void {
    this.#seq += 1;
    this.#journal.push({ ...entry, seq: this.#seq });
    // Trimmed in batches: copying the full journal on every request once it is full cost the hot path dearly.
    if (this.#journal.length >= 2 * JOURNAL_LIMIT) this.#journal = this.#journal.slice(-JOURNAL_LIMIT);
  }

  journal(filter: { call?: string | undefined; limit?: number | undefined } = {}): JournalEntry[] {
    const kept = this.#journal.length > JOURNAL_LIMIT ? this.#journal.slice(-JOURNAL_LIMIT) : this.#journal;
    const rows = filter.call ? kept.filter((e) => e.call === filter.call) : kept;
    return (filter.limit ? rows.slice(-filter.limit) : rows).map(({ atMs, ...rest }) => ({
      ...rest,
      at: new Date(atMs).toISOString(),
    }));
  }

  clearJournal(): void {
    this.#journal = [];
  }
}
