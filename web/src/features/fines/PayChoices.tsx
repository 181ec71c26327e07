import { useId, useState } from 'react';
import { ft } from '../../i18n/fines';
import { Button } from '../../ui/Button';
import { CardFrameStep } from '../pay/CardEntry';
import { FINE_CARD_PROVIDER } from './finePayment';
import type { FineScreen, PayMethod } from './state';
import type { PendingCard } from './useFineFlow';

/** The pay choices: a card through the pay feature's card fields (provider 13), or the hosted page. */
export function PayChoices({
  state,
  cardReady,
  onCard,
  onRemember,
  onMethod,
  onPay,
}: {
  readonly state: Extract<FineScreen, { kind: 'payable' }>;
  readonly cardReady: boolean;
  readonly onCard: (ready: PendingCard | undefined) => void;
  readonly onRemember: (remember: boolean) => void;
  readonly onMethod: (method: PayMethod) => void;
  readonly onPay: () => void;
}) {
  const id = useId();
  // A fine is often paid for someone else's account: the card is not kept unless the visitor asks.
  const [remember, setRemember] = useState(false);
  const busy = state.busy !== 'idle';
  const methods: readonly { method: PayMethod; label: string }[] = [
    { method: 'card', label: ft('fines.methodCard') },
    { method: 'hosted', label: ft('fines.methodHosted') },
  ];
  return (
    <section className="card fines-pay" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{ft('fines.chooseMethod')}</h2>
      <fieldset className="fines-methods" disabled={busy}>
        <legend className="visually-hidden">{ft('fines.chooseMethod')}</legend>
        {methods.map(({ method, label }) => (
          <label
            key={method}
            className={`pay-option fines-method${state.method === method ? ' pay-option--on' : ''}`}
            data-testid="fine-method"
            data-method={method}
          >
            <input
              type="radio"
              name={`${id}-method`}
              value={method}
              checked={state.method === method}
              onChange={() => onMethod(method)}
            />
            <span>{label}</span>
          </label>
        ))}
      </fieldset>
      {state.method === 'card' ? (
        <CardFrameStep
          provider={FINE_CARD_PROVIDER}
          remember={remember}
          onRemember={(next) => {
            setRemember(next);
            onRemember(next);
          }}
          onReady={onCard}
        />
      ) : null}
      {state.error !== undefined ? (
        <p role="alert" className="error-text" data-testid="fine-pay-error">
          {state.error}
        </p>
      ) : null}
      <Button
        variant="primary"
        block
        disabled={busy || (state.method === 'card' && !cardReady)}
        busy={state.busy === 'creatingOrder'}
        onClick={onPay}
        data-testid="fine-pay"
      >
        {ft('fines.pay')}
      </Button>
    </section>
  );
}
