import { act, cleanup, render, screen } from '@testing-library/react';
import { accountByDisplayUid, DisplayUid } from '@topup/contracts/testdata/accounts';
import { Provider, useAtomValue } from 'jotai';
import { createStore } from 'jotai/vanilla';
import { Suspense, use } from 'react';
import { afterEach, expect, it, vi } from 'vitest';
import { sessionAtom } from '../../session/session';
import { ToastHost } from '../../ui/Toast';
import { signInWithSessionKey } from './signIn';

const reem = accountByDisplayUid(DisplayUid.reem);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

/**
 * The page's signed-in header, whose drawing takes a while (here: until `drawn` settles), as the app's render
 * of a sign-in does on a slow phone; until then React shows the header as it was.
 */
function Header({ drawn }: { readonly drawn: Promise<void> }) {
  const session = useAtomValue(sessionAtom);
  if (session === undefined) return <p>signed out</p>;
  use(drawn);
  return <p>signed in as {session.user.nickname}</p>;
}

it('a link sign-in says "signed in" only with the header that shows the account', async () => {
  if (reem === undefined) throw new Error('catalogue account missing');
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      Response.json({
        result: 0,
        data: {
          user: { uid: reem.uid, display_uid: reem.display_uid, nickname: reem.nickname, icon: reem.icon },
        },
      }),
    ),
  );
  let draw = () => {};
  const drawn = new Promise<void>((resolve) => {
    draw = resolve;
  });
  const store = createStore();
  render(
    <Provider store={store}>
      <Suspense fallback={<p>loading</p>}>
        <Header drawn={drawn} />
      </Suspense>
      <ToastHost />
    </Provider>,
  );
  await act(async () => {
    await signInWithSessionKey(store, 'sk-10000001');
  });
  expect(store.get(sessionAtom)?.user.uid).toBe(reem.uid);
  // The header still says signed out: so must the toast region (no "signed in" beside it).
  expect(screen.getByText('signed out')).toBeTruthy();
  expect(screen.getByTestId('toast').textContent).toBe('');
  await act(async () => {
    draw();
    await drawn;
  });
  expect(screen.getByText(`signed in as ${reem.nickname}`)).toBeTruthy();
  expect(screen.getByTestId('toast').textContent).toContain(reem.display_uid);
});
