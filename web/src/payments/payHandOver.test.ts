import { afterEach, describe, expect, it } from 'vitest';
import { markChosenHere } from '../security/handOver';
import {
  choicesAreVisitors,
  entryPaid,
  markVisitAgain,
  markVisitLive,
  markVisitPaid,
  openedFromList,
  openedFromListState,
  paidOrdersOfTab,
  payVisit,
} from './payHandOver';

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

  it('"top up again" makes the entry the step again, its order still this tab’s paid one, until paid again', () => {
    const visit = payVisit();
    markVisitPaid({ order: 'PO1', account: '10000001' });
    markVisitAgain();
    expect(entryPaid()).toBeUndefined();
    expect(paidOrdersOfTab()).toEqual(new Set(['PO1']));
    // Paid again on the visit: its entry is the paid one again, with the new order.
    markVisitPaid({ order: 'PO2', account: '10000001' });
    expect(entryPaid()).toEqual({ visit, order: 'PO2', account: '10000001' });
    // Another visit's "again" changes nothing of this one.
    window.history.replaceState(null, '');
    markVisitAgain();
    window.history.replaceState({ payVisit: visit }, '');
    expect(entryPaid()).toEqual({ visit, order: 'PO2', account: '10000001' });
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

/**
 * Whether the pay step's choices were the visitor's: only the page's own marks in the entry's state say so (the
 * list's, the wallet move's or a payment return's), kept by the other marks written over them; an address says
 * nothing, whatever it carries.
 */
describe('the visitor’s choice, as the entry says it', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('an entry with no mark (a link) is not the visitor’s choice, whatever its address says', () => {
    window.history.replaceState(
      null,
      '',
      '/pay-step?recharge_id=rc_49999&pay_type=23&to_uid=2001&payFromList=true',
    );
    expect(choicesAreVisitors()).toBe(false);
    window.history.replaceState({ payFromList: 'true', payChosenHere: 1 }, '');
    expect(choicesAreVisitors()).toBe(false);
  });

  it('the list’s mark is, and stays through the visit’s own mark written after it', () => {
    window.history.pushState(openedFromListState, '', '/pay-step');
    payVisit();
    expect(choicesAreVisitors()).toBe(true);
    expect(openedFromList()).toBe(true);
  });

  it('the wallet move’s or a return’s mark is, without being the list (back does not lead there)', () => {
    markChosenHere();
    payVisit();
    expect(choicesAreVisitors()).toBe(true);
    expect(openedFromList()).toBe(false);
  });
});
