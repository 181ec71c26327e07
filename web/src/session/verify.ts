import { ServerCode } from '@topup/contracts/codes';
import type { SessionUser } from '@topup/contracts/entities';
import { safeImageUrl } from '@topup/contracts/images';
import { Message } from '@topup/contracts/messages';
import type { ApiClient } from '../api/client';
import { tolerant } from '../api/tolerant';
import { type AppStore, setAnswer } from '../platform/store';
import { showToastAtom } from '../ui/toast';
import { type SignedIn, sessionAtom, signInAtom, signOutAtom } from './session';

/**
 * A stored session is a key and a user read back from storage, which anything on the page's origin (or a
 * visitor's own tinkering) could have written: the user shown as "my account" might not be the key's. The
 * first time a visit uses a stored session, the server is asked whose key it is (get_pay_user_info, the
 * session_key link's own check), after the first paint, never before it:
 * - the server's user is the truth: a stored user that differs (another uid, nickname or icon) is replaced;
 * - a logged-out key (-10000) signs out (SPEC §4), which the page says (the logged-out toast);
 * - any other failure (offline, the service down) changes nothing: the calls that use the key will meet it.
 * Nothing is done when the session changed meanwhile (a link's sign-in, a sign-out).
 */
export async function verifyStoredSession(api: ApiClient, store: AppStore, stored: SignedIn): Promise<void> {
  const answer = await tolerant(api).call('getPayUserInfo', { session_key: stored.sessionKey });
  const now = store.get(sessionAtom);
  if (now === undefined || now.sessionKey !== stored.sessionKey) return;
  if (!answer.ok) {
    if (answer.result === ServerCode.loggedOut) {
      setAnswer(store, signOutAtom);
      setAnswer(store, showToastAtom, { text: Message.loggedOut, tone: 'error' });
    }
    return;
  }
  const user = answer.data.user;
  if (sameUser(user, now.user)) return;
  setAnswer(store, signInAtom, {
    session: { session_key: now.sessionKey, user },
    // A user put in storage beside a link's key stays a link's (never made a confirmed sign-in here).
    loginType: now.loginType ?? 'link',
  });
}

function sameUser(server: SessionUser, stored: SessionUser): boolean {
  return (
    server.uid === stored.uid &&
    server.display_uid === stored.display_uid &&
    server.nickname === stored.nickname &&
    safeImageUrl(server.icon) === stored.icon
  );
}
