import {
  type CardScheme,
  cardNumberValid,
  detectScheme,
  luhnValid,
  normaliseCardNumber,
  provider17Accepts,
} from '../cardNumber';
import { FailDetail, type Outcome } from '../outcomes';
/**
 * The test cards of TESTDATA "Cards": any future expiry and any valid CVV unless a row says otherwise.
 * Providers 13 and 17 both honour them; provider 17 takes only Visa and Mastercard.
 */

/** The outcomes of SPEC §4 a card row can end in. */
export type CardAppOutcome = Extract<
  Outcome,
  'success' | 'balance' | 'expire' | 'verify' | 'other' | 'highRisk'
>;

/** The 3DS2 challenge of 4212 3456 7891 0006: the right password approves, any other fails. */
export interface ThreeDsChallenge {
  readonly window_size: '05';
  readonly password: string;
  readonly wrong_password: { readonly fail_detail: string; readonly outcome: CardAppOutcome };
}

/** A refused payment as the order result and provider 17 report it. */
export interface CardDecline {
  readonly adyen_result_code: 'Refused' | 'Error';
  /** Adyen refusalReasonCode; null when the provider answers no refusal (a time-out). */
  readonly refusal_code: number | null;
  /** err_code of the order result; a string because some codes (200P1) are not numbers. */
  readonly err_code: string;
  readonly fail_detail: string | null;
  readonly outcome: CardAppOutcome;
}

export type CardBehaviour =
  | { readonly kind: 'approved'; readonly adyen_result_code: 'Authorised'; readonly outcome: 'success' }
  | {
      readonly kind: 'challenge';
      readonly adyen_result_code: 'ChallengeShopper';
      readonly challenge: ThreeDsChallenge;
      readonly outcome: 'success';
    }
  | { readonly kind: 'identify'; readonly adyen_result_code: 'IdentifyShopper'; readonly outcome: 'success' }
  | { readonly kind: 'redirect'; readonly adyen_result_code: 'RedirectShopper'; readonly outcome: 'success' }
  | { readonly kind: 'declined'; readonly decline: CardDecline }
  /** Fails the Luhn check: the card form refuses it before any provider sees it. */
  | { readonly kind: 'invalidNumber' };

export interface TestCard {
  /** Digits only, no spaces. */
  readonly number: string;
  readonly scheme: CardScheme;
  readonly luhn_valid: boolean;
  /** Provider 17's card form accepts the scheme (Visa and Mastercard only). */
  readonly provider17_accepts: boolean;
  readonly behaviour: CardBehaviour;
  readonly note: string;
}

export const CHALLENGE_PASSWORD = 'password';

const approved: CardBehaviour = { kind: 'approved', adyen_result_code: 'Authorised', outcome: 'success' };

const declined = (decline: CardDecline): CardBehaviour => ({ kind: 'declined', decline });

/**
 * err_codes TESTDATA does not give (20005, 20082, 20059, 20091) are the project's choice: 200 followed by the
 * ISO 8583 response code, the pattern of 20051 (51 insufficient funds) and 20054 (54 expired card).
 */
const rows: readonly Omit<TestCard, 'scheme' | 'luhn_valid' | 'provider17_accepts'>[] = [
  {
    number: '4242424242424242',
    behaviour: approved,
    note: 'approved, no 3-D Secure',
  },
  {
    number: '5555555555554444',
    behaviour: approved,
    note: 'approved, no 3-D Secure',
  },
  {
    number: '4212345678910006',
    behaviour: {
      kind: 'challenge',
      adyen_result_code: 'ChallengeShopper',
      challenge: {
        window_size: '05',
        password: CHALLENGE_PASSWORD,
        wrong_password: { fail_detail: FailDetail.threeDsFailed, outcome: 'verify' },
      },
      outcome: 'success',
    },
    note: '3DS2 challenge: the password `password` approves, anything else fails',
  },
  {
    number: '5201281505129736',
    behaviour: { kind: 'identify', adyen_result_code: 'IdentifyShopper', outcome: 'success' },
    note: '3DS2 device fingerprint, then approved',
  },
  {
    number: '4000000000003246',
    behaviour: { kind: 'redirect', adyen_result_code: 'RedirectShopper', outcome: 'success' },
    note: 'sent to the issuer page and back, then approved',
  },
  {
    number: '4544249167673670',
    behaviour: declined({
      adyen_result_code: 'Refused',
      refusal_code: 12,
      err_code: '20051',
      fail_detail: FailDetail.insufficientFunds,
      outcome: 'balance',
    }),
    note: 'declined: insufficient funds',
  },
  {
    number: '4724117215951699',
    behaviour: declined({
      adyen_result_code: 'Refused',
      refusal_code: 6,
      err_code: '20054',
      fail_detail: null,
      outcome: 'expire',
    }),
    note: 'declined: card expired',
  },
  {
    number: '4000000000000127',
    behaviour: declined({
      adyen_result_code: 'Refused',
      refusal_code: 11,
      err_code: '20082',
      // The verification-failed detail, so provider 13's failure mapping gives verify too.
      fail_detail: FailDetail.threeDsFailed,
      outcome: 'verify',
    }),
    note: 'declined: security code check failed',
  },
  {
    number: '4000000000000002',
    behaviour: declined({
      adyen_result_code: 'Refused',
      refusal_code: 2,
      err_code: '20005',
      fail_detail: null,
      outcome: 'other',
    }),
    note: 'declined, generic',
  },
  {
    number: '4000000000000259',
    behaviour: declined({
      adyen_result_code: 'Refused',
      refusal_code: 2,
      err_code: '200P1',
      fail_detail: null,
      outcome: 'other',
    }),
    note: 'declined with 200P1: try another card or another payment method',
  },
  {
    number: '4897453568485113',
    behaviour: declined({
      adyen_result_code: 'Refused',
      // Adyen's FRAUD refusal; the app's highRisk comes from fail_detail, not from this code.
      refusal_code: 20,
      err_code: '20059',
      fail_detail: FailDetail.channelRisk,
      outcome: 'highRisk',
    }),
    note: 'declined: risk control',
  },
  {
    number: '4095254802642505',
    behaviour: declined({
      adyen_result_code: 'Error',
      refusal_code: null,
      err_code: '20091',
      fail_detail: FailDetail.timeOut,
      outcome: 'other',
    }),
    note: 'the provider times out',
  },
  {
    number: '378282246310005',
    // Provider 13 honours it like any valid card; only provider 17's form refuses the scheme.
    behaviour: approved,
    note: "refused by provider 17's form (scheme not accepted)",
  },
  {
    number: '4242424242424241',
    // TESTDATA leaves its scheme open (the number fails first); its prefix gives visa.
    behaviour: { kind: 'invalidNumber' },
    note: 'fails the Luhn check: the card number field is invalid',
  },
];

/** The rows with what their numbers give: scheme, Luhn check, provider 17's acceptance. */
export const testCards: readonly TestCard[] = rows.map((row) => {
  const scheme = detectScheme(row.number);
  return { ...row, scheme, luhn_valid: luhnValid(row.number), provider17_accepts: provider17Accepts(scheme) };
});

/** Named card numbers for tests. */
export const CardNumber = {
  visaApproved: '4242424242424242',
  mastercardApproved: '5555555555554444',
  visaChallenge: '4212345678910006',
  mastercardIdentify: '5201281505129736',
  visaRedirect: '4000000000003246',
  insufficientFunds: '4544249167673670',
  expired: '4724117215951699',
  securityCodeFailed: '4000000000000127',
  declinedGeneric: '4000000000000002',
  tryAnotherCard: '4000000000000259',
  highRisk: '4897453568485113',
  timeOut: '4095254802642505',
  amex: '378282246310005',
  luhnInvalid: '4242424242424241',
} as const;

export function cardByNumber(number: string): TestCard | undefined {
  const digits = normaliseCardNumber(number);
  return testCards.find((card) => card.number === digits);
}

/**
 * How the mock treats any card number. A number of no row that passes the form's check is approved
 * without 3-D Secure (the project's choice, like a provider's sandbox); one that fails is invalidNumber.
 */
export function cardBehaviourOf(number: string): CardBehaviour {
  const digits = normaliseCardNumber(number);
  const card = cardByNumber(digits);
  if (card !== undefined) return card.behaviour;
  return cardNumberValid(digits) ? approved : { kind: 'invalidNumber' };
}

export { type CardScheme, cardNumberValid, detectScheme, luhnValid, normaliseCardNumber, provider17Accepts };
