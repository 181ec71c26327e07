import type { SavedCard } from '@topup/contracts';
import { useAtomValue } from 'jotai';
import { useId, useState } from 'react';
import { pt } from '../../i18n/pay';
import { formatExpiryInput, parseExpiry } from '../../payments/providers/card/expiry';
import { validateExpiry } from '../../payments/providers/card/validation';
import { serverClockAtom } from '../../platform/serverClock';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { Modal } from '../../ui/Modal';
import { maskedCard } from './savedCards';

/**
 * Step 6, the expiry update popup (SPEC §2): the button is enabled only for a valid MM/YY. The field is a form
 * whose submit is that button, so Enter (the phone keyboard's "done") updates as the tap does, only when the
 * button is enabled, once while the update is under way (the button is disabled then).
 */
export function ExpiryPopup({
  card,
  label,
  busy,
  error,
  onSubmit,
  onDismiss,
  onUseAnother,
}: {
  readonly card: SavedCard;
  readonly label: string;
  readonly busy: boolean;
  readonly error: string | undefined;
  readonly onSubmit: (validDate: string) => void;
  readonly onDismiss: () => void;
  readonly onUseAnother?: (() => void) | undefined;
}) {
  const formId = useId();
  const [value, setValue] = useState('');
  const now = useAtomValue(serverClockAtom).now();
  const parsed = parseExpiry(value, now);
  const valid = parsed.ok && parsed.valid;
  // The new card's rule (validation.ts): a wrong month, a passed date and a malformed value each told apart.
  const check = validateExpiry(value, now);
  // Said once the date is complete, or once the visitor leaves the field with part of one ("12/2"): the
  // disabled button then has its reason beside it.
  const [left, setLeft] = useState(false);
  const fieldError = (value.length >= 5 || (left && value !== '')) && !check.ok ? check.message : error;
  return (
    <Modal
      open
      title={pt('pay.expiryPopupTitle')}
      onDismiss={onDismiss}
      testId="expiry-popup"
      footer={
        <>
          <Button
            variant="primary"
            block
            type="submit"
            form={formId}
            disabled={!valid || busy}
            busy={busy}
            data-testid="expiry-submit"
          >
            {label}
          </Button>
          {onUseAnother !== undefined ? (
            <Button variant="ghost" block onClick={onUseAnother} data-testid="use-another-card">
              {pt('pay.useAnotherCard')}
            </Button>
          ) : null}
        </>
      }
    >
      <p>
        <bdi dir="ltr" data-testid="expiry-card">
          {maskedCard(card)}
        </bdi>
      </p>
      <p className="muted">
        {pt('pay.currentExpiry')}: <bdi dir="ltr">{card.card_valid_date}</bdi>
      </p>
      <form
        id={formId}
        method="post"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (valid && !busy && parsed.ok) onSubmit(parsed.value);
        }}
      >
        <Field
          label={pt('pay.newExpiry')}
          value={value}
          onValueChange={(next) => {
            setValue(formatExpiryInput(next));
            setLeft(false);
          }}
          onBlur={() => setLeft(true)}
          placeholder={pt('pay.expiryPlaceholder')}
          inputMode="numeric"
          ltr
          error={fieldError}
          enterKeyHint="done"
          data-autofocus
        />
      </form>
    </Modal>
  );
}
