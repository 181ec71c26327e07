import { BridgeError, ServerCode } from '@topup/contracts/codes';
import { Message } from '@topup/contracts/messages';
import { StorageKeys } from '@topup/contracts/storage';
import { accountByDisplayUid, DisplayUid, SignIn } from '@topup/contracts/testdata/accounts';
import { createStore } from 'jotai/vanilla';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { appContracts } from '../../api/appContracts';
import type { NativeBridge } from '../../platform/bridgeDetect';
import { type SignedIn, sessionAtom, signInAtom, signOutAtom } from '../../session/session';
import { toastAtom } from '../../ui/toast';
import { acceptAppAccount, askAppUser, offerAppAccount, ticketFailureMessage } from './appAccount';
import {
  type AppAccountMemory,
  appAccountMemoryAtom,
  appAccountPopupAtom,
  decideAppAccountOffer,
  declineAppAccountAtom,
  readAppAccountMemory,
  showAppAccountOfferAtom,
} from './appAccountState';
import { offerSwitchAtom } from './switchAccount';

const reem = accountByDisplayUid(DisplayUid.reem);
const omar = accountByDisplayUid(DisplayUid.omar);
if (reem === undefined || omar === undefined) throw new Error('catalogue accounts missing');
const userOf = (a: typeof reem) => ({
  uid: a.uid,
  display_uid: a.display_uid,
  nickname: a.nickname,
  icon: a.icon,
});
const signedIn = (a: typeof reem): SignedIn => ({
  sessionKey: `sk-${a.display_uid}`,
  user: userOf(a),
  loginType: 'ticket',
});

type Answer = { code: number; data?: unknown } | 'silent';

/**
 * A fake app: answers getUserInfo and getLoginTicket as told, and wrapApi like the mock would for
 * ticket_login (the catalogue's ticket signs in as 10000001, `tk-omar` as 10000002, anything else 21001).
 */
function fakeApp(answers: { userInfo?: Answer; loginTicket?: Answer }) {
  const calls: { method: string; args: Record<string, unknown> }[] = [];
  const reply = (id: string, answer: Answer) => {
    if (answer !== 'silent') setTimeout(() => window.__nativeBridgeCallback?.(id, JSON.stringify(answer)), 0);
  };
  const bridge: NativeBridge = {
    call(method, argsJson, id) {
      const args = JSON.parse(argsJson) as Record<string, unknown>;
      calls.push({ method, args });
      if (method === 'getUserInfo') return reply(id, answers.userInfo ?? 'silent');
      if (method === 'getLoginTicket') return reply(id, answers.loginTicket ?? 'silent');
      if (method === 'wrapApi') {
        const url = new URL(String(args.url), 'http://localhost');
        const ticket = url.searchParams.get('ticket');
        const account = ticket === SignIn.ticket.ticket ? reem : ticket === 'tk-omar' ? omar : undefined;
        const body =
          url.pathname === '/api/web/ticket_login/' && account !== undefined
            ? {
                result: 0,
                message: '',
                data: { session_key: `sk-${account.display_uid}`, user: userOf(account) },
              }
            : { result: ServerCode.loginFailed, message: '', data: null };
        return reply(id, { code: 0, data: { status: 200, body: JSON.stringify(body) } });
      }
      reply(id, { code: BridgeError.UnknownService });
    },
  };
  return { bridge, calls };
}

const memory = (m: AppAccountMemory = {}) => m;
const inputs = {
  inApp: true,
  appOpenId: 'app-1' as string | undefined,
  session: undefined as SignedIn | undefined,
  memory: memory(),
  popupOpen: false,
};

// The app's client under fake timers: the registry's chunk is fetched up front, as a tap would.
// The registry and the bridge transport load on demand; loaded here, the fake timers below need not wait on
// a module download.
beforeAll(() => Promise.all([appContracts.all(), import('../../api/bridgeTransport')]));

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
  delete window.NativeBridge;
});

describe('when to offer the app account', () => {
  it.each([
    ['in a browser', { inApp: false, appOpenId: undefined }, undefined],
    ['in the app with no user signed in there', { appOpenId: undefined }, undefined],
    ['signed out here, a user in the app', {}, { openId: 'app-1', mode: 'signIn' }],
    ['the visitor said no to this app user', { memory: memory({ declinedOpenId: 'app-1' }) }, undefined],
    [
      'said no to another app user, this one is new',
      { memory: memory({ declinedOpenId: 'app-0' }) },
      { openId: 'app-1', mode: 'signIn' },
    ],
    ['another popup about the account is open', { popupOpen: true }, undefined],
    [
      'signed in here some other way: the accounts cannot be compared',
      { session: signedIn(reem) },
      undefined,
    ],
    [
      'signed in here through the app as this same app user',
      { session: signedIn(reem), memory: memory({ link: { openId: 'app-1', uid: reem.uid } }) },
      undefined,
    ],
    [
      'signed in here through the app as another app user',
      { session: signedIn(reem), memory: memory({ link: { openId: 'app-0', uid: reem.uid } }) },
      { openId: 'app-1', mode: 'switch' },
    ],
    [
      'the link is of an account no longer signed in here',
      { session: signedIn(omar), memory: memory({ link: { openId: 'app-0', uid: reem.uid } }) },
      undefined,
    ],
  ] as const)('%s', (_name, change, expected) => {
    expect(decideAppAccountOffer({ ...inputs, ...change })).toEqual(expected);
  });

  it('reads a garbled visit memory as empty', () => {
    for (const raw of ['{oops', '7', 'null', '{"declinedOpenId":3,"link":{"openId":"a","uid":"1"}}']) {
      sessionStorage.setItem('topup.app_account', raw);
      expect(readAppAccountMemory()).toEqual({});
    }
  });
});

describe('asking the app who is signed in', () => {
  it('gives nothing in a browser, after the bridge poll (16 ms × 50)', async () => {
    const asked = askAppUser();
    await vi.advanceTimersByTimeAsync(16 * 50);
    await expect(asked).resolves.toBeUndefined();
  });

  it('gives nothing when the app does not answer within 1 s, or has no user', async () => {
    window.NativeBridge = fakeApp({}).bridge;
    const silent = askAppUser();
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(silent).resolves.toBeUndefined();
    window.NativeBridge = fakeApp({ userInfo: { code: 0, data: {} } }).bridge;
    const none = askAppUser();
    await vi.advanceTimersByTimeAsync(0);
    await expect(none).resolves.toBeUndefined();
  });

  it('offers the account of a signed-out visitor, and not while the switch popup asks', async () => {
    window.NativeBridge = fakeApp({ userInfo: { code: 0, data: { openid: 'app-1' } } }).bridge;
    const store = createStore();
    const offered = offerAppAccount(store, askAppUser());
    await vi.advanceTimersByTimeAsync(0);
    await offered;
    expect(store.get(appAccountPopupAtom)).toEqual({ mode: 'signIn', phase: { kind: 'asking' } });

    const busy = createStore();
    busy.set(offerSwitchAtom, { session_key: 'sk-10000010', user: userOf(reem) });
    const skipped = offerAppAccount(busy, askAppUser());
    await vi.advanceTimersByTimeAsync(0);
    await skipped;
    expect(busy.get(appAccountPopupAtom)).toBeUndefined();
  });
});

describe('the popup state', () => {
  it('"no" closes it and is remembered for the visit, for that app user only', async () => {
    const store = createStore();
    store.set(showAppAccountOfferAtom, { openId: 'app-1', mode: 'signIn' });
    store.set(declineAppAccountAtom);
    expect(store.get(appAccountPopupAtom)).toBeUndefined();
    // A later look in the same tab (another screen, a reload) finds the answer.
    const later = createStore();
    expect(later.get(appAccountMemoryAtom)).toEqual({ declinedOpenId: 'app-1' });
    window.NativeBridge = fakeApp({ userInfo: { code: 0, data: { open_id: 'app-1' } } }).bridge;
    const again = offerAppAccount(later, askAppUser());
    await vi.advanceTimersByTimeAsync(0);
    await again;
    expect(later.get(appAccountPopupAtom)).toBeUndefined();
  });

  it('a sign-in offer goes away once the visitor signs in some other way', () => {
    const store = createStore();
    store.set(showAppAccountOfferAtom, { openId: 'app-1', mode: 'signIn' });
    store.set(signInAtom, {
      session: { session_key: 'sk-10000001', user: userOf(reem) },
      loginType: 'account',
    });
    expect(store.get(appAccountPopupAtom)).toBeUndefined();
  });
});

describe('"yes": a ticket from the app, then the ticket login', () => {
  async function accept(store: ReturnType<typeof createStore>) {
    const done = acceptAppAccount(store, { bundleId: undefined });
    await vi.runAllTimersAsync();
    return done;
  }

  it('signs in as the ticket account with login type ticket, remembers the link, closes with a toast', async () => {
    const app = fakeApp({ loginTicket: { code: 0, data: { ticket: SignIn.ticket.ticket } } });
    window.NativeBridge = app.bridge;
    const store = createStore();
    store.set(showAppAccountOfferAtom, { openId: 'app-1', mode: 'signIn' });
    const done = acceptAppAccount(store, { bundleId: undefined });
    expect(store.get(appAccountPopupAtom)?.phase).toEqual({ kind: 'signingIn' });
    await vi.runAllTimersAsync();
    expect(await done).toBe(true);
    expect(store.get(sessionAtom)).toEqual({
      sessionKey: 'sk-10000001',
      user: userOf(reem),
      loginType: 'ticket',
    });
    expect(JSON.parse(localStorage.getItem(StorageKeys.loginTicket) ?? 'null')).toBe(SignIn.ticket.ticket);
    expect(app.calls.map((c) => c.method)).toEqual(['getLoginTicket', 'wrapApi']);
    expect(app.calls[0]?.args).toEqual({
      open_id: 'app-1',
      uuid: JSON.parse(localStorage.getItem(StorageKeys.clientUuid) ?? 'null'),
    });
    expect(store.get(appAccountPopupAtom)).toBeUndefined();
    expect(store.get(appAccountMemoryAtom)).toEqual({ link: { openId: 'app-1', uid: reem.uid } });
    expect(store.get(toastAtom)?.text).toBe('تم تسجيل الدخول');
  });

  it('later, a different app user is offered as a switch, and yes switches', async () => {
    sessionStorage.setItem('topup.app_account', JSON.stringify({ link: { openId: 'app-1', uid: reem.uid } }));
    const store = createStore();
    store.set(signInAtom, {
      session: { session_key: 'sk-10000001', user: userOf(reem) },
      loginType: 'ticket',
    });
    window.NativeBridge = fakeApp({
      userInfo: { code: 0, data: { open_id: 'app-2' } },
      loginTicket: { code: 0, data: { ticket: 'tk-omar' } },
    }).bridge;
    const offered = offerAppAccount(store, askAppUser());
    await vi.advanceTimersByTimeAsync(0);
    await offered;
    expect(store.get(appAccountPopupAtom)?.mode).toBe('switch');
    expect(await accept(store)).toBe(true);
    expect(store.get(sessionAtom)?.user.uid).toBe(omar.uid);
    expect(store.get(appAccountMemoryAtom).link).toEqual({ openId: 'app-2', uid: omar.uid });
  });

  it.each([
    [
      'a bridge error code',
      { code: BridgeError.BadParam },
      'تعذّر الاتصال بالتطبيق (رمز الخطأ \u20661\u2069). أعد المحاولة',
    ],
    [
      'an unknown bridge error',
      { code: BridgeError.Unknown },
      'تعذّر الاتصال بالتطبيق (رمز الخطأ \u2066-1\u2069). أعد المحاولة',
    ],
    [
      'the app offline',
      { code: BridgeError.UnknownHost },
      'تعذّر على التطبيق الاتصال بالشبكة (رمز الخطأ \u206610\u2069). تحقّق من اتصالك وأعد المحاولة',
    ],
    [
      'an app without the method',
      { code: BridgeError.UnknownService },
      'إصدار التطبيق لا يدعم تسجيل الدخول من هذه الصفحة. حدّث التطبيق، أو سجّل الدخول بمعرّف الحساب وكلمة المرور',
    ],
    [
      'no ticket in the answer',
      { code: 0, data: {} },
      'لم يرسل التطبيق بيانات تسجيل الدخول. أعد المحاولة، أو سجّل الدخول بمعرّف الحساب وكلمة المرور',
    ],
    [
      'no answer within 5 s',
      'silent',
      'لم يستجب التطبيق في الوقت المحدد. تأكّد من أن التطبيق مفتوح وأعد المحاولة',
    ],
    [
      'a ticket the server refuses',
      { code: 0, data: { ticket: 'tk-wrong' } },
      `تعذّر تسجيل الدخول بحساب التطبيق: ${Message.loginFailed}`,
    ],
  ] as const)('%s: stays signed out, the popup says why', async (_name, loginTicket, message) => {
    window.NativeBridge = fakeApp({ loginTicket }).bridge;
    const store = createStore();
    store.set(showAppAccountOfferAtom, { openId: 'app-1', mode: 'signIn' });
    expect(await accept(store)).toBe(false);
    expect(store.get(sessionAtom)).toBeUndefined();
    expect(store.get(appAccountPopupAtom)).toEqual({ mode: 'signIn', phase: { kind: 'failed', message } });
  });

  it('waits the full 5 s for the ticket before saying the app did not answer', async () => {
    window.NativeBridge = fakeApp({ loginTicket: 'silent' }).bridge;
    const store = createStore();
    store.set(showAppAccountOfferAtom, { openId: 'app-1', mode: 'signIn' });
    void acceptAppAccount(store, { bundleId: undefined });
    await vi.advanceTimersByTimeAsync(4_999);
    expect(store.get(appAccountPopupAtom)?.phase.kind).toBe('signingIn');
    await vi.advanceTimersByTimeAsync(1);
    expect(store.get(appAccountPopupAtom)?.phase.kind).toBe('failed');
  });

  it('a ticket already used here is skipped by the ticket rule, and said so', async () => {
    window.NativeBridge = fakeApp({
      loginTicket: { code: 0, data: { ticket: SignIn.ticket.ticket } },
    }).bridge;
    const store = createStore();
    // Signed in with this ticket before, then signed out: sign-out keeps the used ticket (SPEC §4).
    store.set(signInAtom, {
      session: { session_key: 'sk-10000001', user: userOf(reem) },
      loginType: 'ticket',
      ticket: SignIn.ticket.ticket,
    });
    store.set(signOutAtom);
    store.set(showAppAccountOfferAtom, { openId: 'app-1', mode: 'signIn' });
    await accept(store);
    expect(store.get(sessionAtom)).toBeUndefined();
    expect(store.get(appAccountPopupAtom)?.phase).toEqual({
      kind: 'failed',
      message: 'رمز الدخول من التطبيق استُخدم من قبل. أغلق الصفحة وافتحها من التطبيق مجددًا',
    });
  });

  it('a sign-in that throws, or a page without the bridge, ends in a message too; a second tap waits', async () => {
    const store = createStore();
    store.set(showAppAccountOfferAtom, { openId: 'app-1', mode: 'signIn' });
    await acceptAppAccount(store, { bridge: undefined });
    expect(store.get(appAccountPopupAtom)?.phase).toEqual({
      kind: 'failed',
      message: 'تعذّر الاتصال بالتطبيق. افتح الصفحة من التطبيق وأعد المحاولة',
    });
    const app = fakeApp({ loginTicket: { code: 0, data: { ticket: 'tk-x' } } });
    const signIn = vi.fn(async () => {
      throw new Error('answer outside the contract');
    });
    const first = acceptAppAccount(store, { bridge: app.bridge, signIn, bundleId: undefined });
    const second = acceptAppAccount(store, { bridge: app.bridge, signIn, bundleId: undefined });
    await vi.runAllTimersAsync();
    await Promise.all([first, second]);
    expect(app.calls).toHaveLength(1);
    expect(store.get(appAccountPopupAtom)?.phase).toEqual({
      kind: 'failed',
      message: 'تعذّر تسجيل الدخول بحساب التطبيق: حدث خطأ غير متوقع. أعد المحاولة',
    });
  });

  it("the app's own network failures (bridge codes 2, 4–6, 8–10) say the app could not reach the network", () => {
    expect(ticketFailureMessage({ ok: false, reason: 'timeout' })).toContain('لم يستجب التطبيق');
    for (const code of [2, 4, 5, 6, 8, 9, 10] as const)
      expect(ticketFailureMessage({ ok: false, reason: 'bridgeError', code })).toContain('الاتصال بالشبكة');
  });
});
