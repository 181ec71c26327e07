import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CardFieldsValidity } from '../types';
import { MockCvvField } from './MockCvvField';
import type { Simulators } from './simulatorClient';

/** A saved card's CVV step (SPEC §5 CVV: digits only, 3 to 4, the message naming the card's usual length). */
afterEach(cleanup);

function renderCvv(scheme: string) {
  const validity = vi.fn<(v: CardFieldsValidity) => void>();
  render(
    <MockCvvField
      provider={13}
      card={{ sourceId: 'src_card', last4: '4242', scheme, validDate: '12/30' }}
      onValidity={validity}
      bindSubmit={() => {}}
      sims={{} as Simulators}
    />,
  );
  const field = screen.getByLabelText('رمز الأمان (CVV)') as HTMLInputElement;
  const type = (value: string) => {
    fireEvent.change(field, { target: { value } });
    fireEvent.blur(field);
    return { shown: field.value, validity: validity.mock.lastCall?.[0] };
  };
  return { type };
}

const three = 'رمز الأمان الذي أدخلته غير صحيح. أعد إدخاله، فهو يتكوّن عادةً من 3 أرقام';
const four = 'رمز الأمان الذي أدخلته غير صحيح. أعد إدخاله، فهو يتكوّن عادةً من 4 أرقام';

describe('the saved card CVV field refuses a code of the wrong length for its scheme @spec:rule.cvv', () => {
  it.each([
    ['visa', '123', '123', undefined],
    ['mastercard', '947', '947', undefined],
    ['visa', '12', '12', three],
    // Not digits only: refused.
    ['visa', '12a', '12a', three],
    ['visa', '1234', '1234', three],
    ['mastercard', '1234', '1234', three],
    ['amex', '1234', '1234', undefined],
    ['amex', '123', '123', four],
    ['visa', '', '', 'أدخل رمز الأمان (CVV)'],
  ] as const)('%s: typed %s (shown %s) → %s', (scheme, typed, shown, message) => {
    const { type } = renderCvv(scheme);
    const after = type(typed);
    expect(after.shown).toBe(shown);
    expect(after.validity).toEqual({
      valid: message === undefined,
      messages: message === undefined ? [] : [message],
    });
  });
});
