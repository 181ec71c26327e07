import { pt } from '../../../i18n/pay';
import { cardDigits } from '../card/validation';

/**
 * The security code input of the mock card fields: masked, digits only, at most 4, with its tip; described
 * also by `errorId`, the message its host places under it, if any.
 */
export function CvvInput({
  id,
  value,
  invalid,
  errorId,
  onChange,
  onBlur,
}: {
  readonly id: string;
  readonly value: string;
  readonly invalid: boolean;
  readonly errorId?: string;
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
        aria-describedby={errorId === undefined ? `${id}-cvv-tip` : `${id}-cvv-tip ${errorId}`}
        onChange={(e) => onChange(cardDigits(e.target.value).slice(0, 4))}
        onBlur={onBlur}
      />
      <span id={`${id}-cvv-tip`} className="card-fields__tip">
        {pt('pay.cvvTip')}
      </span>
    </>
  );
}
