import { ServerCode } from '@topup/contracts/codes';
import { Message } from '@topup/contracts/messages';
import { type LoginType, StorageKeys } from '@topup/contracts/storage';
import { accountByDisplayUid, DisplayUid, SignIn } from '@topup/contracts/testdata/accounts';
import { createStore } from 'jotai/vanilla';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toastApiErrors } from '../../app/apiErrorToasts';
import { payTargetAtom } from '../../payments/payTarget';
import { appStore } from '../../platform/store';
import {
  acknowledgeLinkAtom,
  lastLoginTicketAtom,
  linkUnacknowledgedAtom,
  sessionAtom,
  signInAtom,
  signOutAtom,
} from '../../session/session';
import { carryingOverFetch } from '../../test/fakeBridge';
import { toastAtom } from '../../ui/toast';
import {
  packageOfBundleArg,
  type SignInOutcome,
  signInWithAccount,
  signInWithAppTicket,
  signInWithFacebook,
  signInWithFacebookLink,
  signInWithGoogle,
  signInWithSessionKey,
  signInWithTicket,
} from './signIn';
import { answerSwitchAtom, pendingSwitchAtom } from './switchAccount';

const found = [accountByDisplayUid(DisplayUid.reem), accountByDisplayUid(DisplayUid.omar)];
const [reem, omar] = found.map((account) => {
  if (account === undefined) throw new Error('catalogue accounts missing');
  return account;
}) as [NonNullable<(typeof found)[0]>, NonNullable<(typeof found)[0]>];
type Account = typeof reem;
const userOf = (a: Account) => ({
  uid: a.uid,
  display_uid: a.display_uid,
  nickname: a.nickname,
  icon: a.icon,
});

const LINK_KEY = 'sk-link';
const calls: { path: string; params: URLSearchParams }[] = [];

/** The server signs every link in as `account` (a session key check, a ticket, a Facebook hand-over). */
function serverSays(account: Account) {
  const session = { session_key: LINK_KEY, user: { ...userOf(account), session_key: LINK_KEY } };
  const answers: Record<string, unknown> = {
    '/api/coin/get_pay_user_info/': { user: userOf(account) },
    '/api/web/ticket_login/': session,
    '/api/user/facebook_login/': session,
    '/api/user/google_login/': session,
    '/api/user/account_login/': session,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
      const params = new URLSearchParams(init?.body instanceof URLSearchParams ? init.body : url.search);
      calls.push({ path: url.pathname, params });
      const data = answers[url.pathname];
      if (data === undefined) throw new TypeError('unexpected call');
      return Response.json({ result: 0, data });
    }),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  calls.length = 0;
  history.replaceState(null, '', '/');
});

/** A value the page keeps in storage (JSON), read back as the browser holds it. */
const stored = (key: string): unknown => JSON.parse(localStorage.getItem(key) ?? 'null');

type Link = (store: ReturnType<typeof createStore>) => Promise<SignInOutcome>;
const links: readonly [string, Link][] = [
  ['session_key', (store) => signInWithSessionKey(store, LINK_KEY)],
  ['ticket', (store) => signInWithTicket(store, 'tk-from-a-link')],
  ['#fb_id/#fb_token', (store) => signInWithFacebookLink(store, 'fb-x', 'fbtok-x')],
];

function signedInAs(store: ReturnType<typeof createStore>, account: Account, loginType: 'account' | 'link') {
  store.set(signInAtom, {
    session: { session_key: `sk-own-${account.uid}`, user: userOf(account) },
    loginType,
  });
}

/** Issue 27 (login CSRF): no link changes who the visitor is without asking, nor counts as their own sign-in. */
describe.each(links)('a %s link', (_kind, link) => {
  it('signed in as someone else: asks first, naming the account; declining keeps the current one', async () => {
    const store = createStore();
    signedInAs(store, omar, 'account');
    serverSays(reem);
    const outcome = await link(store);
    expect(outcome).toMatchObject({ kind: 'switch', user: { uid: reem.uid } });
    expect(store.get(pendingSwitchAtom)).toMatchObject({
      nickname: reem.nickname,
      display_uid: reem.display_uid,
    });
    expect(store.get(sessionAtom)).toMatchObject({ user: { uid: omar.uid }, loginType: 'account' });
    store.set(answerSwitchAtom, false);
    expect(store.get(pendingSwitchAtom)).toBeUndefined();
    expect(store.get(sessionAtom)).toMatchObject({
      sessionKey: `sk-own-${omar.uid}`,
      user: { uid: omar.uid },
    });
  });

  it('accepted at the switch popup: signed in, still as a link, never a confirmed sign-in', async () => {
    const store = createStore();
    signedInAs(store, omar, 'account');
    serverSays(reem);
    await link(store);
    store.set(answerSwitchAtom, true);
    expect(store.get(sessionAtom)).toMatchObject({
      sessionKey: LINK_KEY,
      user: { uid: reem.uid },
      loginType: 'link',
    });
    // The popup named the account and the visitor chose it: the link notice does not ask again.
    expect(store.get(linkUnacknowledgedAtom)).toBe(false);
    expect(store.get(payTargetAtom)).toMatchObject({ uid: reem.uid, own: true, linkAccount: false });
  });

  it('signed out: signed in as a link, not theirs until the visitor says so', async () => {
    const store = createStore();
    serverSays(reem);
    expect((await link(store)).kind).toBe('signedIn');
    expect(store.get(sessionAtom)).toMatchObject({ user: { uid: reem.uid }, loginType: 'link' });
    // The page's link notice says whose account it is and stays; no toast that would go by.
    expect(store.get(toastAtom)).toBeUndefined();
    expect(store.get(linkUnacknowledgedAtom)).toBe(true);
    expect(store.get(payTargetAtom)).toMatchObject({ uid: reem.uid, own: false, linkAccount: true });
    store.set(acknowledgeLinkAtom);
    expect(store.get(linkUnacknowledgedAtom)).toBe(false);
    expect(store.get(payTargetAtom)).toMatchObject({ uid: reem.uid, own: true, linkAccount: false });
    // Saying yes stops the asking; it is still a link, not a confirmed sign-in (no card saved by default).
    expect(store.get(sessionAtom)?.loginType).toBe('link');
  });

  it("signed out inside the native app: the app's own hand-over, no notice, a toast names the account", async () => {
    vi.stubGlobal('NativeBridge', carryingOverFetch());
    const store = createStore();
    serverSays(reem);
    expect((await link(store)).kind).toBe('signedIn');
    expect(store.get(sessionAtom)).toMatchObject({ user: { uid: reem.uid }, loginType: 'link' });
    expect(store.get(linkUnacknowledgedAtom)).toBe(false);
    expect(store.get(payTargetAtom)).toMatchObject({ uid: reem.uid, own: true, linkAccount: false });
    expect(store.get(toastAtom)?.text).toContain(reem.nickname);
    expect(store.get(toastAtom)?.text).toContain(reem.display_uid);
    // Nothing recorded as the visitor's answer: the same storage in a browser would still ask.
    expect(localStorage.getItem(StorageKeys.linkAcknowledged)).toBeNull();
  });

  it('inside the native app, a nickname with bidi controls cannot leave its isolate in the toast', async () => {
    vi.stubGlobal('NativeBridge', carryingOverFetch());
    const store = createStore();
    // A PDI would close the toast's isolate early, the override then reversing the display id after it.
    serverSays({ ...reem, nickname: 'ريم\u2069\u202E' });
    expect((await link(store)).kind).toBe('signedIn');
    const text = store.get(toastAtom)?.text ?? '';
    expect(text).toContain(`\u2068ريم\u2069`);
    expect(text).not.toContain('\u202E');
    expect([...text].filter((c) => c === '\u2069')).toHaveLength(2);
  });

  it('the same account: refreshed, and how the visitor signed in does not change', async () => {
    for (const before of ['account', 'link'] as const) {
      const store = createStore();
      signedInAs(store, reem, before);
      serverSays(reem);
      await link(store);
      expect(store.get(pendingSwitchAtom)).toBeUndefined();
      expect(store.get(sessionAtom)).toMatchObject({ user: { uid: reem.uid }, loginType: before });
    }
  });
});

it("the link notice's answer holds for its account only: asked again for another, and after a sign-out", () => {
  const store = createStore();
  signedInAs(store, reem, 'link');
  expect(store.get(linkUnacknowledgedAtom)).toBe(true);
  store.set(acknowledgeLinkAtom);
  signedInAs(store, reem, 'link');
  expect(store.get(linkUnacknowledgedAtom)).toBe(false);
  signedInAs(store, omar, 'link');
  expect(store.get(linkUnacknowledgedAtom)).toBe(true);
  store.set(acknowledgeLinkAtom);
  store.set(signOutAtom);
  expect(localStorage.getItem(StorageKeys.linkAcknowledged)).toBeNull();
  signedInAs(store, omar, 'link');
  expect(store.get(linkUnacknowledgedAtom)).toBe(true);
  // A sign-in of the visitor's own is never asked about.
  signedInAs(store, reem, 'account');
  expect(store.get(linkUnacknowledgedAtom)).toBe(false);
});

describe('tickets', () => {
  it("carry this device's uuid, and are redeemed once even when declined @spec:rule.ticketSkipped", async () => {
    const store = createStore();
    signedInAs(store, omar, 'account');
    serverSays(reem);
    // Skipped when missing (SPEC §5): nothing is asked of the server.
    expect(await signInWithTicket(store, undefined)).toEqual({ kind: 'skipped' });
    expect(await signInWithTicket(store, '')).toEqual({ kind: 'skipped' });
    expect(calls).toHaveLength(0);
    await signInWithTicket(store, 'tk-once');
    store.set(answerSwitchAtom, false);
    expect(calls[0]?.params.get('uuid')).toBe(stored(StorageKeys.clientUuid));
    expect(store.get(lastLoginTicketAtom)).toBe('tk-once');
    expect(await signInWithTicket(store, 'tk-once')).toEqual({ kind: 'skipped' });
    expect(calls).toHaveLength(1);
  });

  it("@spec:login.ticket the app's ticket, after the visitor said yes to its account, is a confirmed sign-in", async () => {
    const store = createStore();
    serverSays(reem);
    await signInWithAppTicket(store, SignIn.ticket.ticket);
    expect(store.get(sessionAtom)).toMatchObject({ user: { uid: reem.uid }, loginType: 'ticket' });
  });
});

describe('account and password', () => {
  it('a delayed sign-in says how long to wait (finding 5)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({ result: ServerCode.signInDelayed, message: 'x', data: { retry_after: 8 } }),
      ),
    );
    const outcome = await signInWithAccount(createStore(), DisplayUid.reem, 'guess');
    expect(outcome).toEqual({
      kind: 'failed',
      message: 'محاولات خاطئة كثيرة. حاول مجددًا بعد 8 ثانية',
      retryAfter: 8,
    });
  });
});

describe('a session_key link that never was a session', () => {
  it('@spec:code.21001 says the sign-in failed and keeps whoever is signed in', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ result: ServerCode.loginFailed, message: 'x', data: null })),
    );
    const store = createStore();
    signedInAs(store, omar, 'account');
    const outcome = await signInWithSessionKey(store, 'sk-never-issued');
    expect(outcome).toMatchObject({ kind: 'failed', message: 'تعذّر تسجيل الدخول' });
    expect(store.get(toastAtom)?.text).toBe('لم يسجّل الرابط دخولك: تعذّر تسجيل الدخول');
    expect(store.get(sessionAtom)).toMatchObject({ user: { uid: omar.uid }, loginType: 'account' });
  });
});

describe('a ticket link already used (TESTDATA tk-10000001 a second time)', () => {
  it('@spec:code.21004 says the link expired and keeps whoever is signed in', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ result: ServerCode.linkExpired, message: 'x', data: null })),
    );
    const store = createStore();
    signedInAs(store, omar, 'account');
    const outcome = await signInWithTicket(store, SignIn.ticket.ticket);
    expect(outcome).toEqual({ kind: 'failed', message: 'انتهت صلاحية الرابط' });
    expect(store.get(toastAtom)?.text).toBe('لم يسجّل الرابط دخولك: انتهت صلاحية الرابط');
    expect(store.get(sessionAtom)).toMatchObject({ user: { uid: omar.uid }, loginType: 'account' });
    // Used up: the same ticket is not tried again on this page.
    expect(await signInWithTicket(store, SignIn.ticket.ticket)).toEqual({ kind: 'skipped' });
  });
});

/**
 * Attack review F1: a link whose key the server says is logged out (-10000, TESTDATA sk-expired) opened by a
 * visitor signed in as themself. The app's own store and error toasts are used: the client's error handler
 * (api/instance.ts) signs out and toasts there, not in a store of the test's own.
 */
describe.each<[string, Link]>([
  ['session_key', (store) => signInWithSessionKey(store, 'sk-expired')],
  ['ticket', (store) => signInWithTicket(store, 'tk-stray-logged-out')],
  ['#fb_id/#fb_token', (store) => signInWithFacebookLink(store, 'fb-x', 'fbtok-x')],
])('a %s link answered -10000 while the visitor is signed in', (kind, link) => {
  it('@spec:code.-10000 fails as the link, keeps their session, and never says their session ended', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ result: ServerCode.loggedOut, message: 'x', data: null })),
    );
    const stopToasts = toastApiErrors(appStore);
    const toasts: string[] = [];
    const stopWatch = appStore.sub(toastAtom, () => {
      const text = appStore.get(toastAtom)?.text;
      if (text !== undefined) toasts.push(text);
    });
    try {
      signedInAs(appStore, omar, 'account');
      const outcome = await link(appStore);
      await Promise.resolve();
      expect(outcome.kind).toBe('failed');
      if (kind === 'session_key') expect(outcome).toMatchObject({ message: Message.linkExpired });
      expect(appStore.get(sessionAtom)).toMatchObject({
        sessionKey: `sk-own-${omar.uid}`,
        user: { uid: omar.uid },
        loginType: 'account',
      });
      expect(toasts).toHaveLength(1);
      expect(toasts[0]).toMatch(/^لم يسجّل الرابط دخولك: /);
      expect(toasts).not.toContain(Message.loggedOut);
    } finally {
      stopWatch();
      stopToasts();
      appStore.set(signOutAtom);
    }
  });
});

describe("packageOfBundleArg (ticket_login's x-cli-pn, SPEC §7)", () => {
  it.each<[string | undefined, string | undefined]>([
    ['com.example.topup', 'com.example.topup'],
    ['ksa', 'ksa'],
    ['com.app_1.pay-x', 'com.app_1.pay-x'],
    [undefined, undefined],
    ['', undefined],
    ['1com.example', undefined],
    ['com..example', undefined],
    ['com.example.', undefined],
    ['../evil', undefined],
    ['com.example\r\nx-session-key: sk', undefined],
    ['حزمة', undefined],
    [`a${'.b'.repeat(64)}`, undefined],
  ])('%j gives %j', (arg, expected) => {
    expect(packageOfBundleArg(arg)).toBe(expected);
  });
});

/**
 * SPEC §4 "Login": each way in records its login type (stored under `topup.login_type`), and signing out
 * clears it. Each way is told from the others: a sign-in recorded under another way's type fails here.
 */
describe('the login type each way in records', () => {
  const ways: readonly [
    string,
    LoginType,
    (store: ReturnType<typeof createStore>) => Promise<SignInOutcome>,
  ][] = [
    [
      '@spec:login.account account id and password',
      'account',
      (store) => signInWithAccount(store, DisplayUid.reem, 'pw'),
    ],
    [
      '@spec:login.social the Facebook button',
      'social',
      (store) => signInWithFacebook(store, 'fb-x', 'fbtok-x'),
    ],
    ['@spec:login.searchEngine the Google button', 'search', (store) => signInWithGoogle(store, 'gid-x')],
    ['@spec:login.ticket the app ticket', 'ticket', (store) => signInWithAppTicket(store, 'tk-app')],
  ];

  it.each(ways)('%s: recorded as %j, cleared on sign-out', async (_way, loginType, signIn) => {
    const store = createStore();
    serverSays(reem);
    expect(await signIn(store)).toEqual({ kind: 'signedIn' });
    expect(store.get(sessionAtom)).toMatchObject({ user: { uid: reem.uid }, loginType });
    expect(stored(StorageKeys.loginType)).toBe(loginType);
    store.set(signOutAtom);
    expect(store.get(sessionAtom)).toBeUndefined();
    expect(localStorage.getItem(StorageKeys.loginType)).toBeNull();
    expect(localStorage.getItem(StorageKeys.sessionKey)).toBeNull();
  });
});

/**
 * SPEC §7: facebook_login and google_login carry user_id/access_token (or id_token) and version_code, device,
 * device_uuid, sdcard_uuid, uuid, mac, phone. The page sends each one it truly has; a browser has no MAC
 * address, storage volume id or phone number to give (signIn.ts, README "departs").
 */
describe('social sign-in request fields', () => {
  const social: readonly [
    string,
    string,
    (store: ReturnType<typeof createStore>) => Promise<SignInOutcome>,
  ][] = [
    [
      'the Facebook button',
      '/api/user/facebook_login/',
      (store) => signInWithFacebook(store, 'fb-x', 'fbtok-x'),
    ],
    [
      'a Facebook link',
      '/api/user/facebook_login/',
      (store) => signInWithFacebookLink(store, 'fb-x', 'fbtok-x'),
    ],
    ['the Google button', '/api/user/google_login/', (store) => signInWithGoogle(store, 'gid-x')],
  ];

  it.each(social)(
    '%s sends the version code of the link, the device, both ids, and nothing made up',
    async (_way, path, signIn) => {
      history.replaceState(null, '', '/login?version_code=30600');
      serverSays(reem);
      await signIn(createStore());
      expect(calls.map((c) => c.path)).toEqual([path]);
      const params = Object.fromEntries(calls[0]?.params ?? []);
      const credentials =
        path === '/api/user/google_login/'
          ? { id_token: 'gid-x' }
          : { user_id: 'fb-x', access_token: 'fbtok-x' };
      expect(params).toEqual({
        ...credentials,
        version_code: '30600',
        device: 'web',
        device_uuid: stored(StorageKeys.deviceId),
        uuid: stored(StorageKeys.clientUuid),
      });
      expect(params.device_uuid).toMatch(/^h5_[0-9a-f]{32}$/);
      expect(params.uuid).not.toBe(params.device_uuid);
    },
  );

  it.each([
    ['/login', undefined],
    ['/login#/x?version_code=31000', '31000'],
    ['/login?version_code=3e5', undefined],
    ['/login?version_code=0x7735', undefined],
    ['/login?version_code=-1', undefined],
    ['/login?version_code=30507.5', undefined],
    ['/login?version_code=%2030507', undefined],
    ['/login?version_code=%D9%A3%D9%A0', undefined],
    ['/login?version_code=99999999999999', undefined],
    ['/login?version_code=1%26mac%3Dx', undefined],
  ])('at %s the version code sent is %j', async (address, expected) => {
    history.replaceState(null, '', address);
    serverSays(reem);
    await signInWithGoogle(createStore(), 'gid-x');
    const params = calls[0]?.params;
    expect(params?.get('version_code') ?? undefined).toBe(expected);
    expect([...(params?.keys() ?? [])].sort()).toEqual(
      [
        'id_token',
        'device',
        'device_uuid',
        'uuid',
        ...(expected === undefined ? [] : ['version_code']),
      ].sort(),
    );
  });
});
