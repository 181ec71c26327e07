import type { CardConfiguration, OnChangeData } from '@adyen/adyen-web';
import { useEffect, useRef } from 'react';
import { pt } from '../../../i18n/pay';
import { cardSchemeOf, cvvLengthFor } from '../card/validation';
import type { CvvFieldProps, StoredCardRef, Submitted, TokenisedCvv } from '../types';
import { type AdyenKeys, type AdyenSdk, useAdyenCard, validAdyenData } from './adyenCore';

/**
 * Provider 17's saved-card CVV through Adyen Web 6's stored card: the Card component given a stored payment
 * method shows only the security code, in Adyen's secured iframe (hideCVC false). Its validity comes from
 * that field (SPEC §5); the app gets the encrypted security code, sent as the order's platform_data.
 */

/** Adyen's brand names for the schemes a saved card carries. */
export function adyenBrandOf(scheme: string): string {
  const known = cardSchemeOf(scheme);
  if (known === 'mastercard') return 'mc';
  return known === 'unknown' ? scheme.toLowerCase() : known;
}

export function adyenStoredCardConfig(
  card: StoredCardRef,
  onChange: (state: OnChangeData) => void,
  onEnter: () => void = () => {},
): CardConfiguration {
  const [month = '', year = ''] = card.validDate.split('/');
  // expiryYear is read by the stored card's fields (shown, disabled) though CardConfiguration omits it.
  const config: CardConfiguration & { readonly expiryYear: string } = {
    storedPaymentMethodId: card.sourceId,
    // Adyen refuses a stored card that does not support shopper-present (Ecommerce) payments.
    supportedShopperInteractions: ['Ecommerce'],
    brand: adyenBrandOf(card.scheme),
    lastFour: card.last4,
    expiryMonth: month,
    expiryYear: year === '' ? '' : `20${year}`,
    hideCVC: false,
    showPayButton: false,
    autoFocus: true,
    onChange: (state) => onChange(state),
    // Enter in Adyen's frame: the host's form submits, as Enter in its own fields does.
    onEnterKeyPressed: () => onEnter(),
  };
  return config;
}

/** The security code field's error as a SPEC §5 message: empty, else wrong with the scheme's length. */
export function adyenCvvMessages(state: Pick<OnChangeData, 'errors'>, scheme: string): string[] {
  const error = state.errors?.encryptedSecurityCode;
  if (error === null || error === undefined) return [];
  if (/empty|\.01$/.test(error.error)) return [pt('pay.pleaseFill', { input: pt('pay.cvv') })];
  return [pt('pay.cvvIncorrect', { length: cvvLengthFor(cardSchemeOf(scheme)) })];
}

/** The component's data as the order's platform_data; without an encrypted code there is nothing to send. */
export function tokenisedCvvFromAdyen(data: Record<string, unknown>): TokenisedCvv | undefined {
  const paymentMethod = (data.paymentMethod ?? {}) as Record<string, unknown>;
  if (typeof paymentMethod.encryptedSecurityCode !== 'string' || paymentMethod.encryptedSecurityCode === '')
    return undefined;
  return {
    platformData: {
      paymentMethod: { ...paymentMethod, type: 'scheme' },
      ...(data.browserInfo === undefined ? {} : { browserInfo: data.browserInfo }),
    },
  };
}

export function createAdyenCvvField(sdk: AdyenSdk, keys: AdyenKeys) {
  return function AdyenCvvField({ card, onValidity, bindSubmit, onEnter }: CvvFieldProps) {
    const node = useRef<HTMLDivElement>(null);
    const enter = useRef(onEnter);
    enter.current = onEnter;
    const element = useAdyenCard(
      sdk,
      keys,
      node,
      () =>
        adyenStoredCardConfig(
          card,
          (state) => onValidity({ valid: state.isValid, messages: adyenCvvMessages(state, card.scheme) }),
          () => enter.current?.(),
        ),
      () => onValidity({ valid: false, messages: [pt('pay.cardFieldsFailed')] }),
      card,
    );

    useEffect(() => {
      const submit = async (): Promise<Submitted<TokenisedCvv>> => {
        const data = validAdyenData(element.current);
        const value = data === undefined ? undefined : tokenisedCvvFromAdyen(data);
        return value === undefined ? { ok: false, message: pt('pay.tokenizeFailed') } : { ok: true, value };
      };
      bindSubmit(submit);
      return () => bindSubmit(undefined);
    }, [bindSubmit, element]);

    return <div ref={node} className="card-fields" data-testid="cvv-field" data-provider="17" dir="ltr" />;
  };
}
