import { type ChargePackage, Source } from '@topup/contracts';
import { LIMITS } from '@topup/contracts/limits';
import type { ApiClient } from '../../api/client';
import { tolerant } from '../../api/tolerant';
import { isWholeCents } from '../../i18n/format';
import { serverClockAtom } from '../../platform/serverClock';
import { type AppStore, setAnswer } from '../../platform/store';
import { sessionAtom } from '../../session/session';
import {
  cardsAfterLockAtom,
  savedCardsFailedAtom,
  savedCardsFetchedAtom,
  savedCardsFetchingAtom,
} from './state';

/** Saved-card fetch (SPEC §4): retried every 2 s up to 30 s (15 tries); exhaustion sets failed. */
export const SAVED_CARDS_POLL_MS = LIMITS.savedCardsPollMs;
export const SAVED_CARDS_TRIES = LIMITS.savedCardsTries;

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
  for (let tries = 1; tries <= SAVED_CARDS_TRIES; tries += 1) {
    if (tries > 1) await deps.sleep(SAVED_CARDS_POLL_MS);
    if (moved()) return;
    setAnswer(deps.store, savedCardsFetchingAtom, tries);
    const answer = await api.call(
      'getCardSource',
      { h5_deviceid: deps.deviceId, ...(session === undefined ? {} : { session_key: session.sessionKey }) },
      { session: { key: session?.sessionKey } },
    );
    if (moved()) return;
    if (!answer.ok) continue;
    if (until !== undefined && !until(answer.data.items.map((c) => c.source_id)) && tries < SAVED_CARDS_TRIES)
      continue;
    // The answer draws the saved card beside the methods: in a transition, so the main thread is yielded meanwhile.
    setAnswer(deps.store, savedCardsFetchedAtom, answer.data.items);
    return;
  }
  setAnswer(deps.store, savedCardsFailedAtom);
}

/** A saved card locked (23005) is gone from its list: the list is asked for again, and its arrival noted. */
export function fetchSavedCardsAfterLock(deps: LoadDeps): void {
  void fetchSavedCards(deps).then(() =>
    deps.store.set(cardsAfterLockAtom, deps.store.get(serverClockAtom).now()),
  );
}

export type PackageLoad =
  | { readonly ok: true; readonly pack: ChargePackage }
  /** Priced finer than a cent (outside the contract): never offered, nor drawn rounded (i18n/format.ts). */
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
  const pack = answer.data.list.find((item) => item.recharge_id === rechargeId);
  if (pack === undefined) return { ok: false, result: 0, message: '' };
  return isWholeCents(pack.amount) ? { ok: true, pack } : { ok: false, badPrice: true };
}
