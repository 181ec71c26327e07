import { type ChargePackage, Source } from '@topup/contracts';
import { LIMITS } from '@topup/contracts/limits';
import type { ApiClient } from '../../api/client';
import { tolerant } from '../../api/tolerant';
import { trustedPackages } from '../../payments/trustedPackages';
import { serverClockAtom } from '../../platform/serverClock';
import { type AppStore, setAnswer } from '../../platform/store';
import { sessionAtom } from '../../session/session';
import {
  cardsAfterLockAtom,
  savedCardsFailedAtom,
  savedCardsFetchedAtom,
  savedCardsFetchingAtom,
  savedCardsWaitedAtom,
} from './state';

/** Saved-card fetch (SPEC §4): retried every 2 s up to 30 s (15 tries); exhaustion sets failed. */
export const SAVED_CARDS_POLL_MS = LIMITS.savedCardsPollMs;
export const SAVED_CARDS_TRIES = LIMITS.savedCardsTries;
/**
 * The whole fetch's deadline (SPEC §9's 30 s): a call still in flight then is cut (its abort signal), so a
 * hanging server never keeps the list "loading" for the tries' 15 × 60 s of API time-outs.
 */
export const SAVED_CARDS_DEADLINE_MS = SAVED_CARDS_POLL_MS * SAVED_CARDS_TRIES;
/**
 * How long the pay step holds its methods back for the first answer (so a saved card is drawn already chosen,
 * usePayStep.ts): one poll interval. Past it, or once the first try has answered, the methods show without
 * the saved card, which joins them when it arrives.
 */
const SAVED_CARDS_FIRST_WAIT_MS = SAVED_CARDS_POLL_MS;

export interface LoadDeps {
  readonly api: ApiClient;
  readonly store: AppStore;
  readonly deviceId: string;
  readonly sleep: (ms: number) => Promise<void>;
}

export async function fetchSavedCards(
  deps: LoadDeps,
  until?: (ids: readonly string[]) => boolean,
): Promise<void> {
  const session = deps.store.get(sessionAtom);
  // The account changed under the fetch (signed out, -10000, another window's sign-in): it stops, never asking
  // again with the old session key nor drawing the old account's cards; the change's own fetch follows.
  const moved = () => deps.store.get(sessionAtom)?.sessionKey !== session?.sessionKey;
  const api = tolerant(deps.api);
  const deadline = new AbortController();
  const passed = new Promise<'deadline'>((resolve) =>
    deadline.signal.addEventListener('abort', () => resolve('deadline')),
  );
  const deadlineTimer = setTimeout(() => deadline.abort(), SAVED_CARDS_DEADLINE_MS);
  const firstWaitTimer = setTimeout(() => {
    if (!moved()) setAnswer(deps.store, savedCardsWaitedAtom);
  }, SAVED_CARDS_FIRST_WAIT_MS);
  try {
    for (let tries = 1; tries <= SAVED_CARDS_TRIES; tries += 1) {
      if (tries > 1) await Promise.race([deps.sleep(SAVED_CARDS_POLL_MS), passed]);
      if (moved()) return;
      if (deadline.signal.aborted) break;
      setAnswer(deps.store, savedCardsFetchingAtom, tries);
      // Cut at the deadline: the signal aborts the request, and the race ends the wait even for a client that
      // ignored it.
      const answer = await Promise.race([
        api.call(
          'getCardSource',
          {
            h5_deviceid: deps.deviceId,
            ...(session === undefined ? {} : { session_key: session.sessionKey }),
          },
          { session: { key: session?.sessionKey }, signal: deadline.signal },
        ),
        passed,
      ]);
      if (moved()) return;
      if (answer === 'deadline') break;
      const enough =
        answer.ok &&
        (until === undefined ||
          until(answer.data.items.map((c) => c.source_id)) ||
          tries === SAVED_CARDS_TRIES);
      if (!enough) {
        // Answered in vain: the methods wait no longer (the retry's own fetching state follows in 2 s).
        clearTimeout(firstWaitTimer);
        setAnswer(deps.store, savedCardsWaitedAtom);
        continue;
      }
      // The answer draws the saved card beside the methods: in a transition, so the main thread is yielded meanwhile.
      setAnswer(deps.store, savedCardsFetchedAtom, answer.data.items);
      return;
    }
    setAnswer(deps.store, savedCardsFailedAtom);
  } finally {
    clearTimeout(deadlineTimer);
    clearTimeout(firstWaitTimer);
  }
}

/** A saved card locked (23005) is gone from its list: the list is asked for again, and its arrival noted. */
export function fetchSavedCardsAfterLock(deps: LoadDeps): void {
  void fetchSavedCards(deps).then(() =>
    deps.store.set(cardsAfterLockAtom, deps.store.get(serverClockAtom).now()),
  );
}

export type PackageLoad =
  | { readonly ok: true; readonly pack: ChargePackage }
  /** A price that cannot be trusted (payments/trustedPackages.ts): never offered, nor drawn rounded. */
  | { readonly ok: false; readonly badPrice: true }
  /** `message` '' when the list has no such package; else the call's failure (api/loadFailure.ts says why). */
  | { readonly ok: false; readonly result: number; readonly message: string };

/** The chosen package, from the charge list of the target (the list is small and answers quickly). */
export async function loadPackage(deps: LoadDeps, toUid: number, rechargeId: string): Promise<PackageLoad> {
  const session = deps.store.get(sessionAtom);
  const answer = await tolerant(deps.api).call('getRechargeListV3', {
    uid: toUid,
    source: Source.main,
    h5_deviceid: deps.deviceId,
    ...(session === undefined ? {} : { session_key: session.sessionKey }),
  });
  if (!answer.ok) return { ok: false, result: answer.result, message: answer.message };
  // The price shown is the one package of the very recharge_id the order names, and only where the list gives
  // that id one set of terms (payments/trustedPackages.ts): else the order could charge another price than shown.
  const pack = trustedPackages(answer.data.list).trusted.find((item) => item.recharge_id === rechargeId);
  // A new visitor's package is not offered to another (SPEC §2), by a link naming it either.
  if (pack?.new_user_only === true && !answer.data.is_new) return { ok: false, result: 0, message: '' };
  if (pack !== undefined) return { ok: true, pack };
  return answer.data.list.some((item) => item.recharge_id === rechargeId)
    ? { ok: false, badPrice: true }
    : { ok: false, result: 0, message: '' };
}
