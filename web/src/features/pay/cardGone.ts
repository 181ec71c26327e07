import { ServerCode } from '@topup/contracts/codes';
import { tolerant } from '../../api/tolerant';
import { serverClockAtom } from '../../platform/serverClock';
import { sessionAtom } from '../../session/session';
import type { LoadDeps } from './load';
import { cardsAfterLockAtom, savedCardsFetchedAtom } from './state';

/** How long the check waits for the list: past it, the refusal is said as any other (nothing known gone). */
const GONE_CHECK_MS = 5_000;

/**
 * A saved card's order refused as invalid (10001): the server answers so for a source_id it no longer keeps (the
 * card deleted in another tab, or on another device), and for other bad parameters too. The list is asked for
 * again, once, and the card is said gone only when that list came, for the same account, without it: then the
 * list is drawn anew and another card chosen as after a lock (`cardsAfterLockAtom`). Anything else (no answer,
 * the account changed, the card still listed) answers false: the refusal is said as it came.
 */
export async function savedCardGone(
  deps: LoadDeps,
  refused: { readonly result: number; readonly sourceId: string | undefined },
): Promise<boolean> {
  const { sourceId } = refused;
  if (refused.result !== ServerCode.invalidParam || sourceId === undefined || sourceId === '') return false;
  const session = deps.store.get(sessionAtom);
  const answer = await tolerant(deps.api).call(
    'getCardSource',
    { h5_deviceid: deps.deviceId, ...(session === undefined ? {} : { session_key: session.sessionKey }) },
    { session: { key: session?.sessionKey }, signal: AbortSignal.timeout(GONE_CHECK_MS) },
  );
  if (!answer.ok || deps.store.get(sessionAtom)?.sessionKey !== session?.sessionKey) return false;
  deps.store.set(savedCardsFetchedAtom, answer.data.items);
  if (answer.data.items.some((card) => card.source_id === sourceId)) return false;
  deps.store.set(cardsAfterLockAtom, deps.store.get(serverClockAtom).now());
  return true;
}
