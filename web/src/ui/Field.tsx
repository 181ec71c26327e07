import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import { digitsOnly, normaliseDigits } from '../platform/digits';

export interface FieldProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'dir'> {
  readonly label: string;
  readonly value: string;
  readonly onValueChange: (value: string) => void;
  /** Numbers, IDs and card fields read left to right; digits typed in Arabic-Indic are normalised. */
  readonly numeric?: boolean;
  readonly ltr?: boolean;
  readonly hint?: ReactNode;
  readonly error?: string | undefined;
  readonly maxDigits?: number;
}

export function Field({
  label,
  value,
  onValueChange,
  numeric = false,
  ltr = false,
  hint,
  error,
  maxDigits,
  id,
  ...rest
}: FieldProps) {
  const ownId = useId();
  const inputId = id ?? ownId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label className="field-label" htmlFor={inputId}>
        {label}
      </label>
      <input
        id={inputId}
        className="field-input"
        dir={numeric || ltr ? 'ltr' : 'auto'}
        inputMode={numeric ? 'numeric' : undefined}
        autoComplete="off"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => {
          const raw = event.currentTarget.value;
          // A password is kept exactly as typed.
          const next = numeric ? digitsOnly(raw) : rest.type === 'password' ? raw : normaliseDigits(raw);
          onValueChange(maxDigits !== undefined ? next.slice(0, maxDigits) : next);
        }}
        {...rest}
      />
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
