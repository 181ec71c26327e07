import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { announcePaid } from '../../payments/paidElsewhere';
import { markVisitPaid } from '../../payments/payHandOver';
import { PaidElsewhereNotice } from './PaidElsewhereNotice';

const reem = { order: 'PO1', account: '10000001', nickname: 'ريم' };

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '');
});

/** What a pay step for Reem's account says above its pay button. */
describe('PaidElsewhereNotice', () => {
  it('another tab’s order: paid from another window, and paying here is a new order', () => {
    announcePaid(reem);
    render(<PaidElsewhereNotice account="10000001" shown />);
    const notice = screen.getByTestId('paid-elsewhere');
    expect(notice.textContent).toContain('من نافذة أخرى');
    expect(notice.textContent).toContain('طلب جديد منفصل');
    expect(screen.getByTestId('paid-elsewhere-order').textContent).toBe('PO1');
  });

  it('this tab’s own order: said once its success is closed, not as another window’s; closable', () => {
    markVisitPaid(reem);
    announcePaid(reem);
    const { rerender } = render(<PaidElsewhereNotice account="10000001" shown={false} />);
    // Under the success panel: nothing (the success says it).
    expect(screen.queryByTestId('paid-elsewhere')).toBeNull();
    rerender(<PaidElsewhereNotice account="10000001" shown />);
    const notice = screen.getByTestId('paid-elsewhere');
    expect(notice.textContent).toContain('تم قبل قليل دفع الطلب رقم PO1 لحساب ريم (10000001)');
    expect(notice.textContent).toContain('طلب جديد منفصل');
    expect(notice.textContent).not.toContain('نافذة أخرى');
    fireEvent.click(screen.getByRole('button'));
    expect(screen.queryByTestId('paid-elsewhere')).toBeNull();
  });

  it('another account’s order: nothing', () => {
    announcePaid(reem);
    render(<PaidElsewhereNotice account="10000002" shown />);
    expect(screen.queryByTestId('paid-elsewhere')).toBeNull();
  });
});
