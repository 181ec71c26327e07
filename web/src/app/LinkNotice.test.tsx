import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { accountByDisplayUid, DisplayUid } from '@topup/contracts/testdata/accounts';
import { Provider } from 'jotai';
import { createStore } from 'jotai/vanilla';
import { afterEach, expect, it, vi } from 'vitest';
import { signInWithSessionKey } from '../features/login/signIn';
import { linkNoticeRoomAtom, sessionAtom, urlSignInPendingAtom } from '../session/session';
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
