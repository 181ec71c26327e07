import { pt } from '../../../i18n/pay';
import { cardDigits } from '../card/validation';

/** The security code input of the mock card fields: masked, digits only, at most 4, with its tip. */
export function CvvInput({
  id,
  value,
  invalid,
  onChange,
  onBlur,
}: {
  readonly id: string;
  readonly value: string;
  readonly invalid: boolean;
  readonly onChange: (digits: string) => void;
  readonly onBlur: () => void;
}) {
  return (
    <>
      <label htmlFor={`${id}-cvv`}>{pt('pay.cvv')}</label>
      <input
        id={`${id}-cvv`}
        dir="ltr"
        inputMode="numeric"
        autoComplete="cc-csc"
        type="password"
        maxLength={4}
        value={value}
        aria-invalid={invalid}
        aria-describedby={`${id}-cvv-tip`}
        onChange={(e) => onChange(cardDigits(e.target.value).slice(0, 4))}
        onBlur={onBlur}
      />
      <span id={`${id}-cvv-tip`} className="card-fields__tip">
        {pt('pay.cvvTip')}
      </span>
    </>
  );
}
