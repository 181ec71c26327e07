import { describe, expect, it } from 'vitest';
import { hrefOf } from './routing';

describe('hrefOf', () => {
  it.each([
    ['/about', '/x', '/about'],
    ['/pay?uid=1', '/x', '/pay?uid=1'],
    [{ pathname: '/login', search: '?a=1' }, '/x', '/login?a=1'],
    [{ pathname: '/login', search: 'a=1' }, '/x', '/login?a=1'],
    [{ pathname: '/recharge-list', search: '' }, '/x', '/recharge-list'],
    [{ pathname: '/' }, '/x', '/'],
    [{ search: '?tab=2' }, '/home-now', '/home-now?tab=2'],
  ] as const)('%j from %s → %s', (to, current, href) => {
    expect(hrefOf(to, current)).toBe(href);
  });
});
