import { accountByDisplayUid, DisplayUid } from '@topup/contracts/testdata/accounts';
import { createStore } from 'jotai/vanilla';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionAtom, signInAtom } from '../../session/session';
import { signInWithSessionKey } from './signIn';
import { pendingSwitchAtom } from './switchAccount';

const found = [accountByDisplayUid(DisplayUid.reem), accountByDisplayUid(DisplayUid.omar)];
const [reem, omar] = found.map((account) => {
  if (account === undefined) throw new Error('catalogue accounts missing');
  return account;
}) as [NonNullable<(typeof found)[0]>, NonNullable<(typeof found)[0]>];
const userOf = (a: typeof reem) => ({
  uid: a.uid,
  display_uid: a.display_uid,
  nickname: a.nickname,
  icon: a.icon,
});

/** The server answers `get_pay_user_info` with this account for any key. */
function serverSays(account: typeof reem) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
      if (url.pathname !== '/api/coin/get_pay_user_info/') throw new TypeError('unexpected call');
      return new Response(JSON.stringify({ result: 0, data: { user: userOf(account) } }), {
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

/**
 * A link's session key (`session_key`, `#pageinfo`) signs a signed-out visitor in as `link`: a stranger's link
 * could sign them into the stranger's account, so it stays marked until the visitor signs in themselves
 * (nothing such a session saves by default: see `rememberDefault`).
 */
describe('a session key in the address', () => {
  it.each<[string, typeof reem | undefined, typeof reem, 'link' | 'ticket' | 'switch']>([
    ['signed out: signed in, marked as a link @spec:login.sessionOk', undefined, reem, 'link'],
    ['the same account signed in by the visitor: a new key, as a ticket', reem, reem, 'ticket'],
    ['another account signed in: the switch confirm asks first @spec:login.switch', omar, reem, 'switch'],
  ])('%s', async (_name, before, linkAccount, expected) => {
    const store = createStore();
    if (before !== undefined)
      store.set(signInAtom, {
        session: { session_key: `sk-own-${before.uid}`, user: userOf(before) },
        loginType: 'account',
      });
    serverSays(linkAccount);
    const outcome = await signInWithSessionKey(store, `sk-link-${linkAccount.uid}`);
    if (expected === 'switch') {
      expect(outcome.kind).toBe('switch');
      expect(store.get(pendingSwitchAtom)?.uid).toBe(linkAccount.uid);
      expect(store.get(sessionAtom)?.user.uid).toBe(before?.uid);
      return;
    }
    expect(store.get(sessionAtom)).toMatchObject({
      sessionKey: `sk-link-${linkAccount.uid}`,
      user: { uid: linkAccount.uid },
      loginType: expected,
    });
  });
});
