import { OwnedStorageKeys } from '@topup/contracts/storage';
import { atom } from 'jotai/vanilla';
import { z } from 'zod/mini';
import { newUuid } from '../platform/ids';
import { readJson, tabStorage, writeJson } from '../platform/storage';
import { CHOSEN_HERE } from '../security/handOver';

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

/** The state of the pay step's entry the recharge list opens (the page the pay step goes back to). */
export const openedFromListState: Readonly<Record<string, unknown>> = { [FROM_LIST]: true };

/** Whether going back in history returns to the recharge list, rather than a new entry being needed. */
export function openedFromList(): boolean {
  return entryState()[FROM_LIST] === true;
}

/**
 * Whether the pay step's package, account and method were the visitor's choice on this app's own pages: the
 * list opened it (`openedFromListState`), or the wallet domain move from this app's page or a payment's return
 * did (security/handOver.ts `CHOSEN_HERE`). Read from the entry's state, which only the page writes (never
 * from the address, which a stranger's link writes), and kept through a reload, back and forward. Otherwise
 * the step was opened by a link: nothing is chosen for the visitor (features/pay/preselect.ts).
 */
export function choicesAreVisitors(): boolean {
  const state = entryState();
  return state[FROM_LIST] === true || state[CHOSEN_HERE] === true;
}

const VISIT = 'payVisit';
const PAID_KEY = OwnedStorageKeys.paidPayVisits;
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

/**
 * What a paid visit keeps of its payment, to say it when the visit's entries are opened again: its order number
 * and the account the diamonds go to (public fields only, never a card's).
 */
const PaidVisitSchema = z.object({
  visit: z.string().check(z.regex(VISIT_ID)),
  order: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
  nickname: z.optional(z.string().check(z.maxLength(200))),
  account: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
  /** The visitor asked to top up again on the paid step: its entries are the step again, its order still paid. */
  again: z.optional(z.literal(true)),
});
export type PaidVisit = z.infer<typeof PaidVisitSchema>;
/** The paid payment, as `markVisitPaid` is told it. */
export type PaidOrder = Omit<PaidVisit, 'visit' | 'again'>;

/** The visits whose order was paid, in this tab (the last 20), read back hostile. */
function paidVisits(): PaidVisit[] {
  return (readJson(tabStorage(), PAID_KEY, z.array(z.unknown())) ?? []).flatMap((entry) => {
    const read = PaidVisitSchema.safeParse(typeof entry === 'string' ? { visit: entry } : entry);
    return read.success ? [read.data] : [];
  });
}

/** Refused (private mode, quota): a paid step opened again is drawn afresh. */
const keepPaidVisits = (visits: readonly PaidVisit[]) => writeJson(tabStorage(), PAID_KEY, visits.slice(-20));

/** The current visit's order is paid: its entries opened again (back, forward, a reload) are the list. */
export function markVisitPaid(order: PaidOrder = {}): void {
  const visit = payVisit();
  keepPaidVisits([...paidVisits().filter((paid) => paid.visit !== visit), { ...order, visit }]);
}

/**
 * "Top up again" on the paid step: the visit is the step again (a reload or forward opens it, with its package,
 * not the list), while its order stays this tab's paid order (never a payment "elsewhere"). The next order made
 * on it ends the record (`markVisitLive`).
 */
export function markVisitAgain(): void {
  const visit = payVisit();
  const paid = paidVisits();
  if (paid.some((entry) => entry.visit === visit))
    keepPaidVisits(paid.map((entry) => (entry.visit === visit ? { ...entry, again: true } : entry)));
}

/**
 * A new order made on the visit ("top up again" on the paid step, then pay): it holds a live order again, so a
 * reload during that order finds it on the step rather than leaving for the list.
 */
export function markVisitLive(): void {
  const visit = payVisit();
  const paid = paidVisits();
  if (paid.some((entry) => entry.visit === visit))
    keepPaidVisits(paid.filter((entry) => entry.visit !== visit));
}

/** The order numbers this tab has paid (its paid visits'), which are not payments "elsewhere". */
export function paidOrdersOfTab(): ReadonlySet<string> {
  return new Set(paidVisits().flatMap((paid) => (paid.order === undefined ? [] : [paid.order])));
}

/**
 * The current history entry's paid visit, if it is one's: what was paid there. Not once the visitor asked to
 * top up again there (`markVisitAgain`): the entry is that new intent's step.
 */
export function entryPaid(): PaidVisit | undefined {
  if (typeof window === 'undefined') return undefined;
  const named = entryState()[VISIT];
  const paid = typeof named === 'string' ? paidVisits().find((entry) => entry.visit === named) : undefined;
  return paid?.again === true ? undefined : paid;
}

/**
 * A paid visit's entry opened again (a reload, back, forward) on its way to the list: the list says that order
 * was paid, so the visitor who reloaded the success is never left thinking nothing happened.
 */
export const reopenedPaidAtom = atom<PaidVisit | undefined>(undefined);

/** Payments confirmed in this page's life: a package chosen before the last of them is no longer chosen. */
const paid = atom(0);
export const paymentsMadeAtom = atom((get) => get(paid));
export const notePaymentMadeAtom = atom(null, (get, set) => set(paid, get(paid) + 1));
