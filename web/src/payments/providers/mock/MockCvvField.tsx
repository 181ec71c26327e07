import { useEffect, useId, useRef, useState } from 'react';
import { pt } from '../../../i18n/pay';
import { cardSchemeOf, validateCvv } from '../card/validation';
import type { CvvFieldProps, Submitted, TokenisedCvv } from '../types';
import { CvvInput } from './CvvInput';
import { type Simulators, simulators } from './simulatorClient';

const defaultSimulators = simulators();

/** A saved card's CVV, tokenised by the provider's CVV tokeniser; the digits stay in this component. */
export function MockCvvField({
  provider,
  card,
  onValidity,
  bindSubmit,
  sims = defaultSimulators,
}: CvvFieldProps & { readonly sims?: Simulators }) {
  const id = useId();
  const [cvv, setCvv] = useState('');
  const [touched, setTouched] = useState(false);
  const latest = useRef(cvv);
  latest.current = cvv;
  const check = validateCvv(cvv, cardSchemeOf(card.scheme));
  const message = touched && !check.ok ? check.message : '';

  // biome-ignore lint/correctness/useExhaustiveDependencies: reports only when validity or message change
  useEffect(() => {
    onValidity({ valid: check.ok, messages: message === '' ? [] : [message] });
  }, [check.ok, message]);

  useEffect(() => {
    const submit = async (): Promise<Submitted<TokenisedCvv>> => {
      if (provider === 13) {
        const answer = await sims.checkoutCvv(latest.current);
        return answer.ok
          ? { ok: true, value: { cvvToken: answer.value.token } }
          : { ok: false, message: pt('pay.tokenizeFailed') };
      }
      const answer = await sims.adyenEncryptCvc(latest.current);
      if (!answer.ok) return { ok: false, message: pt('pay.tokenizeFailed') };
      return {
        ok: true,
        value: {
          platformData: {
            paymentMethod: { type: 'scheme', encryptedSecurityCode: answer.value.encryptedSecurityCode },
          },
        },
      };
    };
    bindSubmit(submit);
    return () => bindSubmit(undefined);
  }, [provider, bindSubmit, sims]);

  return (
    <div className="cvv-field" data-testid="cvv-field">
      <CvvInput
        id={id}
        value={cvv}
        invalid={touched && !check.ok}
        enterKeyHint="go"
        onChange={setCvv}
        onBlur={() => setTouched(true)}
      />
    </div>
  );
}
