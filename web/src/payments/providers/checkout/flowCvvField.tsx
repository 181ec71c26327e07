import { useEffect, useRef } from 'react';
import { pt } from '../../../i18n/pay';
import { cardSchemeOf } from '../card/validation';
import type { CvvFieldProps, StoredCardRef, Submitted, TokenisedCvv } from '../types';
import type { FlowComponent, FlowCvvOptions, FlowError, FlowLoader, FlowOptions } from './flowLoader';

/**
 * Provider 13's saved-card CVV. Frames for the web (frames-react) tokenises whole cards only: Checkout.com
 * offers CVV-only tokenisation in its Frames mobile SDKs and, on the web, only in Flow's `card_cvv`
 * component. So the saved card's CVV is typed into Flow's field and becomes a one-time `tok_` CVV token,
 * sent as cvv_token beside the card's source_id; the CVV itself never reaches the app or the order. The
 * public key needs Checkout.com's `vault-tokenization` scope.
 */

export interface FlowKeys {
  readonly publicKey: string;
  readonly environment: 'sandbox' | 'production';
}

export function flowOptions(keys: FlowKeys): FlowOptions {
  return { publicKey: keys.publicKey, environment: keys.environment, locale: 'ar' };
}

/** Amex codes are 4 digits, the others 3 (SPEC §5), as Flow's field is told. */
export function flowCvvLength(card: Pick<StoredCardRef, 'scheme'>): 3 | 4 {
  return cardSchemeOf(card.scheme) === 'amex' ? 4 : 3;
}

/** Flow's field state as SPEC §5 wording: once typed in and still not valid, the message names the length. */
export function flowCvvValidity(component: Pick<FlowComponent, 'isValid'>, length: 3 | 4) {
  const valid = component.isValid();
  return { valid, messages: valid ? [] : [pt('pay.cvvIncorrect', { length: String(length) })] };
}

/** A load or set-up failure means no field; anything else (a request, a refused code) a failed check. */
export function flowErrorMessage(error: FlowError): string {
  return error.type === 'Integration' ? pt('pay.cardFieldsFailed') : pt('pay.tokenizeFailed');
}

export function tokenisedCvvFromFlow(result: unknown): TokenisedCvv | undefined {
  if (typeof result !== 'object' || result === null) return undefined;
  const { type, data } = result as { type?: unknown; data?: { token?: unknown } };
  if (type !== 'card_cvv' || typeof data?.token !== 'string' || !data.token.startsWith('tok_'))
    return undefined;
  return { cvvToken: data.token };
}

export function createFlowCvvField(load: FlowLoader, keys: FlowKeys) {
  return function FlowCvvField({ card, onValidity, bindSubmit }: CvvFieldProps) {
    const node = useRef<HTMLDivElement>(null);
    const component = useRef<FlowComponent | undefined>(undefined);
    const report = useRef(onValidity);
    report.current = onValidity;
    const length = flowCvvLength(card);

    useEffect(() => {
      let disposed = false;
      const fail = (message: string) => {
        if (!disposed) report.current({ valid: false, messages: [message] });
      };
      const options: FlowCvvOptions = {
        cardCvvLength: length,
        showPayButton: false,
        onChange: (changed) => report.current(flowCvvValidity(changed, length)),
        onError: (_failed, error) => fail(flowErrorMessage(error)),
      };
      void (async () => {
        try {
          const checkout = await load(flowOptions(keys));
          if (disposed || node.current === null) return;
          const created = checkout.create('card_cvv', options);
          if (!(await created.isAvailable())) return fail(pt('pay.cardFieldsFailed'));
          if (disposed || node.current === null) return;
          component.current = created.mount(node.current);
        } catch {
          fail(pt('pay.cardFieldsFailed'));
        }
      })();
      return () => {
        disposed = true;
        component.current?.unmount();
        component.current = undefined;
      };
    }, [length]);

    useEffect(() => {
      const submit = async (): Promise<Submitted<TokenisedCvv>> => {
        const field = component.current;
        if (field === undefined || !field.isValid()) return { ok: false, message: pt('pay.tokenizeFailed') };
        try {
          const value = tokenisedCvvFromFlow(await field.tokenize());
          return value === undefined ? { ok: false, message: pt('pay.tokenizeFailed') } : { ok: true, value };
        } catch {
          return { ok: false, message: pt('pay.tokenizeFailed') };
        }
      };
      bindSubmit(submit);
      return () => bindSubmit(undefined);
    }, [bindSubmit]);

    return <div ref={node} className="card-fields" data-testid="cvv-field" data-provider="13" dir="ltr" />;
  };
}
