import type { PayTargetRecord } from '@topup/contracts';
import type { Clock } from './clock';
import type { MockAccount } from './people';

export interface HistoryPage {
  readonly list: PayTargetRecord[];
  readonly has_more: boolean;
}

export interface UploadedFillRecord {
  readonly to_uid: number;
  readonly uid: number;
  readonly fill_times: number;
  readonly last_fill_time: number;
}

export interface HistoryEntry {
  readonly to_uid: number;
  h5_deviceid: string;
  fill_times: number;
  first_fill_time: number;
  last_fill_time: number;
}

/**
 * Who each signed-in payer has topped up: payer uid → target uid → entry. The targets are read from the
 * accounts at answer time, so a record shows its target as it is now.
 */
export class RechargeHistory {
  readonly #clock: Clock;
  readonly #accountOf: (uid: number) => MockAccount | undefined;
  readonly #byPayer = new Map<number, Map<number, HistoryEntry>>();

  constructor(clock: Clock, accountOf: (uid: number) => MockAccount | undefined) {
    this.#clock = clock;
    this.#accountOf = accountOf;
  }

  /** Adds an entry as it stands (seeding). */
  add(payerUid: number, entry: HistoryEntry): void {
    this.#entriesOf(payerUid).set(entry.to_uid, entry);
  }

  /** A paid top-up: adds or refreshes the payer's entry for the target. */
  record(payerUid: number, toUid: number, deviceId: string): void {
    const now = this.#clock.nowSeconds();
    const entry = this.#entriesOf(payerUid).get(toUid);
    if (entry === undefined) {
      this.add(payerUid, {
        to_uid: toUid,
        h5_deviceid: deviceId,
        fill_times: 1,
        first_fill_time: now,
        last_fill_time: now,
      });
      return;
    }
    entry.fill_times += 1;
    entry.last_fill_time = now;
    entry.h5_deviceid = deviceId;
  }

  /** The payer's history, most recent first, a page at a time. */
  page(payerUid: number, offset: number, limit: number): HistoryPage {
    const all = [...this.#entriesOf(payerUid).values()]
      .sort((a, b) => b.last_fill_time - a.last_fill_time || b.to_uid - a.to_uid)
      .flatMap((entry) => {
        const record = this.#recordOf(payerUid, entry);
        return record === undefined ? [] : [record];
      });
    return { list: all.slice(offset, offset + limit), has_more: offset + limit < all.length };
  }

  /**
   * Merges records the browser kept into the payer's history: unknown targets and another payer's records
   * are skipped; a known one keeps the larger count and the later time, so uploading twice changes nothing.
   */
  merge(payerUid: number, deviceId: string, records: readonly UploadedFillRecord[]): number {
    let merged = 0;
    for (const record of records) {
      if (this.#accountOf(record.to_uid) === undefined) continue;
      // uid 0: paid while signed out on this device, which the signed-in payer may adopt.
      if (record.uid !== 0 && record.uid !== payerUid) continue;
      merged += 1;
      const entry = this.#entriesOf(payerUid).get(record.to_uid);
      if (entry === undefined) {
        this.add(payerUid, {
          to_uid: record.to_uid,
          h5_deviceid: deviceId,
          fill_times: Math.max(1, record.fill_times),
          first_fill_time: record.last_fill_time,
          last_fill_time: record.last_fill_time,
        });
        continue;
      }
      entry.fill_times = Math.max(entry.fill_times, record.fill_times);
      if (record.last_fill_time > entry.last_fill_time) {
        entry.last_fill_time = record.last_fill_time;
        entry.h5_deviceid = deviceId;
      }
      entry.first_fill_time = Math.min(entry.first_fill_time, record.last_fill_time);
    }
    return merged;
  }

  #entriesOf(payerUid: number): Map<number, HistoryEntry> {
    let entries = this.#byPayer.get(payerUid);
    if (entries === undefined) {
      entries = new Map();
      this.#byPayer.set(payerUid, entries);
    }
    return entries;
  }

  #recordOf(payerUid: number, entry: HistoryEntry): PayTargetRecord | undefined {
    const target = this.#accountOf(entry.to_uid);
    if (target === undefined) return undefined;
    return {
      to_uid: target.uid,
      to_display_uid: target.display_uid,
      to_nickname: target.nickname,
      to_icon: target.icon,
      is_guest: target.is_guest,
      uid: payerUid,
      h5_deviceid: entry.h5_deviceid,
      fill_times: entry.fill_times,
      first_fill_time: entry.first_fill_time,
      last_fill_time: entry.last_fill_time,
      // The target's state now, so a target banned since its last top-up shows as such.
      status2: target.status,
    };
  }
}
