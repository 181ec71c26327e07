import type { CardConfiguration, CardFieldValidData, OnChangeData } from '@adyen/adyen-web';
import { Message } from '@topup/contracts/messages';
import { useAtomValue } from 'jotai';
import { useEffect, useRef } from 'react';
import { pt } from '../../../i18n/pay';
import { type ServerClock, serverClockAtom } from '../../../platform/serverClock';
import { knownExpired } from '../card/expiry';
import type { CardFieldsProps, Submitted, TokenisedCard } from '../types';
import { type AdyenKeys, type AdyenSdk, useAdyenCard, validAdyenData } from './adyenCore';

/**
 * Provider 17 card fields through the Adyen Web 6 card component: Visa and Mastercard only (SPEC §5). The
 * fields are Adyen's secured iframes; the app gets encrypted values, sent as the order's platform_data.
 */

export function adyenCardConfig(
  onChange: (state: OnChangeData) => void,
  onFieldValid: (field: CardFieldValidData) => void,
  onEnter: () => void = () => {},
): CardConfiguration {
  return {
    brands: ['visa', 'mc'],
    hasHolderName: false,
    showPayButton: false,
    autoFocus: true,
    onChange: (state) => onChange(state),
    onFieldValid,
    // Enter in Adyen's frames: the host's form submits, as Enter in its own fields does.
    onEnterKeyPressed: () => onEnter(),
  };
}

/** Public card fields Adyen reports as the number field turns valid. */
export interface AdyenCardFacts {
  bin: string;
  last4: string;
  expiry: string;
}

export function factsFromField(facts: AdyenCardFacts, field: CardFieldValidData): AdyenCardFacts {
  if (!field.valid) return facts;
  if (field.encryptedFieldName === 'encryptedCardNumber') {
    return { ...facts, bin: String(field.issuerBin ?? '').slice(0, 6), last4: field.endDigits ?? '' };
  }
  if (field.encryptedFieldName === 'encryptedExpiryDate' && field.expiryDate !== undefined) {
    const [month, year] = field.expiryDate.split('/');
    return { ...facts, expiry: `${(month ?? '').padStart(2, '0')}/${(year ?? '').slice(-2)}` };
  }
  return facts;
}

/** SPEC §5 messages for Adyen's field errors. */
export function adyenMessages(state: OnChangeData): string[] {
  const out: string[] = [];
  const label: Readonly<Record<string, Parameters<typeof pt>[0]>> = {
    encryptedCardNumber: 'pay.cardNumber',
    encryptedExpiryDate: 'pay.validity',
    encryptedSecurityCode: 'pay.cvv',
  };
  for (const [field, error] of Object.entries(state.errors ?? {})) {
    if (error === null || error === undefined) continue;
    const key = label[field];
    if (key === undefined) continue;
    if (error.error === 'error.va.sf-cc-num.03' || /unsupported/i.test(error.errorMessage)) {
      out.push(pt('pay.schemeNotAccepted'));
      continue;
    }
    const empty = /empty|\.01$/.test(error.error);
    out.push(
      empty ? pt('pay.pleaseFill', { input: pt(key) }) : pt('pay.filledIncorrectly', { input: pt(key) }),
    );
  }
  return out;
}

export function tokenisedFromAdyen(
  data: Record<string, unknown>,
  facts: AdyenCardFacts,
  holderName: string,
): TokenisedCard {
  const paymentMethod = (data.paymentMethod ?? {}) as Record<string, unknown>;
  const brand = String(paymentMethod.brand ?? '');
  return {
    bin: facts.bin,
    last4: facts.last4,
    scheme: brand === 'mc' ? 'mastercard' : brand,
    ...(facts.expiry === '' ? {} : { cardValidDate: facts.expiry }),
    platformData: {
      paymentMethod: { ...paymentMethod, holderName },
      ...(data.browserInfo === undefined ? {} : { browserInfo: data.browserInfo }),
    },
  };
}

export function createAdyenCardFields(sdk: AdyenSdk, keys: AdyenKeys) {
  return function AdyenCardFields({ holderName, onValidity, bindSubmit, onEnter }: CardFieldsProps) {
    const node = useRef<HTMLDivElement>(null);
    const enter = useRef(onEnter);
    enter.current = onEnter;
    const facts = useRef<AdyenCardFacts>({ bin: '', last4: '', expiry: '' });
    const holder = useRef(holderName);
    holder.current = holderName;
    const serverClock = useAtomValue(serverClockAtom);
    const clock = useRef<ServerClock>(serverClock);
    clock.current = serverClock;
    const card = useAdyenCard(
      sdk,
      keys,
      node,
      () =>
        adyenCardConfig(
          (state) => onValidity({ valid: state.isValid, messages: adyenMessages(state) }),
          (field) => {
            facts.current = factsFromField(facts.current, field);
          },
          () => enter.current?.(),
        ),
      () => onValidity({ valid: false, messages: [pt('pay.cardFieldsFailed')] }),
    );

    useEffect(() => {
      const submit = async (): Promise<Submitted<TokenisedCard>> => {
        const data = validAdyenData(card.current);
        if (data === undefined) return { ok: false, message: pt('pay.tokenizeFailed') };
        const tokenised = tokenisedFromAdyen(data, facts.current, holder.current);
        // Adyen's fields judge the date by the device's clock; the app by the server's, as the payment will be.
        if (knownExpired(tokenised.cardValidDate, clock.current.now())) {
          return { ok: false, message: Message.cardExpired };
        }
        return { ok: true, value: tokenised };
      };
      bindSubmit(submit);
      return () => bindSubmit(undefined);
    }, [bindSubmit, card]);

    return <div ref={node} className="card-fields" data-testid="card-fields" data-provider="17" dir="ltr" />;
  };
}
