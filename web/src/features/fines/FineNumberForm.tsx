import { type FormEvent, useState } from 'react';
import { ft } from '../../i18n/fines';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';

const FINE_ID = /^[1-9]\d{0,11}$/;

/** Asks for the fine number when the link has none (or a wrong one, or one not found), then opens it. */
export function FineNumberForm({
  onLookUp,
  initial = '',
}: {
  readonly onLookUp: (fineId: string) => void;
  /** What the visitor typed (the link's number) when it was not found: kept to correct, not typed again. */
  readonly initial?: string;
}) {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | undefined>(undefined);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const id = value.trim();
    if (!FINE_ID.test(id)) {
      setError(ft('fines.numberInvalid'));
      return;
    }
    onLookUp(id);
  };
  return (
    <form className="card fines-lookup" onSubmit={submit} noValidate data-testid="fine-lookup">
      <Field
        label={ft('fines.number')}
        value={value}
        onValueChange={(next) => {
          setValue(next);
          setError(undefined);
        }}
        numeric
        ltr
        maxDigits={12}
        hint={ft('fines.numberHint')}
        error={error}
      />
      <p className="muted fines-where" data-testid="fine-number-where">
        {ft('fines.numberWhere')}
      </p>
      <Button type="submit" variant="primary" block data-testid="fine-lookup-submit">
        {ft('fines.lookUp')}
      </Button>
    </form>
  );
}
