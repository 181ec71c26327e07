import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { BridgeError } from '@topup/contracts/codes';
import { Provider } from 'jotai';
import { createStore } from 'jotai/vanilla';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { NativeBridge } from '../../platform/bridgeDetect';
import { AppAccountPopup } from './AppAccountPopup';
import { appAccountPopupAtom, showAppAccountOfferAtom } from './appAccountState';

/** An app whose getLoginTicket answer the test releases by hand, to see the loading state in between. */
function heldApp(answer: { code: number; data?: unknown }) {
  let release = () => {};
  const bridge: NativeBridge = {
    call: (_method, _args, id) => {
      release = () => window.__nativeBridgeCallback?.(id, JSON.stringify(answer));
    },
  };
  return { bridge, release: () => release() };
}

function renderPopup() {
  const store = createStore();
  const opener = document.createElement('button');
  opener.textContent = 'opener';
  document.body.append(opener);
  opener.focus();
  render(
    <Provider store={store}>
      <AppAccountPopup />
    </Provider>,
  );
  act(() => store.set(showAppAccountOfferAtom, { openId: 'app-1', mode: 'signIn' }));
  return { store, opener };
}

// In the app, start-up has loaded the exchange before any offer; here too, so "yes" does not wait on a transform.
beforeAll(() => import('./appAccount'));
beforeEach(() => sessionStorage.clear());
afterEach(() => {
  cleanup();
  document.body.replaceChildren();
  delete window.NativeBridge;
});

describe('app-account popup', () => {
  it('asks in Arabic with named buttons, focus inside; "no" closes it and gives focus back', () => {
    const { opener } = renderPopup();
    const dialog = screen.getByRole('dialog', { name: 'تسجيل الدخول بحساب التطبيق' });
    expect(dialog.textContent).toContain('هل تريد تسجيل الدخول هنا بالحساب نفسه؟');
    const yes = screen.getByRole('button', { name: 'نعم، سجّل الدخول' });
    expect(document.activeElement).toBe(yes);
    fireEvent.click(screen.getByRole('button', { name: 'لا، شكرًا' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('Escape is a "no" too', () => {
    const { store } = renderPopup();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(store.get(appAccountPopupAtom)).toBeUndefined();
  });

  it('"yes" shows the wait, then the bridge error in an alert, with a retry', async () => {
    const app = heldApp({ code: BridgeError.ProtocolError });
    window.NativeBridge = app.bridge;
    renderPopup();
    fireEvent.click(screen.getByRole('button', { name: 'نعم، سجّل الدخول' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('جارٍ تسجيل الدخول بحساب التطبيق…'),
    );
    expect(screen.getByRole('button', { name: 'نعم، سجّل الدخول' }).getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('button', { name: 'لا، شكرًا' })).toHaveProperty('disabled', true);
    // While signing in the popup cannot be dismissed.
    expect(screen.queryByRole('button', { name: 'إغلاق' })).toBeNull();
    act(() => app.release());
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'تعذّر الاتصال بالتطبيق (رمز الخطأ \u20663\u2069). أعد المحاولة',
      ),
    );
    expect(screen.getByRole('status').textContent).toBe('');
    expect(screen.getByRole('button', { name: 'إعادة المحاولة' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'لا، شكرًا' })).toHaveProperty('disabled', false);
  });
});
