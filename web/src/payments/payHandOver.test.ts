import { afterEach, describe, expect, it } from 'vitest';
import { entryPaid, markVisitLive, markVisitPaid, payVisit } from './payHandOver';

/**
 * A paid visit, kept in the tab: its entries opened again know what was paid there (the order and the account
 * the diamonds go to), so the list they lead to can say so; a new order on the visit makes it live again.
 */
describe('the paid visits of a tab', () => {
  afterEach(() => {
    sessionStorage.clear();
    window.history.replaceState(null, '');
  });

  it('a paid visit keeps its order and account, and its entry opened again says them', () => {
    expect(entryPaid()).toBeUndefined();
    const visit = payVisit();
    markVisitPaid({ order: 'PO1', nickname: 'ريم', account: '10000001' });
    expect(entryPaid()).toEqual({ visit, order: 'PO1', nickname: 'ريم', account: '10000001' });
    // Another visit's entry knows nothing of it.
    window.history.replaceState(null, '');
    expect(entryPaid()).toBeUndefined();
  });

  it('a new order on the visit makes it live: no longer paid', () => {
    payVisit();
    markVisitPaid({ order: 'PO1' });
    markVisitLive();
    expect(entryPaid()).toBeUndefined();
  });

  it('reads storage hostile: a visit kept as a bare id (as before) is paid, with nothing said of its order', () => {
    const visit = payVisit();
    sessionStorage.setItem(
      'topup.paid_pay_visits',
      JSON.stringify([42, { visit: 'bad id!' }, { visit, order: 7 }, visit]),
    );
    expect(entryPaid()).toEqual({ visit });
    sessionStorage.setItem('topup.paid_pay_visits', '{not json');
    expect(entryPaid()).toBeUndefined();
  });

  it('keeps the last 20 visits only, never a card field', () => {
    for (let i = 0; i < 25; i += 1) {
      window.history.replaceState({ payVisit: `v${i}` }, '');
      markVisitPaid({ order: `PO${i}` });
    }
    const kept = JSON.parse(sessionStorage.getItem('topup.paid_pay_visits') ?? '[]') as unknown[];
    expect(kept).toHaveLength(20);
    expect(entryPaid()).toMatchObject({ visit: 'v24', order: 'PO24' });
  });
});
