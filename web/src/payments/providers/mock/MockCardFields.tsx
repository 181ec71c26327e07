import { detectScheme } from '@topup/contracts/cardNumber';
import { Message } from '@topup/contracts/messages';
import { AdyenErrorCode, CheckoutErrorCode } from '@topup/contracts/simulators';
import { useAtomValue } from 'jotai';
import { useEffect, useId, useRef, useState } from 'react';
import { pt } from '../../../i18n/pay';
import { serverClockAtom } from '../../../platform/serverClock';
import { formatExpiryInput, parseExpiry } from '../card/expiry';
import { cardDigits, validateCvv, validateExpiry, validateNumber } from '../card/validation';
import type { CardFieldsProps, Submitted, TokenisedCard } from '../types';
import { browserInfo } from './browserInfo';
import { CvvInput } from './CvvInput';
import { type Simulators, simulators } from './simulatorClient';

const defaultSimulators = simulators();

/**
 * The mock card-fields adapter: number (Luhn and scheme), expiry and CVV, tokenised through the mock's
 * tokeniser. The number and CVV live only in this component's state and go only to the tokeniser.
 */

const groupDigits = (digits: string): string => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

/**
 * What the visitor is told when the provider refuses the card. The form has already checked the date by the
 * server's clock, so a well-formed date refused is one the provider's clock finds past: the card has expired
 * (a device clock judged it when the server's time was not known).
 */
function checkoutRefusal(code: string): string {
  return code === CheckoutErrorCode.expired ? Message.cardExpired : pt('pay.tokenizeFailed');
}

function adyenRefusal(code: string): string {
  if (code === AdyenErrorCode.schemeNotAccepted) return pt('pay.schemeNotAccepted');
  if (code === AdyenErrorCode.expiryInvalid) return Message.cardExpired;
  return pt('pay.tokenizeFailed');
}

export function MockCardFields({
  provider,
  holderName,
  onValidity,
  bindSubmit,
  sims = defaultSimulators,
}: CardFieldsProps & { readonly sims?: Simulators }) {
  const id = useId();
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvv, setCvv] = useState('');
  const [touched, setTouched] = useState({ number: false, expiry: false, cvv: false });
  // Expiry is judged by the server's clock (platform/serverClock.ts), as the provider judges it.
  const clock = useAtomValue(serverClockAtom);
  const latest = useRef({ number, expiry, cvv, holderName, clock });
  latest.current = { number, expiry, cvv, holderName, clock };

  const now = clock.now();
  const digits = cardDigits(number);
  const scheme = detectScheme(digits);
  const checks = {
    number: validateNumber(number, provider),
    expiry: validateExpiry(expiry, now),
    cvv: validateCvv(cvv, scheme),
  };
  const valid = checks.number.ok && checks.expiry.ok && checks.cvv.ok;
  // Each field's message sits directly under that field (below), so the host is handed none to show.
  const messageOf = (field: keyof typeof checks): string | undefined => {
    const check = checks[field];
    return touched[field] && !check.ok ? check.message : undefined;
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: reports only when validity changes
  useEffect(() => {
    onValidity({ valid, messages: [] });
  }, [valid]);

  useEffect(() => {
    const submit = async (): Promise<Submitted<TokenisedCard>> => {
      const current = latest.current;
      const parsed = parseExpiry(current.expiry, current.clock.now());
      if (!parsed.ok) return { ok: false, message: pt('pay.badDateFormat') };
      const entry = {
        number: cardDigits(current.number),
        month: parsed.month.month,
        year: parsed.month.year,
        cvv: current.cvv,
        name: current.holderName,
      };
      if (provider === 13) {
        const answer = await sims.checkoutToken(entry);
        if (!answer.ok) return { ok: false, message: checkoutRefusal(answer.code) };
        const { token, bin, last4, scheme: cardScheme } = answer.value;
        return { ok: true, value: { token, bin, last4, scheme: cardScheme, cardValidDate: parsed.value } };
      }
      const answer = await sims.adyenEncrypt(entry);
      if (!answer.ok) return { ok: false, message: adyenRefusal(answer.code) };
      const { bin, last4, brand, ...encrypted } = answer.value;
      return {
        ok: true,
        value: {
          bin,
          last4,
          scheme: brand === 'mc' ? 'mastercard' : 'visa',
          cardValidDate: parsed.value,
          platformData: {
            paymentMethod: { type: 'scheme', ...encrypted, holderName: current.holderName },
            browserInfo: browserInfo(),
          },
        },
      };
    };
    bindSubmit(submit);
    return () => bindSubmit(undefined);
  }, [provider, bindSubmit, sims]);

  const touch = (field: keyof typeof touched) => setTouched((t) => ({ ...t, [field]: true }));

  return (
    <div className="card-fields" data-testid="card-fields" data-provider={provider}>
      <label htmlFor={`${id}-number`}>{pt('pay.cardNumber')}</label>
      <input
        id={`${id}-number`}
        dir="ltr"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 5678 9012 3456"
        value={groupDigits(digits)}
        aria-invalid={touched.number && !checks.number.ok}
        aria-describedby={`${id}-number-error`}
        onChange={(e) => setNumber(cardDigits(e.target.value).slice(0, 19))}
        onBlur={() => touch('number')}
      />
      <FieldMessage id={`${id}-number-error`} field="number" message={messageOf('number')} />
      <div className="card-fields__row">
        <div>
          <label htmlFor={`${id}-expiry`}>{pt('pay.validity')}</label>
          <input
            id={`${id}-expiry`}
            dir="ltr"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder={pt('pay.expiryPlaceholder')}
            value={expiry}
            aria-invalid={touched.expiry && !checks.expiry.ok}
            aria-describedby={`${id}-expiry-error`}
            onChange={(e) => setExpiry(formatExpiryInput(e.target.value))}
            onBlur={() => touch('expiry')}
          />
          <FieldMessage id={`${id}-expiry-error`} field="expiry" message={messageOf('expiry')} />
        </div>
        <div>
          <CvvInput
            id={id}
            value={cvv}
            invalid={touched.cvv && !checks.cvv.ok}
            errorId={`${id}-cvv-error`}
            onChange={setCvv}
            onBlur={() => touch('cvv')}
          />
          <FieldMessage id={`${id}-cvv-error`} field="cvv" message={messageOf('cvv')} />
        </div>
      </div>
    </div>
  );
}

/** One field's error, right under it: announced when it appears, referenced by the field's aria-describedby. */
function FieldMessage({
  id,
  field,
  message,
}: {
  readonly id: string;
  readonly field: 'number' | 'expiry' | 'cvv';
  readonly message: string | undefined;
}) {
  return (
    <div role="alert" id={id} className="pay-messages" data-testid={`card-message-${field}`}>
      {message === undefined ? null : <p className="error-text">{message}</p>}
    </div>
  );
}
