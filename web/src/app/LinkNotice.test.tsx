import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { accountByDisplayUid, DisplayUid } from '@topup/contracts/testdata/accounts';
import { Provider } from 'jotai';
import { createStore } from 'jotai/vanilla';
import { renderToString } from 'react-dom/server';
import { afterEach, expect, it, vi } from 'vitest';
import { signInWithSessionKey } from '../features/login/signIn';
import {
  linkFailureAtom,
  linkNoticeRoomAtom,
  sessionAtom,
  signInAtom,
  urlSignInPendingAtom,
} from '../session/session';
import { carryingOverFetch } from '../test/fakeBridge';
import { toastAtom } from '../ui/toast';
import { LinkNotice } from './LinkNotice';

const reem = accountByDisplayUid(DisplayUid.reem);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

async function signedInByLink(inApp = false) {
  if (inApp) vi.stubGlobal('NativeBridge', carryingOverFetch());
  if (reem === undefined) throw new Error('catalogue account missing');
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      Response.json({
        result: 0,
        data: { user: { uid: reem.uid, display_uid: reem.display_uid, nickname: reem.nickname, icon: '' } },
      }),
    ),
  );
  const store = createStore();
  const view = render(
    <Provider store={store}>
      <main id="main" tabIndex={-1} />
      <LinkNotice />
    </Provider>,
  );
  // The notice's slot is a live region before anything is said in it.
  expect(view.container.querySelector('[aria-live="polite"]')?.textContent).toBe('');
  await act(async () => {
    await signInWithSessionKey(store, 'sk-10000001');
  });
  return { store, view };
}

it('a link sign-in: a notice names the account and stays until the visitor says it is theirs', async () => {
  const { store, view } = await signedInByLink();
  const notice = screen.getByRole('region', { name: 'دخلت بحساب من رابط' });
  expect(screen.getByTestId('link-notice-name').textContent).toBe(reem?.nickname);
  expect(screen.getByTestId('link-notice-id').textContent).toBe(reem?.display_uid);
  expect(notice.closest('[aria-live="polite"]')).not.toBeNull();
  // Still there later: not a toast.
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
  expect(screen.getByTestId('link-notice')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'نعم، هذا حسابي' }));
  expect(screen.queryByTestId('link-notice')).toBeNull();
  expect(document.activeElement?.id).toBe('main');
  // Answered once: the next visit (a fresh store, the same storage) does not ask again.
  view.unmount();
  render(
    <Provider store={createStore()}>
      <LinkNotice />
    </Provider>,
  );
  expect(store.get(sessionAtom)?.loginType).toBe('link');
  expect(screen.queryByTestId('link-notice')).toBeNull();
});

it('"not mine" signs out and says so', async () => {
  const { store } = await signedInByLink();
  fireEvent.click(screen.getByRole('button', { name: 'ليس حسابي، سجّل الخروج' }));
  expect(store.get(sessionAtom)).toBeUndefined();
  expect(store.get(toastAtom)?.text).toBe('تم تسجيل الخروج');
  expect(screen.queryByTestId('link-notice')).toBeNull();
});

it('inside the native app (its bridge is there): no notice, the account named in a toast as before', async () => {
  const { store, view } = await signedInByLink(true);
  expect(store.get(sessionAtom)).toMatchObject({ user: { uid: reem?.uid }, loginType: 'link' });
  expect(screen.queryByTestId('link-notice')).toBeNull();
  expect(store.get(toastAtom)?.text).toContain(reem?.nickname);
  // Nor any room kept for it.
  expect(view.container.querySelector('.link-notice-slot')?.classList.contains('is-reserved')).toBe(false);
});

it("keeps the notice's room only when the first paint kept it, not for every link sign-in", () => {
  const store = createStore();
  store.set(urlSignInPendingAtom, true);
  const view = render(
    <Provider store={store}>
      <LinkNotice />
    </Provider>,
  );
  const slot = () => view.container.querySelector('.link-notice-slot');
  expect(slot()?.classList.contains('is-reserved')).toBe(false);
  act(() => store.set(linkNoticeRoomAtom, true));
  expect(slot()?.classList.contains('is-reserved')).toBe(true);
  expect(screen.queryByTestId('link-notice')).toBeNull();
  act(() => store.set(linkNoticeRoomAtom, false));
  expect(slot()?.classList.contains('is-reserved')).toBe(false);
});

it('a kept room says the link is being checked, and the notice then fills that same paragraph', async () => {
  if (reem === undefined) throw new Error('catalogue account missing');
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      Response.json({
        result: 0,
        data: { user: { uid: reem.uid, display_uid: reem.display_uid, nickname: reem.nickname, icon: '' } },
      }),
    ),
  );
  const store = createStore();
  store.set(linkNoticeRoomAtom, true);
  const view = render(
    <Provider store={store}>
      <LinkNotice />
    </Provider>,
  );
  const text = () => view.container.querySelector('.link-notice-slot .link-notice__text');
  const checking = text();
  expect(checking?.textContent).toBe('جارٍ التحقق من الحساب الذي يحمله الرابط…');
  await act(async () => {
    await signInWithSessionKey(store, 'sk-10000001');
  });
  act(() => store.set(linkNoticeRoomAtom, false));
  expect(screen.getByTestId('link-notice-name').textContent).toBe(reem.nickname);
  // The same element, not a new one: its text is in the first paint's element, not a late, larger one.
  expect(text()).toBe(checking);
  expect(screen.queryByTestId('link-notice-checking')).toBeNull();
});

it("the build's page draws the checking words in every slot, for index.html to show on a visit that keeps room", () => {
  const html = renderToString(
    <Provider store={createStore()}>
      <LinkNotice />
    </Provider>,
  );
  expect(html).toContain('link-notice--checking');
  expect(html).toContain('جارٍ التحقق من الحساب الذي يحمله الرابط…');
  expect(html).toContain('class="link-notice-slot"');
});

/** A session_key link the server refuses (21001), opened with the notice's room kept (or not). */
async function failedLink(roomKept: boolean) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ result: 21001, message: 'x', data: null })),
  );
  const store = createStore();
  store.set(linkNoticeRoomAtom, roomKept);
  const view = render(
    <Provider store={store}>
      <main id="main" tabIndex={-1} />
      <LinkNotice />
    </Provider>,
  );
  await act(async () => {
    await signInWithSessionKey(store, 'sk-never-issued');
  });
  // Start-up's link sign-ins are done: the room is the notice's own from here (app/boot.ts).
  act(() => store.set(linkNoticeRoomAtom, false));
  const slot = () => view.container.querySelector('.link-notice-slot');
  return { store, slot };
}

it('a failed link with its room kept: said in that room until closed, never given back under the visitor', async () => {
  const { store, slot } = await failedLink(true);
  const failure = screen.getByTestId('link-failed');
  expect(screen.getByRole('alert').textContent).toBe('لم يسجّل الرابط دخولك: تعذّر تسجيل الدخول');
  expect(slot()?.classList.contains('is-reserved')).toBe(true);
  expect(store.get(toastAtom)).toBeUndefined();
  expect(failure.closest('[aria-live="polite"]')).not.toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'حسنًا' }));
  expect(screen.queryByTestId('link-failed')).toBeNull();
  expect(slot()?.classList.contains('is-reserved')).toBe(false);
  expect(document.activeElement?.id).toBe('main');
});

it('a failed link with no room kept: a toast, and no room taken', async () => {
  const { store, slot } = await failedLink(false);
  expect(screen.queryByTestId('link-failed')).toBeNull();
  expect(slot()?.classList.contains('is-reserved')).toBe(false);
  expect(store.get(toastAtom)?.text).toBe('لم يسجّل الرابط دخولك: تعذّر تسجيل الدخول');
});

it('the failure goes once someone is signed in (the visitor signed in after it)', async () => {
  const { store, slot } = await failedLink(true);
  expect(screen.getByTestId('link-failed')).toBeTruthy();
  if (reem === undefined) throw new Error('catalogue account missing');
  act(() =>
    store.set(signInAtom, {
      session: {
        session_key: 'sk-10000001',
        user: { uid: reem.uid, display_uid: reem.display_uid, nickname: reem.nickname, icon: '' },
      },
      loginType: 'account',
    }),
  );
  expect(screen.queryByTestId('link-failed')).toBeNull();
  expect(slot()?.classList.contains('is-reserved')).toBe(false);
  expect(store.get(linkFailureAtom)).toBeDefined();
});
