import { Message } from '@topup/contracts/messages';
import type {
  FrameCardTokenizedEvent,
  FrameCardValidationChangedEvent,
  FramesInitProps,
  Frames as FramesType,
  FrameValidationChangedEvent,
} from 'frames-react';
import { useAtomValue } from 'jotai';
import type { ComponentType, HTMLAttributes } from 'react';
import { useEffect, useRef } from 'react';
import { pt } from '../../../i18n/pay';
import { type ServerClock, serverClockAtom } from '../../../platform/serverClock';
import { knownExpired } from '../card/expiry';
import type { CardFieldsProps, CardFieldsValidity, Submitted, TokenisedCard } from '../types';

/**
 * Provider 13 card fields through Checkout.com Frames (frames-react). The card number, expiry and CVV are
 * typed inside Checkout's iframes; the app only ever sees the token and the card's public fields.
 */

/** The part of the frames-react module this adapter uses, so tests can substitute it. */
export interface FramesSdk {
  readonly Frames: ComponentType<import('frames-react').FramesProps> &
    Pick<typeof FramesType, 'submitCard' | 'isCardValid' | 'enableSubmitForm'>;
  readonly CardNumber: ComponentType<HTMLAttributes<HTMLDivElement>>;
  readonly ExpiryDate: ComponentType<HTMLAttributes<HTMLDivElement>>;
  readonly Cvv: ComponentType<HTMLAttributes<HTMLDivElement>>;
}

export function framesConfig(publicKey: string, holderName: string): FramesInitProps {
  return {
    publicKey,
    localization: 'AR',
    cardholder: { name: holderName },
    acceptedPaymentMethods: ['Visa', 'Mastercard', 'American Express'],
    style: { base: { fontSize: '16px', direction: 'ltr' } },
  };
}

const SCHEME: Readonly<Record<string, string>> = {
  Visa: 'visa',
  Mastercard: 'mastercard',
  'AMERICAN EXPRESS': 'amex',
};

/** The tokenised event as the app's card: token, bin, last4, scheme, MM/YY. */
export function tokenisedFromFrames(event: FrameCardTokenizedEvent): TokenisedCard {
  const month = event.expiry_month.padStart(2, '0');
  const year = event.expiry_year.slice(-2);
  return {
    token: event.token,
    bin: event.bin,
    last4: event.last4,
    scheme: SCHEME[event.scheme ?? ''] ?? (event.scheme ?? '').toLowerCase(),
    cardValidDate: `${month}/${year}`,
  };
}

const FIELD_LABEL = {
  'card-number': 'pay.cardNumber',
  'expiry-date': 'pay.validity',
  cvv: 'pay.cvv',
} as const;

/** Frames' per-field validation as SPEC §5 messages ("please fill …" / "… is filled incorrectly"). */
export function framesFieldMessage(event: FrameValidationChangedEvent): string | undefined {
  if (event.isValid) return undefined;
  const input = pt(FIELD_LABEL[event.element]);
  return event.isEmpty ? pt('pay.pleaseFill', { input }) : pt('pay.filledIncorrectly', { input });
}

export function createFramesCardFields(sdk: FramesSdk, publicKey: string) {
  const { Frames, CardNumber, ExpiryDate, Cvv } = sdk;
  return function FramesCardFields({ holderName, onValidity, bindSubmit }: CardFieldsProps) {
    const messages = useRef(new Map<string, string>());
    const valid = useRef(false);
    const serverClock = useAtomValue(serverClockAtom);
    const clock = useRef<ServerClock>(serverClock);
    clock.current = serverClock;
    const report = () =>
      onValidity({
        valid: valid.current,
        messages: [...messages.current.values()],
      } satisfies CardFieldsValidity);

    useEffect(() => {
      const submit = async (): Promise<Submitted<TokenisedCard>> => {
        try {
          const card = tokenisedFromFrames(await Frames.submitCard());
          // Frames judges the date by the device's clock; the app by the server's, as the payment will be.
          if (knownExpired(card.cardValidDate, clock.current.now())) {
            Frames.enableSubmitForm();
            return { ok: false, message: Message.cardExpired };
          }
          return { ok: true, value: card };
        } catch {
          Frames.enableSubmitForm();
          return { ok: false, message: pt('pay.tokenizeFailed') };
        }
      };
      bindSubmit(submit);
      return () => bindSubmit(undefined);
    }, [bindSubmit]);

    return (
      <Frames
        config={framesConfig(publicKey, holderName)}
        frameValidationChanged={(event: FrameValidationChangedEvent) => {
          const message = framesFieldMessage(event);
          if (message === undefined) messages.current.delete(event.element);
          else messages.current.set(event.element, message);
          report();
        }}
        cardValidationChanged={(event: FrameCardValidationChangedEvent) => {
          valid.current = event.isValid;
          report();
        }}
      >
        <div className="card-fields" data-testid="card-fields" data-provider="13" dir="ltr">
          <CardNumber className="card-fields__frame" aria-label={pt('pay.cardNumber')} />
          <div className="card-fields__row">
            <ExpiryDate className="card-fields__frame" aria-label={pt('pay.validity')} />
            <Cvv className="card-fields__frame" aria-label={pt('pay.cvv')} />
          </div>
        </div>
      </Frames>
    );
  };
}
