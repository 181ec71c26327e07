import { Provider } from 'jotai';
import { createStore } from 'jotai/vanilla';
import { renderToString } from 'react-dom/server';
import { expect, it } from 'vitest';
import LoginPage from './LoginPage';

/** The sign-in page as the build writes it (web/src/prerender.tsx), which a browser without the app submits. */
function builtForm(): HTMLFormElement {
  const container = document.createElement('div');
  container.innerHTML = renderToString(
    <Provider store={createStore()}>
      <LoginPage />
    </Provider>,
  );
  const form = container.querySelector('form');
  if (form === null) throw new Error('the sign-in page has no form');
  return form;
}

it('the built sign-in form is posted, and its password field is never part of what it submits', () => {
  const form = builtForm();
  expect(form.getAttribute('method')).toBe('post');
  const password = form.querySelector('input[type=password]') as HTMLInputElement;
  expect(password.name).toBe('');
  expect(password.autocomplete).toBe('current-password');
  // The early-typing carry (platform/earlyInput.ts) still finds it, by its id, on a page rendered over.
  expect(password.id).toBe('login-password');
  expect([...new FormData(form).keys()]).toEqual(['account']);
});
