import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Modal } from './Modal';
import { holdTaps, TAP_HOLD_MS } from './tapHold';

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

/** A pay button whose answer, a result popup with its own button, comes up where the finger is. */
function PayAnswered({ onDone, onDismiss }: { readonly onDone: () => void; readonly onDismiss: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <main>
      <button type="button" onClick={() => setOpen(true)}>
        ادفع الآن
      </button>
      <Modal open={open} title="تم الدفع بنجاح" onDismiss={onDismiss}>
        <button type="button" onClick={onDone} data-autofocus>
          تم
        </button>
      </Modal>
    </main>
  );
}

/** A finger's tap: its press, then its click (counted 1, as a pointer's is). */
function fingerTap(target: Element): void {
  fireEvent.pointerDown(target);
  fireEvent.click(target, { detail: 1 });
}

describe('Modal holds taps as it opens', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    // The popups the tests above opened held taps on the real clock: a hold of nothing ends theirs.
    holdTaps(0);
    vi.runOnlyPendingTimers();
  });
  afterEach(() => {
    vi.advanceTimersByTime(TAP_HOLD_MS);
    vi.useRealTimers();
  });

  it('a double tap’s second tap presses neither its button nor its mask; the keyboard answers at once', () => {
    const onDone = vi.fn();
    const onDismiss = vi.fn();
    render(<PayAnswered onDone={onDone} onDismiss={onDismiss} />);
    fingerTap(screen.getByRole('button', { name: 'ادفع الآن' }));
    const done = screen.getByRole('button', { name: 'تم' });
    expect(document.activeElement).toBe(done);
    vi.advanceTimersByTime(TAP_HOLD_MS - 50);
    fingerTap(done);
    fingerTap(screen.getByTestId('modal-mask'));
    expect(onDone).not.toHaveBeenCalled();
    expect(onDismiss).not.toHaveBeenCalled();
    // Enter on the focused button (its click counts 0) and Escape, pressed after it opened, act.
    fireEvent.keyDown(done, { key: 'Enter' });
    fireEvent.click(done, { detail: 0 });
    expect(onDone).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });

  it('a tap pressed before it opened never presses it; a tap once the hold is over does', () => {
    const onDone = vi.fn();
    render(<PayAnswered onDone={onDone} onDismiss={() => undefined} />);
    const pay = screen.getByRole('button', { name: 'ادفع الآن' });
    fireEvent.pointerDown(pay);
    fireEvent.click(pay, { detail: 0 });
    const done = screen.getByRole('button', { name: 'تم' });
    vi.advanceTimersByTime(2 * TAP_HOLD_MS);
    // The finger that was down on "pay" as the popup came is let go on "done": nothing.
    fireEvent.click(done, { detail: 1 });
    expect(onDone).not.toHaveBeenCalled();
    fingerTap(done);
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('closed within the hold, lets the page beneath answer the next tap at once (Back or Escape, then a tap)', () => {
    render(<Page opener="stays" />);
    fireEvent.click(screen.getByRole('button', { name: 'ادفع الآن' }), { detail: 0 });
    vi.advanceTimersByTime(100);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.documentElement.hasAttribute('data-tap-hold')).toBe(false);
    fingerTap(screen.getByRole('button', { name: 'ادفع الآن' }));
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
