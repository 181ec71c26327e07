/** The numeric pay types of SPEC §3, without zod (the first load reads a stored one). */

export const PayType = {
  checkoutCard: 23,
  p6Card: 24,
  p6Wallet: 25,
  adyenWallet: 26,
  adyenCard: 27,
  p18Wallet: 28,
  p19Wallet: 29,
  otherWallet: 30,
  p6WalletInsert: 31,
  genericWallet: 2528,
} as const;
export type PayType = (typeof PayType)[keyof typeof PayType];
export const PAY_TYPES = Object.values(PayType);
