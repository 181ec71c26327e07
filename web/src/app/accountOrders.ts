import type { OrderSessionBook } from '../api/orderSession';
import type { AppStore } from '../platform/store';
import { sessionAtom } from '../session/session';

/**
 * The session each order was made under stays in the tab (api/orderSession.ts) only while it is of use.
 * Signing out, or another account (or session) signing in, here or in another window, forgets the sessions of
 * the old account's orders: the next visitor of a shared phone finds no key of the last one in the tab. The orders the
 * tab still follows (`following`: kept, their result not known: a 3-D Secure check, a pending result, "check
 * again") keep theirs, so their reads stay under the session that made them while they are on screen; once
 * settled, the next account change or the next page start forgets them. A signed-out order names no session.
 */
export function forgetOldAccountOrders(
  store: AppStore,
  book: OrderSessionBook,
  following: () => ReadonlySet<string>,
): () => void {
  const forget = () => {
    const current = store.get(sessionAtom)?.sessionKey;
    const live = following();
    book.keepOnly((id, key) => key === undefined || key === current || live.has(id));
  };
  forget();
  // Followed by the key, not the uid: another window's sign-in reaches this tab as two storage events (the key,
  // the user) in either order, and the key is what must not stay behind.
  let key = store.get(sessionAtom)?.sessionKey;
  return store.sub(sessionAtom, () => {
    const now = store.get(sessionAtom)?.sessionKey;
    if (now === key) return;
    key = now;
    forget();
  });
}
