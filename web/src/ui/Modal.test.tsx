import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Modal } from './Modal';

afterEach(cleanup);

type Opener = 'stays' | 'disabled' | 'removed';

/**
 * A page with its main heading, a pay button and a result popup. Once the popup opened, the pay button stays,
 * is disabled (the payment it made is over), or is gone.
 */
function Page({ opener, heading = true }: { readonly opener: Opener; readonly heading?: boolean }) {
  const [used, setUsed] = useState(false);
  const [open, setOpen] = useState(false);
  return (
    <main id="main" tabIndex={-1}>
      {heading ? <h1>الدفع</h1> : null}
      {opener === 'removed' && used ? null : (
        <button
          type="button"
          disabled={opener === 'disabled' && used}
          onClick={() => {
            setUsed(true);
            setOpen(true);
          }}
        >
          ادفع الآن
        </button>
      )}
      <Modal open={open} title="لم يتم الدفع" onDismiss={() => setOpen(false)}>
        <p>رُفضت البطاقة</p>
      </Modal>
    </main>
  );
}

function openFromPay(): HTMLElement {
  const pay = screen.getByRole('button', { name: 'ادفع الآن' });
  pay.focus();
  fireEvent.click(pay);
  expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true);
  return pay;
}

describe('Modal focus on close', () => {
  it('returns the focus to the control that opened it', () => {
    render(<Page opener="stays" />);
    const pay = openFromPay();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(pay);
  });

  it('moves the focus to the page’s main heading when the opener is disabled, never to the body', () => {
    render(<Page opener="disabled" />);
    const pay = openFromPay();
    fireEvent.click(screen.getByRole('button', { name: 'إغلاق' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect((pay as HTMLButtonElement).disabled).toBe(true);
    const heading = screen.getByRole('heading', { level: 1 });
    expect(document.activeElement).toBe(heading);
    expect(heading.getAttribute('tabindex')).toBe('-1');
  });

  it('moves the focus to the main heading when the opener is gone', () => {
    render(<Page opener="removed" />);
    openFromPay();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 }));
  });

  it('moves the focus to the main heading when the focus was on the body as the popup opened', () => {
    function Result() {
      const [open, setOpen] = useState(true);
      return (
        <main id="main" tabIndex={-1}>
          <h1>الدفع</h1>
          <Modal open={open} title="لم يتم الدفع" onDismiss={() => setOpen(false)}>
            <p>رُفضت البطاقة</p>
          </Modal>
        </main>
      );
    }
    (document.activeElement as HTMLElement | null)?.blur();
    expect(document.activeElement).toBe(document.body);
    render(<Result />);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 }));
  });

  it('falls back to the main region when the page has no heading', () => {
    render(<Page opener="disabled" heading={false} />);
    openFromPay();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(document.activeElement).toBe(screen.getByRole('main'));
  });
});
