import { ServerCode } from '@topup/contracts/codes';
import { StorageKeys } from '@topup/contracts/storage';
import { createStore } from 'jotai/vanilla';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient } from '../api/client';
import { deviceId } from '../platform/ids';
import { everyContract } from '../test/contracts';
import { envelope, fakeTransport } from '../test/fakeTransport';
import { sessionAtom, signInAtom, signOutAtom } from './session';
import { verifyStoredSession } from './verify';

const reem = { uid: 1001, display_uid: '10000001', nickname: 'ريم', icon: 'https://example.test/1001.png' };
const omar = { uid: 1002, display_uid: '10000002', nickname: '<img src=x onerror=alert(1)>', icon: '' };

afterEach(() => localStorage.clear());

/**
 * What the page finds in storage: the key of 10000001 beside another user (anything may have written it).
 * Written through the sign-in atom: the storage atoms read the browser's storage once, when first loaded.
 */
function storedAs(user: typeof reem, loginType: 'account' | 'link' = 'account') {
  const store = createStore();
  store.set(signInAtom, { session: { session_key: 'sk-10000001', user }, loginType });
  const stored = store.get(sessionAtom);
  if (stored === undefined) throw new Error('the stored session did not read back');
  return { store, stored };
}

const apiAnswering = (answer: Parameters<typeof fakeTransport>[0]) => {
  const fake = fakeTransport(answer);
  const api = createClient({
    contracts: everyContract,
    transport: fake.transport,
    base: () => '',
    headers: () => ({}),
  });
  return { api, requests: fake.requests };
};

describe('a stored session, checked with the server once the page is drawn', () => {
  it("a stored user that is not the key's: replaced by the server's, how the visitor signed in kept", async () => {
    const { store, stored } = storedAs(omar);
    const { api, requests } = apiAnswering(() => envelope({ user: reem }));
    await verifyStoredSession(api, store, stored);
    expect(requests[0]?.url).toContain('/api/coin/get_pay_user_info/?session_key=sk-10000001');
    expect(store.get(sessionAtom)).toEqual({ sessionKey: 'sk-10000001', user: reem, loginType: 'account' });
  });

  it("the server's user with an icon the page may not load: kept without it", async () => {
    const { store, stored } = storedAs(reem);
    const { api } = apiAnswering(() => envelope({ user: { ...reem, icon: 'javascript:alert(1)' } }));
    await verifyStoredSession(api, store, stored);
    expect(store.get(sessionAtom)?.user).toEqual({ ...reem, icon: '' });
  });

  it('the same user: nothing is written', async () => {
    const { store, stored } = storedAs(reem);
    const { api } = apiAnswering(() => envelope({ user: reem }));
    const before = localStorage.getItem(StorageKeys.user);
    const set = vi.spyOn(Storage.prototype, 'setItem');
    await verifyStoredSession(api, store, stored);
    expect(set).not.toHaveBeenCalled();
    set.mockRestore();
    expect(localStorage.getItem(StorageKeys.user)).toBe(before);
  });

  it('a logged-out key (-10000) signs out', async () => {
    const { store, stored } = storedAs(reem);
    const { api } = apiAnswering(() => envelope(null, ServerCode.loggedOut));
    await verifyStoredSession(api, store, stored);
    expect(store.get(sessionAtom)).toBeUndefined();
  });

  it('offline or a garbled answer: nothing changes', async () => {
    for (const answer of [
      { kind: 'failure', code: -2 } as const,
      { kind: 'answer', status: 200, body: '<html>' } as const,
    ]) {
      const { store, stored } = storedAs(omar);
      const { api } = apiAnswering(() => answer);
      await verifyStoredSession(api, store, stored);
      expect(store.get(sessionAtom)?.user).toEqual(omar);
    }
  });

  it('a session changed meanwhile (a sign-out, a link) is left alone', async () => {
    const { store, stored } = storedAs(omar);
    const { api } = apiAnswering(() => {
      store.set(signOutAtom);
      store.set(signInAtom, { session: { session_key: 'sk-other', user: omar }, loginType: 'link' });
      return envelope({ user: reem });
    });
    await verifyStoredSession(api, store, stored);
    expect(store.get(sessionAtom)).toMatchObject({ sessionKey: 'sk-other', user: omar });
  });
});

describe('the device id', () => {
  it('one the app did not make (../../etc) is replaced by a fresh one, kept from then on', () => {
    localStorage.setItem(StorageKeys.deviceId, JSON.stringify('../../etc'));
    const fresh = deviceId();
    expect(fresh).toMatch(/^h5_[0-9a-f]{32}$/);
    expect(JSON.parse(localStorage.getItem(StorageKeys.deviceId) ?? '""')).toBe(fresh);
    expect(deviceId()).toBe(fresh);
  });
});
