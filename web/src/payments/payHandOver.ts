import { atom } from 'jotai/vanilla';

/**
 * The recharge list's hand-over to /pay-step, as history sees it: the pay step's entry is marked when the list
 * opened it, so the pay step's "back" returns there through history instead of pushing the list again (which
 * would make the browser's back loop into the pay step). And the hand-back after a success: the paid step's
 * entries are marked paid, so history never shows their pay button again, and the list's choice of package,
 * made before the payment, is no longer a choice.
 */

const FROM_LIST = 'payFromList';
const PAID = 'payPaid';

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

/**
 * Marks the current history entry as a paid step's: opened again (back, forward, a reload) it is no pay step
 * but the list. Entries pushed over it later (the back guard's) copy its state, the mark with it.
 */
export function markPaidEntry(): void {
  if (!entryPaid()) window.history.replaceState({ ...entryState(), [PAID]: true }, '');
}

/**
 * The current entry holds a live order again ("top up again" on the paid step, then pay): no longer a paid
 * step's, so a reload during that order finds it on the step rather than leaving for the list.
 */
export function unmarkPaidEntry(): void {
  if (!entryPaid()) return;
  const { [PAID]: _paid, ...rest } = entryState();
  window.history.replaceState(rest, '');
}

/** Whether the current history entry is a paid step's. */
export function entryPaid(): boolean {
  return entryState()[PAID] === true;
}

/** Payments confirmed in this page's life: a package chosen before the last of them is no longer chosen. */
const paid = atom(0);
export const paymentsMadeAtom = atom((get) => get(paid));
export const notePaymentMadeAtom = atom(null, (get, set) => set(paid, get(paid) + 1));
