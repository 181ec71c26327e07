import { afterEach, describe, expect, it, vi } from 'vitest';
import { announcePaid, onPaymentsElsewhere, RECENT_MS, readRecentPaid, recentPaidFor } from './paidElsewhere';
import { markVisitPaid } from './payHandOver';

const NOW = 1_800_000_000_000;
const reem = { order: 'PO1', account: '10000001', nickname: 'ريم', at: NOW - 60_000 };

/**
 * A payment made a moment ago, told to a pay step for the same account: what counts as recent and for that
 * account, and whether another tab made it, read from storage any tab (or a stranger's script) may have written.
 */
describe('recentPaidFor', () => {
  const none = new Set<string>();
  it.each([
    ['a recent payment for the account', [reem], '10000001', none, 'PO1'],
    ['another account paid', [reem], '10000002', none, undefined],
    ['paid by this tab itself', [reem], '10000001', new Set(['PO1']), 'PO1'],
    ['older than the recent window', [{ ...reem, at: NOW - RECENT_MS }], '10000001', none, undefined],
    ['a time ahead of now (a lying clock)', [{ ...reem, at: NOW + 1 }], '10000001', none, undefined],
    ['the latest of two', [reem, { ...reem, order: 'PO2' }], '10000001', none, 'PO2'],
    ['a bad entry beside a good one', [{ ...reem, order: 7 }, null, 'PO9', reem], '10000001', none, 'PO1'],
    ['an order number too long', [{ ...reem, order: 'x'.repeat(65) }], '10000001', none, undefined],
    ['no time at all', [{ order: 'PO1', account: '10000001' }], '10000001', none, undefined],
  ] as const)('%s', (_name, kept, account, own, expected) => {
    expect(recentPaidFor(account, JSON.stringify(kept), own, NOW)?.order).toBe(expected);
  });

  it('says whether another tab paid it: this tab’s own order is not “elsewhere”', () => {
    const kept = JSON.stringify([reem, { ...reem, order: 'PO2' }]);
    expect(recentPaidFor('10000001', kept, none, NOW)).toEqual({ ...reem, order: 'PO2', elsewhere: true });
    expect(recentPaidFor('10000001', kept, new Set(['PO2']), NOW)).toEqual({
      ...reem,
      order: 'PO2',
      elsewhere: false,
    });
    // The latest is told, whoever paid it.
    expect(recentPaidFor('10000001', kept, new Set(['PO1']), NOW)?.elsewhere).toBe(true);
  });

  it.each([null, '', '{not json', '{"order":"PO1"}', '42'])('storage holding %j: nothing', (raw) => {
    expect(recentPaidFor('10000001', raw, none, NOW)).toBeUndefined();
  });
});

describe('announcePaid and readRecentPaid', () => {
  afterEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    window.history.replaceState(null, '');
  });

  it('keeps public fields only, and another tab (nothing paid there) reads it for that account', () => {
    announcePaid({ order: 'PO1', account: '10000001', nickname: 'ريم' }, NOW);
    const kept = localStorage.getItem('topup.recent_payments') ?? '';
    expect(JSON.parse(kept)).toEqual([{ order: 'PO1', account: '10000001', nickname: 'ريم', at: NOW }]);
    expect(readRecentPaid('10000001', NOW + 1000)).toMatchObject({
      order: 'PO1',
      nickname: 'ريم',
      elsewhere: true,
    });
    expect(readRecentPaid('10000002', NOW + 1000)).toBeUndefined();
  });

  it('the tab that paid it reads its own order as its own, not as another tab’s', () => {
    markVisitPaid({ order: 'PO1', account: '10000001', nickname: 'ريم' });
    announcePaid({ order: 'PO1', account: '10000001', nickname: 'ريم' }, NOW);
    expect(readRecentPaid('10000001', NOW + 1000)).toMatchObject({ order: 'PO1', elsewhere: false });
  });

  it('an order without its number or account is not told (nothing to name)', () => {
    announcePaid({ order: 'PO1' }, NOW);
    announcePaid({ account: '10000001' }, NOW);
    expect(localStorage.getItem('topup.recent_payments')).toBeNull();
  });

  it('keeps the last five, once each, dropping ones no longer recent', () => {
    announcePaid({ order: 'OLD', account: '1' }, NOW - RECENT_MS);
    for (let i = 1; i <= 6; i += 1) announcePaid({ order: `PO${i}`, account: '1' }, NOW + i);
    announcePaid({ order: 'PO6', account: '1' }, NOW + 10);
    const orders = JSON.parse(localStorage.getItem('topup.recent_payments') ?? '[]').map(
      (p: { order: string }) => p.order,
    );
    expect(orders).toEqual(['PO2', 'PO3', 'PO4', 'PO5', 'PO6']);
  });

  it('a storage event for its key (or storage cleared) is heard; others are not; unsubscribing stops it', () => {
    const heard = vi.fn();
    const stop = onPaymentsElsewhere(heard);
    window.dispatchEvent(new StorageEvent('storage', { key: 'topup.recent_payments' }));
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'topup.other' }));
    expect(heard).toHaveBeenCalledTimes(2);
    stop();
    window.dispatchEvent(new StorageEvent('storage', { key: 'topup.recent_payments' }));
    expect(heard).toHaveBeenCalledTimes(2);
  });
});
