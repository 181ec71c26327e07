import { pt } from '../../../i18n/pay';
import { cardDigits } from '../card/validation';

/**
 * The security code input of the mock card fields: masked, digits only, at most 4, with its tip; described
 * also by `errorId`, the message its host places under it, if any. `enterKeyHint` labels the phone keyboard's
 * Enter where it submits (a saved card's code, the one field before paying).
 */
export function CvvInput({
  id,
  value,
  invalid,
  errorId,
  enterKeyHint,
  onChange,
  onBlur,
}: {
  readonly id: string;
  readonly value: string;
  readonly invalid: boolean;
  readonly errorId?: string;
  readonly enterKeyHint?: 'go';
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
        enterKeyHint={enterKeyHint}
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
