import { afterEach, expect, it, vi } from 'vitest';
import html from '../../index.html?raw';

/**
 * index.html's head script keeps the link notice's room (ui.css `data-link-notice`) from the first paint only
 * on a visit that will show the notice (LinkNotice.tsx): a browser, a link signing a signed-out visitor in, or
 * an unanswered link sign-in kept from before. Run here as the browser runs it, on this page's address.
 */
const headScript = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';

function firstPaint(address: string, storage: Readonly<Record<string, unknown>> = {}): boolean {
  history.replaceState(null, '', address);
  for (const [key, value] of Object.entries(storage)) localStorage.setItem(key, JSON.stringify(value));
  document.documentElement.removeAttribute('data-link-notice');
  new Function(headScript)();
  return document.documentElement.hasAttribute('data-link-notice');
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  history.replaceState(null, '', '/');
  document.documentElement.removeAttribute('data-link-notice');
  document.documentElement.removeAttribute('data-link-signin');
});

const signedIn = (loginType: string, acknowledged?: number) => ({
  'topup.session_key': 'sk-1',
  'topup.user': { uid: 7, display_uid: '10000007', nickname: 'x', icon: '' },
  'topup.login_type': loginType,
  ...(acknowledged === undefined ? {} : { 'topup.link_acknowledged': acknowledged }),
});

it.each<[string, string]>([
  ['a session_key link', '/recharge-list?session_key=sk-1'],
  ['a session_key in the hash route', '/#/?session_key=sk-1'],
  ['a Facebook hand-over', '/#fb_id=1&fb_token=t'],
  ['a ticket', '/pay-step?ticket=tk-1'],
])('%s to a signed-out browser visitor: room kept', (_what, address) => {
  expect(firstPaint(address)).toBe(true);
});

it.each<[string, string, Readonly<Record<string, unknown>>]>([
  ['no link', '/recharge-list', {}],
  ['another argument', '/pay-step?to_uid=1002', {}],
  ['a ticket already used', '/?ticket=tk-1', { 'topup.login_ticket': 'tk-1' }],
  [
    'a link to a signed-in visitor (the switch question, or the same account)',
    '/?session_key=sk-2',
    signedIn('account'),
  ],
  ['a link sign-in already answered', '/', signedIn('link', 7)],
])('%s: no room', (_what, address, storage) => {
  expect(firstPaint(address, storage)).toBe(false);
});

it('a link sign-in kept from before, not answered: room kept on any visit', () => {
  expect(firstPaint('/', signedIn('link', 8))).toBe(true);
  localStorage.clear();
  expect(firstPaint('/about', signedIn('link'))).toBe(true);
});

it('inside the native app (its bridge is there): no room, whatever the link', () => {
  vi.stubGlobal('NativeBridge', { call: () => undefined });
  expect(firstPaint('/recharge-list?session_key=sk-1')).toBe(false);
  expect(firstPaint('/', signedIn('link'))).toBe(false);
});

it('storage that cannot be read: no room, and the rest of the script still marks the link', () => {
  localStorage.setItem('topup.session_key', '{not json');
  expect(firstPaint('/?session_key=sk-1')).toBe(false);
  expect(document.documentElement.hasAttribute('data-link-signin')).toBe(true);
});
