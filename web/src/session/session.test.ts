import { StorageKeys } from '@topup/contracts/storage';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => localStorage.clear());

const user = { uid: 1001, display_uid: '10000001', nickname: 'ريم', icon: '/a.png' };

describe('session atoms', () => {
  it('signs in, persists key, user and login type, and signs out clearing them @spec:login.loggedOut', async () => {
    const { createStore } = await import('jotai/vanilla');
    const { sessionAtom, signInAtom, signOutAtom } = await import('./session');
    const store = createStore();
    expect(store.get(sessionAtom)).toBeUndefined();
    store.set(signInAtom, {
      session: { session_key: 'sk-10000001', user: { ...user, session_key: 'sk-10000001' } },
      loginType: 'account',
    });
    expect(store.get(sessionAtom)).toEqual({ sessionKey: 'sk-10000001', user, loginType: 'account' });
    expect(JSON.parse(localStorage.getItem(StorageKeys.user) ?? '{}')).toEqual(user);
    store.set(signOutAtom);
    expect(store.get(sessionAtom)).toBeUndefined();
    for (const key of [StorageKeys.sessionKey, StorageKeys.user, StorageKeys.loginType])
      expect(localStorage.getItem(key)).toBeNull();
  });

  it('reads a corrupt stored user as signed out, never a crash', async () => {
    localStorage.setItem(StorageKeys.sessionKey, JSON.stringify('sk-1'));
    localStorage.setItem(StorageKeys.user, '{"uid":"x"');
    const { createStore } = await import('jotai/vanilla');
    const { sessionAtom } = await import('./session');
    expect(createStore().get(sessionAtom)).toBeUndefined();
  });

  it('reads a stored user whose icon the page may not load as signed out, and drops it', async () => {
    localStorage.setItem(StorageKeys.sessionKey, JSON.stringify('sk-1'));
    localStorage.setItem(StorageKeys.user, JSON.stringify({ ...user, icon: 'javascript:alert(1)' }));
    vi.resetModules();
    const { createStore } = await import('jotai/vanilla');
    const { sessionAtom } = await import('./session');
    expect(createStore().get(sessionAtom)).toBeUndefined();
    expect(localStorage.getItem(StorageKeys.user)).toBeNull();
  });
});
