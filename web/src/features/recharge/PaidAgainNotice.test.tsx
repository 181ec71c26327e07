import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PaidAgainNotice, paidAgainText } from './PaidAgainNotice';

/** The list's notice for a paid pay step opened again: what was paid, and to whom, as far as it is known. */
describe('the paid-again notice', () => {
  afterEach(cleanup);

  it.each([
    [{ visit: 'v', order: 'PO1', nickname: 'ريم', account: '10000001' }, 'recharge.paidAgain'],
    [{ visit: 'v', order: 'PO1' }, 'recharge.paidAgainNoAccount'],
    [{ visit: 'v', nickname: 'ريم', account: '10000001' }, 'recharge.paidAgainNoOrder'],
  ] as const)('%j → %s', (paid, key) => {
    expect(paidAgainText(paid).key).toBe(key);
  });

  it('says the order and the account, the nickname as text without bidi controls, and closes', () => {
    const onClose = vi.fn();
    const nickname = '<b>‮Omar</b>';
    render(
      <PaidAgainNotice
        paid={{ visit: 'v', order: 'PO1', nickname, account: '10000002' }}
        onClose={onClose}
      />,
    );
    const notice = screen.getByTestId('paid-again-notice');
    expect(notice.textContent).toContain('تم الدفع بنجاح');
    expect(screen.getByTestId('paid-again-order').textContent).toBe('PO1');
    // As text, and without the bidi override (shownName).
    expect(notice.querySelector('bdi.user-name')?.textContent).toBe('<b>Omar</b>');
    expect(notice.querySelector('b')).toBeNull();
    expect(notice.textContent).toContain('(10000002)');
    screen.getByRole('button').click();
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('takes the focus left on the body, never one an element holds', () => {
    const paid = { visit: 'v', order: 'PO1' } as const;
    render(<PaidAgainNotice paid={paid} onClose={() => undefined} />);
    expect(document.activeElement).toBe(screen.getByTestId('paid-again-notice'));
    cleanup();

    const field = document.body.appendChild(document.createElement('input'));
    field.focus();
    render(<PaidAgainNotice paid={paid} onClose={() => undefined} />);
    expect(document.activeElement).toBe(field);
    field.remove();
  });
});
