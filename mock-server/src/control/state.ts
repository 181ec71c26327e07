import type { CallName } from '@topup/contracts';
import { redact } from '../contract/redact';
import { keptValue } from './journalSize';

/** A forced answer for the next calls of one endpoint (control API): a result code or a transport fault. */
export type ForcedAnswer =
  | { readonly kind: 'result'; readonly result: number; readonly message?: string | undefined }
  | { readonly kind: 'delay'; readonly ms: number }
  | { readonly kind: 'http'; readonly status: number }
  | { readonly kind: 'hang'; readonly ms?: number | undefined }
  | { readonly kind: 'reset' }
  | { readonly kind: 'notEnvelope'; readonly status: number }
  | { readonly kind: 'lostAnswer'; readonly after: 'reset' | 'hang'; readonly ms?: number | undefined };

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
  /** The envelope answered (none for a transport fault), redacted as the parameters are. */
  readonly answer?: unknown;
}

const JOURNAL_LIMIT = 2000;
/**
 * What the journal's kept values may hold in all, approximately: the oldest entries go
 * first past it. With each value cut at ENTRY_VALUE_BYTES, a flood of large bodies costs at most this.
 */
export const JOURNAL_BYTES = 8 * 1024 * 1024;
/** Bytes counted for an entry besides its values (its columns' slots, the path and call names). */
const ENTRY_BYTES = 256;

/** What a request adds to the journal; `seq` is given by the journal and `at` formatted on read. */
export type JournalInput = Omit<JournalEntry, 'seq' | 'at'> & { readonly atMs: number };

/**
 * The last JOURNAL_LIMIT requests, within JOURNAL_BYTES, in a ring of columns: recording one request writes a
 * slot in each column and allocates nothing of its own (the parameters are the request's own object, or, when
 * large, their truncated start), so the thousands of entries kept alive cost the garbage collector little.
 * Rows are built when the journal is read.
 */
class JournalRing {
  readonly #seq = new Float64Array(JOURNAL_LIMIT);
  readonly #atMs = new Float64Array(JOURNAL_LIMIT);
  readonly #ms = new Float64Array(JOURNAL_LIMIT);
  readonly #bytes = new Float64Array(JOURNAL_LIMIT);
  readonly #call: Array<JournalEntry['call']> = new Array(JOURNAL_LIMIT).fill('unknown');
  readonly #method: string[] = new Array(JOURNAL_LIMIT).fill('');
  readonly #path: string[] = new Array(JOURNAL_LIMIT).fill('');
  readonly #params: unknown[] = new Array(JOURNAL_LIMIT).fill(null);
  readonly #result: Array<number | 'fault'> = new Array(JOURNAL_LIMIT).fill(0);
  readonly #requestId: Array<string | undefined> = new Array(JOURNAL_LIMIT).fill(undefined);
  /** The answer objects as sent (already allocated): kept by reference, redacted only when read. */
  readonly #answer: unknown[] = new Array(JOURNAL_LIMIT).fill(undefined);
  /** Entries recorded since the last clear; the newest is in slot (count - 1) % JOURNAL_LIMIT. */
  #count = 0;
  /** The oldest entry still kept, as a count: entries first … count - 1 are kept. */
  #first = 0;
  /** What the kept entries hold, approximately. */
  #total = 0;

  push(entry: JournalInput, seq: number): void {
    if (this.#count - this.#first === JOURNAL_LIMIT) this.#evictOldest();
    const params = keptValue(entry.params, true);
    const answer = keptValue(entry.answer, false);
    const i = this.#count % JOURNAL_LIMIT;
    this.#count += 1;
    this.#seq[i] = seq;
    this.#atMs[i] = entry.atMs;
    this.#ms[i] = entry.ms;
    this.#call[i] = entry.call;
    this.#method[i] = entry.method;
    this.#path[i] = entry.path;
    this.#params[i] = params.value;
    this.#result[i] = entry.result;
    this.#requestId[i] = entry.requestId;
    this.#answer[i] = answer.value;
    const bytes = ENTRY_BYTES + entry.path.length * 2 + params.bytes + answer.bytes;
    this.#bytes[i] = bytes;
    this.#total += bytes;
    while (this.#total > JOURNAL_BYTES && this.#count - this.#first > 1) this.#evictOldest();
  }

  /** What the kept entries hold, approximately, in bytes. */
  get bytes(): number {
    return this.#total;
  }

  /** The kept entries, oldest first. */
  rows(): JournalEntry[] {
    const rows: JournalEntry[] = [];
    for (let n = this.#first; n < this.#count; n++) {
      const i = n % JOURNAL_LIMIT;
      rows.push({
        call: this.#call[i] ?? 'unknown',
        method: this.#method[i] ?? '',
        path: this.#path[i] ?? '',
        params: this.#params[i],
        result: this.#result[i] ?? 0,
        ms: this.#ms[i] ?? 0,
        requestId: this.#requestId[i],
        seq: this.#seq[i] ?? 0,
        at: new Date(this.#atMs[i] ?? 0).toISOString(),
        ...(this.#answer[i] === undefined ? {} : { answer: redact(this.#answer[i]) }),
      });
    }
    return rows;
  }

  clear(): void {
    this.#count = 0;
    this.#first = 0;
    this.#total = 0;
    this.#params.fill(null);
    this.#requestId.fill(undefined);
    this.#answer.fill(undefined);
  }

  #evictOldest(): void {
    const i = this.#first % JOURNAL_LIMIT;
    this.#total -= this.#bytes[i] ?? 0;
    this.#params[i] = null;
    this.#answer[i] = undefined;
    this.#first += 1;
  }
}

/** Forced answers, latency and the request journal: everything the control API steers. */
export class ControlState {
  readonly #forced = new Map<CallName, ForcedAnswer[]>();
  readonly #journal = new JournalRing();
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

  /** Records one request. */
  record(entry: JournalInput): void {
    this.#seq += 1;
    this.#journal.push(entry, this.#seq);
  }

  journal(filter: { call?: string | undefined; limit?: number | undefined } = {}): JournalEntry[] {
    const kept = this.#journal.rows();
    const rows = filter.call ? kept.filter((e) => e.call === filter.call) : kept;
    return filter.limit ? rows.slice(-filter.limit) : rows;
  }

  clearJournal(): void {
    this.#journal.clear();
  }

  /** What the journal holds, approximately, in bytes (at most about JOURNAL_BYTES). */
  journalBytes(): number {
    return this.#journal.bytes;
  }
}
