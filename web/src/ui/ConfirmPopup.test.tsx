import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmPopup } from './ConfirmPopup';

afterEach(cleanup);

const popup = (destructive?: boolean) =>
  render(
    <ConfirmPopup
      open
      title="هل تريد حذف هذه البطاقة المحفوظة؟"
      confirmLabel="حذف"
      cancelLabel="إلغاء"
      onConfirm={vi.fn()}
      onCancel={vi.fn()}
      {...(destructive === undefined ? {} : { destructive })}
    />,
  );

describe('the confirm popup’s first focus', () => {
  it('is on the confirm button for a question whose confirm is safe (continue paying)', () => {
    popup();
    expect(screen.getByRole('button', { name: 'حذف' })).toBe(document.activeElement);
  });

  it('is on cancel when the confirm destroys something, so Enter never deletes', () => {
    popup(true);
    expect(screen.getByRole('button', { name: 'إلغاء' })).toBe(document.activeElement);
    expect(screen.getByRole('button', { name: 'حذف' })).not.toBe(document.activeElement);
  });
});
