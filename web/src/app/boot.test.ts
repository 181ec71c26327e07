import { createStore } from 'jotai/vanilla';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { linkNoticeRoomAtom, urlSignInPendingAtom } from '../session/session';
import { toastAtom } from '../ui/toast';
import { codeWithin, SIGN_IN_CODE_MS, signIn, wantsStoreJump } from './boot';
import { noteUrlSignIn, urlSignInsOf } from './urlSignIns';

describe('a sign-in in the launch URL (noteUrlSignIn): the first screen draws the signed-in placeholders', () => {
  const pageinfo = (info: unknown) => `#pageinfo=${encodeURIComponent(JSON.stringify(info))}`;
  it.each<[string, string, boolean]>([
    ['?session_key=sk-1', '', true],
    ['', '#/?session_key=sk-1', true],
    ['', pageinfo({ session_key: 'sk-1' }), true],
    ['', '#fb_id=1&fb_token=t', true],
    // Nothing that would sign anyone in: an empty key, a Facebook id without its token, a bad hand-over.
    ['?session_key=', '', false],
    ['', '#fb_id=1', false],
    ['', pageinfo({ session_key: '<script>' }), false],
    ['', '#pageinfo=not-json', false],
    ...[null, 5, 'sk-1', ['sk-1'], { session_key: 5 }, { session_key: ['sk-1'] }].map(
      (info): [string, string, boolean] => ['', pageinfo(info), false],
    ),
    ['?ticket=t1', '', false],
    ['?tab=2', '', false],
  ])('%s%s: pending %s', (search, hash, pending) => {
    const store = createStore();
    noteUrlSignIn(store, search, hash);
    expect(store.get(urlSignInPendingAtom)).toBe(pending);
  });

  it("keeps the link notice's room only when index.html kept it from the first paint", () => {
    const html = document.createElement('html');
    const store = createStore();
    noteUrlSignIn(store, '?session_key=sk-1', '', html);
    expect(store.get(linkNoticeRoomAtom)).toBe(false);
    html.setAttribute('data-link-notice', '');
    noteUrlSignIn(store, '?session_key=sk-1', '', html);
    expect(store.get(linkNoticeRoomAtom)).toBe(true);
  });
});

describe('the sign-in code of a launch URL (signIn): never waited for longer than an API call', () => {
  afterEach(() => {
    vi.useRealTimers();
  });
  type Module = Awaited<ReturnType<typeof signIn>>;
  const code = {} as NonNullable<Module>;

  it('gives the code when it arrives in time, and tells nothing', async () => {
    const store = createStore();
    await expect(signIn(store, async () => code, 1000)).resolves.toBe(code);
    expect(store.get(toastAtom)).toBeUndefined();
  });

  it.each([
    ['a download that fails', () => Promise.reject(new Error('offline'))],
    ['a download that never ends', () => new Promise<NonNullable<Module>>(() => undefined)],
  ])('%s: the page goes on signed out, told of the network', async (_, load) => {
    vi.useFakeTimers();
    const store = createStore();
    const result = signIn(store, load, SIGN_IN_CODE_MS);
    await vi.advanceTimersByTimeAsync(SIGN_IN_CODE_MS);
    await expect(result).resolves.toBeUndefined();
    expect(store.get(toastAtom)).toMatchObject({
      tone: 'error',
      text: expect.stringContaining('الشبكة'),
    });
  });

  it('waits as long as an API call may take', () => {
    expect(SIGN_IN_CODE_MS).toBe(60_000);
  });
});

describe('the store jump of a launch URL: its code is fetched exactly when the URL asks for a jump', () => {
  it.each([
    [{ tab: '1', jump_app_store: '1' }, true],
    [{ tab: '1', jump_app_store: '' }, true],
    [{ jumpAppStore: '1' }, true],
    [{ tab: '2', jumpAppStore: '1' }, true],
    [{ jump_app_store: '1' }, false],
    [{ tab: '2', jump_app_store: '1' }, false],
    [{ tab: '1' }, false],
    [{}, false],
  ])('%o: %s', (args, wanted) => {
    expect(wantsStoreJump(args)).toBe(wanted);
  });

  it('code that cannot be fetched: nothing is run, the visitor is told of the network', async () => {
    const store = createStore();
    await expect(codeWithin(store, Promise.reject(new Error('offline')), 1000)).resolves.toBeUndefined();
    expect(store.get(toastAtom)).toMatchObject({ tone: 'error', text: expect.stringContaining('الشبكة') });
  });
});

describe('social sign-in from the hash (SPEC §5: needs both fb_id and fb_token) @spec:rule.socialHash', () => {
  it.each([
    ['#fb_id=fb-1&fb_token=tok', { id: 'fb-1', token: 'tok' }],
    ['#/?fb_id=fb-1&fb_token=tok', { id: 'fb-1', token: 'tok' }],
    ['#fb_id=fb-1', undefined],
    ['#fb_token=tok', undefined],
    ['#fb_id=&fb_token=tok', undefined],
    ['', undefined],
  ])('%s → %j', (hash, facebook) => {
    expect(urlSignInsOf({}, hash).facebook).toEqual(facebook);
  });
});
