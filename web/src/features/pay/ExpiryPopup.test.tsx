import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { savedCardsOf10000001 } from '@topup/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ExpiryPopup } from './ExpiryPopup';

/**
 * The saved card's expiry update popup says what is wrong with a typed date as the new card's field does
 * (validation.ts `validateExpiry`): a well-formed date with a month past 12 was told to be written as MM/YY.
 */
const NOW = new Date('2026-05-15T12:00:00Z');
const MONTH = 'تاريخ الانتهاء غير صحيح: الشهر من 01 إلى 12، مثل 08/29';
const PASSED = 'تاريخ الانتهاء غير صحيح: هذا التاريخ مضى، اكتب التاريخ المطبوع على البطاقة';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function typeInPopup(value: string) {
  const card = savedCardsOf10000001(NOW)[0];
  if (card === undefined) throw new Error('TESTDATA has no saved card');
  render(
    <ExpiryPopup
      card={card}
      label="تحديث التاريخ والدفع"
      busy={false}
      error={undefined}
      onSubmit={() => undefined}
      onDismiss={() => undefined}
    />,
  );
  fireEvent.change(screen.getByLabelText('تاريخ الانتهاء الجديد'), { target: { value } });
}

describe('the expiry popup tells a wrong month, a passed date and a malformed value apart', () => {
  it.each([
    ['13/20', MONTH],
    ['1330', MONTH],
    ['00/29', MONTH],
    ['04/26', PASSED],
    ['01/20', PASSED],
  ])('%s → %s, and the button stays disabled', (typed, message) => {
    typeInPopup(typed);
    const popup = screen.getByTestId('expiry-popup');
    expect(popup.textContent).toContain(message);
    expect(popup.textContent).not.toContain('اكتب التاريخ بالشكل');
    expect(screen.getByTestId('expiry-submit')).toHaveProperty('disabled', true);
  });

  it('part of a date ("12/2"), the field left: says the format, the button disabled; typing on hides it', () => {
    typeInPopup('12/2');
    const field = screen.getByLabelText('تاريخ الانتهاء الجديد');
    const popup = screen.getByTestId('expiry-popup');
    expect(popup.textContent).not.toContain('اكتب التاريخ بالشكل');
    fireEvent.blur(field);
    expect(popup.textContent).toContain('اكتب التاريخ بالشكل');
    expect(screen.getByTestId('expiry-submit')).toHaveProperty('disabled', true);
    fireEvent.change(field, { target: { value: '12/29' } });
    expect(popup.textContent).not.toContain('اكتب التاريخ بالشكل');
    expect(screen.getByTestId('expiry-submit')).toHaveProperty('disabled', false);
  });

  it('a valid date: no message, the button enabled', () => {
    typeInPopup('08/29');
    const popup = screen.getByTestId('expiry-popup');
    expect(popup.textContent).not.toContain(MONTH);
    expect(popup.textContent).not.toContain(PASSED);
    expect(screen.getByTestId('expiry-submit')).toHaveProperty('disabled', false);
  });
});
