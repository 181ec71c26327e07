import { OwnedStorageKeys } from '@topup/contracts/storage';
import { z } from 'zod/mini';
import { browserStorage, parseJson, writeJson } from '../platform/storage';
import { type PaidOrder, paidOrdersOfTab } from './payHandOver';

/**
 * Payments made in another tab or window of this browser, so a visitor with two pay steps open for one account
 * (the app's link tapped twice, a tab duplicated) is told the one was paid before paying again in the other;
 * and this tab's own, so a pay step opened again after its success ("top up again") says what was just paid.
 * Each paid order is kept in localStorage, which other tabs hear through the `storage` event and a pay step
 * opened later reads; only public fields (order number, nickname, display id), never a card's, for a short time.
 */

const KEY = OwnedStorageKeys.recentPayments;
/** How long a payment counts as "just paid" elsewhere. */
export const RECENT_MS = 30 * 60_000;
const KEPT = 5;

const RecentPaymentSchema = z.object({
  order: z.string().check(z.minLength(1), z.maxLength(64)),
  account: z.string().check(z.minLength(1), z.maxLength(64)),
  nickname: z.optional(z.string().check(z.maxLength(200))),
  at: z.number().check(z.int()),
});
export type RecentPayment = z.infer<typeof RecentPaymentSchema>;

/** The kept payments still recent at `now`, read back hostile (a bad entry is dropped, not trusted). */
function recentPayments(raw: string | null | undefined, now: number): RecentPayment[] {
  return (parseJson(raw, z.array(z.unknown())) ?? []).flatMap((entry) => {
    const payment = RecentPaymentSchema.safeParse(entry);
    // A time ahead of now (a lying or changed clock) is not "just now".
    return payment.success && payment.data.at <= now && now - payment.data.at < RECENT_MS
      ? [payment.data]
      : [];
  });
}

function readKept(): string | undefined {
  try {
    return browserStorage()?.getItem(KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

/** This tab's payment is told to the other tabs: kept among the recent ones (the last five). */
export function announcePaid(order: PaidOrder, now: number = Date.now()): void {
  if (order.order === undefined || order.account === undefined) return;
  const payment: RecentPayment = {
    order: order.order,
    account: order.account,
    ...(order.nickname === undefined ? {} : { nickname: order.nickname }),
    at: now,
  };
  const kept = recentPayments(readKept(), now).filter((entry) => entry.order !== payment.order);
  // Refused (private mode, quota): the other tabs are not told.
  writeJson(browserStorage(), KEY, [...kept, payment].slice(-KEPT));
}

/** A recent payment for an account, and whether another tab made it (else this tab did). */
export interface RecentPaid extends RecentPayment {
  readonly elsewhere: boolean;
}

/**
 * The latest recent payment for `account`: made in another tab, or in this one (`ownOrders`, its paid visits),
 * which a pay step for the account says too once its own success is closed ("top up again").
 */
export function recentPaidFor(
  account: string,
  raw: string | null | undefined,
  ownOrders: ReadonlySet<string>,
  now: number,
): RecentPaid | undefined {
  const payment = recentPayments(raw, now)
    .filter((entry) => entry.account === account)
    .at(-1);
  return payment === undefined ? undefined : { ...payment, elsewhere: !ownOrders.has(payment.order) };
}

/** The same, read from this browser's storage now. */
export function readRecentPaid(account: string, now: number = Date.now()): RecentPaid | undefined {
  return recentPaidFor(account, readKept(), paidOrdersOfTab(), now);
}

/** Calls `onChange` whenever another tab keeps a payment (the `storage` event); returns the unsubscribe. */
export function onPaymentsElsewhere(onChange: () => void): () => void {
  const listener = (event: StorageEvent) => {
    if (event.key === KEY || event.key === null) onChange();
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}
