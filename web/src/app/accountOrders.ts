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
 * X-CLI-RID) go by the account, not the session: each says the uid it was made for, and stays while that
 * account is signed in. Another account, or signing out, forgets it (a next visitor is never shown, nor resumes,
 * the last account's order); the same account under a new key (its session ended and it signed in again, the
 * native app reopened, a link with a fresh key) keeps it, and its order's session with it: its X-CLI-RID is the
 * guard against paying twice (a return asks for the same order, answered "already made"). Another window's
 * sign-in reaches this tab as two storage events, the key and the user, in either order: each is heard, and
 * the uid alone decides, so both orders end with the old account's attempts gone and the same account's kept.
 * An attempt with no account (made signed out, or kept by an older page) goes by its order's session: one sent
 * with no answer yet names no order (and one whose session the tab never learnt names none it knows): an
 * account change forgets it unless a screen shows it; a page start keeps it, to find the order a reload cut
 * off.
 */
export function forgetOldAccountOrders(
  store: AppStore,
  book: OrderSessionBook,
  following: () => ReadonlySet<string>,
  attempts: readonly Pick<OrderAttempts, 'keepOnly'>[] = [],
): () => void {
  const forget = (changed: boolean) => {
    const session = store.get(sessionAtom);
    const current = session?.sessionKey;
    const live = following();
    // The orders of the attempts kept: theirs is the account's, whatever key it now has.
    const attempted = new Set<string>();
    const keep = (id: string, key: string | undefined) =>
      key === undefined || key === current || live.has(id) || attempted.has(id);
    // The attempts first: the book says whose each order is before it forgets.
    for (const kept of attempts) {
      kept.keepOnly((id, account) => {
        const made = id === undefined ? undefined : book.of(id);
        const stays =
          account !== undefined
            ? account === session?.user.uid
            : id === undefined || made === undefined
              ? !changed
              : keep(id, made.key);
        if (stays && id !== undefined) attempted.add(id);
        return stays;
      });
    }
    book.keepOnly(keep);
  };
  forget(false);
  // Followed by the key and the uid: either may arrive first from another window (see above).
  const signedIn = () => {
    const session = store.get(sessionAtom);
    return [session?.sessionKey, session?.user.uid] as const;
  };
  let last = signedIn();
  return store.sub(sessionAtom, () => {
    const now = signedIn();
    if (now[0] === last[0] && now[1] === last[1]) return;
    last = now;
    forget(true);
  });
}
