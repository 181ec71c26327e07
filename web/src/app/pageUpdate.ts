import type { PkgInfo } from '@topup/contracts/entities';
import { OwnedStorageKeys } from '@topup/contracts/storage';
import { isNewerVersion, reloadUrlWithDt } from '../platform/env';
import { tabStorage } from '../platform/storage';
import { paymentReturnOf, readUrlArgs } from '../platform/urlArgs';
import { routeKeyOf } from './router';
import { onLocationChange } from './routing';

/** SPEC §4 page update: a newer website_version reloads the page with a fresh dt, never over a payment. */

export const UPDATE_DELAY_MS = 1_000;

/** Where the page is: the address the rule reads. */
export interface PagePlace {
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;
}

/**
 * The pages that hold a payment: the update never reloads them, whatever they show.
 *
 * The pay step in every phase, not only while busy (steps.ts `busyOf`) or showing a result. Its first choice
 * with nothing typed would lose the most of all: its marks live in history.state (payHandOver.ts's from-list
 * mark `payFromList` and visit id `payVisit`, handOver.ts's CHOSEN_HERE), and a reload is a new document that
 * a location.replace hands no state, so the reloaded step would be a link's (its warning, nothing chosen) and a
 * paid visit no longer known as paid. Writing those marks elsewhere to survive would be a second copy of the
 * step's identity to keep right; never reloading the step is simpler and loses nothing: the update waits for
 * the visitor to leave it. On its card form a reload would also wipe the typed card, in its challenge cut the
 * bank's check (the order left pending), over its result replace the result with a pay step.
 *
 * The fines page likewise: its payment state is its own (fines/useFineFlow.ts, in the page's reducer), and
 * every screen of it that is not a load or a bad link is the card form (typed fields), a payment's wait
 * (its 3-D Secure challenge, its redirect, its result poll) or a payment's end.
 */
const PAYMENT_PAGES = new Set(['/pay-step', '/fines']);

/**
 * Whether the update may reload the page now. Besides the pages above, the recharge list while its URL
 * carries a payment return (SPEC §2): it checks that payment's result there, then shows it (on the pay step,
 * or said above the list). Everywhere else the pay step's machine is at rest: the step is left only from
 * `choosing` or a success (`leavePaid` starts it afresh), so no payment is under way off these pages.
 */
export function mayUpdateNow(place: PagePlace): boolean {
  const route = routeKeyOf(place.pathname);
  if (PAYMENT_PAGES.has(route)) return false;
  return route !== '/recharge-list' || paymentReturnOf(readUrlArgs(place.search, place.hash)) === undefined;
}

type VisitMemory = Pick<Storage, 'getItem' | 'setItem'>;

/** Where the update reads the page's place, hears it change, and reloads (the browser's, or a test's). */
export interface UpdatePage {
  readonly place: () => PagePlace;
  /** Calls `listener` at every change of the address; answers its removal. */
  readonly onMove: (listener: () => void) => () => void;
  readonly reload: (href: string) => void;
  readonly href: () => string;
}

const browserPage: UpdatePage = {
  place: () => location,
  onMove: onLocationChange,
  reload: (href) => location.replace(href),
  href: () => location.href,
};

/** The update waiting for a safe place: its version and its listener's removal. One at most per page. */
let waiting: { readonly version: string; readonly stop: () => void } | undefined;

/** Runs `then` once the page has moved to a safe place, in place of any update waiting before. */
function whenSafe(page: UpdatePage, version: string, then: () => void): void {
  waiting?.stop();
  const stop = page.onMove(() => {
    if (!mayUpdateNow(page.place())) return;
    stop();
    waiting = undefined;
    then();
  });
  waiting = { version, stop };
}

/** Whether this tab has reloaded for `version` already; a visit that cannot remember counts as having. */
function reloadedFor(memory: VisitMemory, version: string): boolean {
  try {
    return memory.getItem(OwnedStorageKeys.updateReloadedFor) === version;
  } catch {
    return true;
  }
}

/**
 * Reloads with a fresh dt after 1 s when the configured version is newer; true when it will now. Once per
 * configured version per visit: a page still behind after its reload (a build not yet deployed, a cache)
 * goes on as it is rather than reloading for ever; when the visit cannot remember, it does not reload.
 *
 * Over a payment (`mayUpdateNow`) it waits, answering false (the page goes on), and reloads as soon as the
 * page is at a safe place, once: a check meanwhile (the page shown again) adds no second wait. A visitor who
 * went to pay within the update's second is waited for the same way.
 */
export function scheduleUpdate(
  pkg: PkgInfo,
  schedule: (fn: () => void, ms: number) => void = setTimeout,
  memory: VisitMemory | undefined = tabStorage(),
  page: UpdatePage = browserPage,
): boolean {
  const version = pkg.website_version;
  if (!isNewerVersion(version) || memory === undefined) return false;
  if (waiting?.version === version || reloadedFor(memory, version)) return false;
  const fire = (): void =>
    schedule(() => {
      if (mayUpdateNow(page.place())) page.reload(reloadUrlWithDt(page.href(), Date.now()));
      else whenSafe(page, version, fire);
    }, UPDATE_DELAY_MS);
  const setOff = (): boolean => {
    try {
      // The version as plain text: this tab's note of what it last reloaded for.
      if (memory.getItem(OwnedStorageKeys.updateReloadedFor) === version) return false;
      memory.setItem(OwnedStorageKeys.updateReloadedFor, version);
    } catch {
      return false;
    }
    fire();
    return true;
  };
  if (mayUpdateNow(page.place())) return setOff();
  whenSafe(page, version, setOff);
  return false;
}
