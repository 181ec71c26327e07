import type { AppStore } from '../platform/store';
import { readUrlArgs, type UrlArgs } from '../platform/urlArgs';
import { handOverSessionKey } from '../security/handOver';
import { linkNoticeRoomAtom, urlSignInPendingAtom } from '../session/session';

/** The sign-ins a launch URL carries: a session key (argument or hand-over), a Facebook hand-over. */
export function urlSignInsOf(
  args: UrlArgs,
  hash: string,
): { sessionKey: string | undefined; facebook: { id: string; token: string } | undefined } {
  const params = new URLSearchParams(hash.replace(/^#\/?\??/, ''));
  const id = params.get('fb_id');
  const token = params.get('fb_token');
  return {
    sessionKey: args.session_key || handOverSessionKey(hash) || undefined,
    facebook: id && token ? { id, token } : undefined,
  };
}

/**
 * Marks a sign-in of the launch URL as pending, before the first render (main.tsx), so the first screen
 * draws the signed-in layout's placeholders at once; `startApp` clears the mark once the sign-ins are done.
 */
export function noteUrlSignIn(
  store: AppStore,
  search = location.search,
  hash = location.hash,
  html: Element = document.documentElement,
): void {
  const { sessionKey, facebook } = urlSignInsOf(readUrlArgs(search, hash), hash);
  if (sessionKey !== undefined || facebook !== undefined) store.set(urlSignInPendingAtom, true);
  // The link notice's room, kept from the first paint by index.html, stays until the link sign-ins are done.
  if (html.hasAttribute('data-link-notice')) store.set(linkNoticeRoomAtom, true);
}
