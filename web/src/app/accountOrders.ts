import type { OrderSessionBook } from '../api/orderSession';
import type { OrderAttempts } from '../payments/orderAttempt';
import type { AppStore } from '../platform/store';
import { sessionAtom } from '../session/session';

/**
 * The session each order was made under stays in the tab (api/orderSession.ts) only while it is of use.
 * Signing out, or another account (or session) signing in, here or in another window, forgets the sessions of
 * the old account's orders: the next visitor of a shared phone finds no key of the last one in the tab. The orders the
 * tab follows on screen now (`following`: a 3-D Secure check, polls, a pending result and its "check again",
 * shown by the pay step or the fines screen) keep theirs, so their reads stay under the session that made them while they are on screen; once
 * settled, or left off screen, the next account change or the next page start forgets them. A signed-out order
 * names no session.
 *
 * The tab's kept order attempts (`attempts`: the pay step's and the fines screen's, their order id and
 * X-CLI-RID) go by the same rule: an attempt stays only while its order's session does, so a next visitor is
 * never shown, nor resumes, the last account's order. One sent with no answer yet names no order (and one whose
 * session the tab never learnt names none it knows): an account change forgets it unless a screen shows it; a
 * page start keeps it, to find the order a reload cut off.
 */
export function forgetOldAccountOrders(
  store: AppStore,
  book: OrderSessionBook,
  following: () => ReadonlySet<string>,
  attempts: readonly Pick<OrderAttempts, 'keepOnly'>[] = [],
): () => void {
  const forget = (changed: boolean) => {
    const current = store.get(sessionAtom)?.sessionKey;
    const live = following();
    const keep = (id: string, key: string | undefined) =>
      key === undefined || key === current || live.has(id);
    // The attempts first: the book says whose each order is before it forgets.
    for (const kept of attempts) {
      kept.keepOnly((id) => {
        const made = id === undefined ? undefined : book.of(id);
        return id === undefined || made === undefined ? !changed : keep(id, made.key);
      });
    }
    book.keepOnly(keep);
  };
  forget(false);
  // Followed by the key, not the uid: another window's sign-in reaches this tab as two storage events (the key,
  // the user) in either order, and the key is what must not stay behind.
  let key = store.get(sessionAtom)?.sessionKey;
  return store.sub(sessionAtom, () => {
    const now = store.get(sessionAtom)?.sessionKey;
    if (now === key) return;
    key = now;
    forget(true);
  });
}
