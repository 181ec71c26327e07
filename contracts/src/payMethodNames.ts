import type { PayType } from './payTypes';

/**
 * The payment methods as a Saudi visitor knows them: the name the server gives each method in a charge
 * package's payItemDisplayMethods[].displayName (SPEC §3), recorded here as the project's choice, since SPEC
 * names no brand but Apple Pay. One method may be reached through several pay types (two card providers, two
 * Apple Pay integrations, two STC Pay links): the server lists them under one name, and the app pays with the
 * one the gray and AB rules give the visitor, so the visitor sees each name once. No zod: the first load may
 * read it.
 */
export const PayMethod = {
  mada: 'mada',
  card: 'card',
  applePay: 'applePay',
  stcPay: 'stcPay',
  googlePay: 'googlePay',
  payPal: 'payPal',
} as const;
export type PayMethod = (typeof PayMethod)[keyof typeof PayMethod];

/** The method of each pay type. */
export const payMethodOf: Readonly<Record<PayType, PayMethod>> = {
  // Provider 13 (Checkout.com) and provider 17 (Adyen) take Visa and Mastercard in their card frames.
  23: PayMethod.card,
  27: PayMethod.card,
  // Provider 6's card page: mada, the Saudi debit network every bank card carries.
  24: PayMethod.mada,
  26: PayMethod.applePay,
  2528: PayMethod.applePay,
  // Provider 6's wallet and its second link ("insert").
  25: PayMethod.stcPay,
  31: PayMethod.stcPay,
  28: PayMethod.googlePay,
  30: PayMethod.googlePay,
  29: PayMethod.payPal,
};

/** The display name of each method, as the mock sends it: brands in their own script, mada in Arabic. */
export const payMethodDisplayName: Readonly<Record<PayMethod, string>> = {
  mada: 'مدى',
  card: 'Visa / Mastercard',
  applePay: 'Apple Pay',
  stcPay: 'STC Pay',
  googlePay: 'Google Pay',
  payPal: 'PayPal',
};

/** The order the server lists the methods in: mada first, the method most Saudi bank cards pay with. */
export const PAY_METHOD_ORDER: readonly PayMethod[] = [
  PayMethod.mada,
  PayMethod.card,
  PayMethod.applePay,
  PayMethod.stcPay,
  PayMethod.googlePay,
  PayMethod.payPal,
];

export function payMethodOfType(payType: number): PayMethod | undefined {
  return Object.hasOwn(payMethodOf, payType) ? payMethodOf[payType as PayType] : undefined;
}
