import { atom } from 'jotai/vanilla';
import { newUuid } from '../platform/ids';

/**
 * The recharge list's hand-over to /pay-step, as history sees it: the pay step's entry is marked when the list
 * opened it, so the pay step's "back" returns there through history instead of pushing the list again (which
 * would make the browser's back loop into the pay step). And the hand-back after a success: the pay step's
 * visit is kept as paid, so history never shows its pay button again, and the list's choice of package, made
 * before the payment, is no longer a choice.
 */

const FROM_LIST = 'payFromList';

/** The current entry's state; none where there is no browser (the build's prerender). */
const entryState = (): Record<string, unknown> =>
  typeof window === 'undefined' ? {} : ((window.history.state as Record<string, unknown> | null) ?? {});

/** Marks the current history entry as opened from the recharge list (the page the pay step goes back to). */
export function markOpenedFromList(): void {
  window.history.replaceState({ ...entryState(), [FROM_LIST]: true }, '');
}

/** Whether going back in history returns to the recharge list, rather than a new entry being needed. */
export function openedFromList(): boolean {
  return entryState()[FROM_LIST] === true;
}

const VISIT = 'payVisit';
const PAID_KEY = 'topup.paid_pay_visits';
const VISIT_ID = /^[\w-]{1,64}$/;

/**
 * One pay step's visit, named in its history entries' state (the step's own and the back guard's over it, which
 * copies it), so what is known of the visit holds for every entry of it, whichever history shows.
 */
export function payVisit(): string {
  const named = entryState()[VISIT];
  if (typeof named === 'string' && VISIT_ID.test(named)) return named;
  const id = newUuid();
  window.history.replaceState({ ...entryState(), [VISIT]: id }, '');
  return id;
}

/** The visits whose order was paid, in this tab (sessionStorage; ids only, the last 20). */
function paidVisits(): string[] {
  try {
    const raw: unknown = JSON.parse(sessionStorage.getItem(PAID_KEY) ?? '[]');
    return Array.isArray(raw)
      ? raw.filter((id): id is string => typeof id === 'string' && VISIT_ID.test(id))
      : [];
  } catch {
    return [];
  }
}

function keepPaidVisits(ids: readonly string[]): void {
  try {
    sessionStorage.setItem(PAID_KEY, JSON.stringify(ids.slice(-20)));
  } catch {
    // Storage refused (private mode, quota): a paid step opened again is drawn afresh, as before.
  }
}

/** The current visit's order is paid: its entries opened again (back, forward, a reload) are the list. */
export function markVisitPaid(): void {
  const id = payVisit();
  keepPaidVisits([...paidVisits().filter((paid) => paid !== id), id]);
}

/**
 * A new order made on the visit ("top up again" on the paid step, then pay): it holds a live order again, so a
 * reload during that order finds it on the step rather than leaving for the list.
 */
export function markVisitLive(): void {
  const id = payVisit();
  const paid = paidVisits();
  if (paid.includes(id)) keepPaidVisits(paid.filter((visit) => visit !== id));
}

/** Whether the current history entry is a paid visit's. */
export function entryPaid(): boolean {
  if (typeof window === 'undefined') return false;
  const named = entryState()[VISIT];
  return typeof named === 'string' && paidVisits().includes(named);
}

/** Payments confirmed in this page's life: a package chosen before the last of them is no longer chosen. */
const paid = atom(0);
export const paymentsMadeAtom = atom((get) => get(paid));
export const notePaymentMadeAtom = atom(null, (get, set) => set(paid, get(paid) + 1));
