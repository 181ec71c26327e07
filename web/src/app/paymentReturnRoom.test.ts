import { afterEach, expect, it } from 'vitest';
import html from '../../index.html?raw';
import { paymentReturnOf, readUrlArgs } from '../platform/urlArgs';

/**
 * index.html's head script marks a return from a payment (`data-payment-return`), so that the recharge list's
 * built page keeps its result's room from the first paint (RechargePage, ui.css): exactly the addresses the
 * app reads as one (platform/urlArgs.ts `paymentReturnOf`), run here as the browser runs it.
 */
const headScript = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';

function marked(address: string): boolean {
  history.replaceState(null, '', address);
  document.documentElement.removeAttribute('data-payment-return');
  new Function(headScript)();
  return document.documentElement.hasAttribute('data-payment-return');
}

afterEach(() => {
  history.replaceState(null, '', '/');
  for (const name of ['data-payment-return', 'data-link-notice', 'data-link-signin'])
    document.documentElement.removeAttribute(name);
});

it.each([
  ['/recharge-list?zp_show=1&zp_orderid=PO1&zp_h5deviceid=h5_x', true],
  ['/recharge-list?test_zp_show=yes&order_id=PO1&zp_h5deviceid=h5_x', true],
  ['/#/recharge-list?zp_show=1&zp_orderid=PO1&zp_h5deviceid=h5_x', true],
  ['/recharge-list?zp_show=1&zp_orderid=PO1', false],
  ['/recharge-list?zp_show=0&zp_orderid=PO1&zp_h5deviceid=h5_x', false],
  ['/recharge-list?test_zp_show=0&zp_orderid=PO1&zp_h5deviceid=h5_x', false],
  ['/recharge-list?zp_show=1&zp_orderid=&zp_h5deviceid=h5_x', false],
  ['/recharge-list', false],
])('%s: marked %s, as the app reads it', (address, expected) => {
  expect(marked(address)).toBe(expected);
  expect(paymentReturnOf(readUrlArgs(location.search, location.hash)) !== undefined).toBe(expected);
});
