import { StartCode } from './startCodes';

/**
 * Every server result code (SPEC §8), the first load's own (`StartCode`, in startCodes.ts) among them, and the
 * order error codes. Codes marked "project's choice" are not given by SPEC.md; the mock answers them and the
 * app shows their messages. Only the calls beyond start-up answer the codes added here, so this table
 * arrives with their contracts, not in the first load.
 */

/** Envelope result codes answered by the server. */
export const ServerCode = {
  ...StartCode,
  // accounts (SPEC §8): the target check's refusals, answered only by check_display_id
  banned: 20001,
  searchNoMatch: 20002, // project's choice: the "other search" row
  deactivated: 20186,
  deactivating: 20187, // project's choice (TESTDATA: the mock defines it)
  sourceMismatch: 20188, // project's choice: check status 5
  guestAccount: 20189, // project's choice: paying for a guest account
  // project's choice: order creation's replayed request id
  requestIdReused: 10009,
  // sign-in (project's choice; messages from SPEC §8)
  loginFailed: 21001,
  wrongPassword: 21002,
  userNotFound: 21003,
  linkExpired: 21004,
  phoneAccountPassword: 21005,
  signInDelayed: 21006, // project's choice: wrong passwords from this address, the next try waits (data.retry_after)
  // cards and payments (SPEC §8)
  insufficientBalance: 20051,
  cardExpired: 20054,
  tryAnotherCard20061: 20061,
  tryAnotherCard20065: 20065,
  tryAnotherCard20121: 20121,
  tryAnotherCard30021: 30021,
  tryAnotherCard30022: 30022,
  cardUpdateFailed: 31073,
  // orders, wallets, fines, feedback (project's choice)
  orderNotFound: 23001,
  orderExpired: 23002,
  paymentFailed: 23003,
  securityCheckFailed: 23004,
  walletTypeUnavailable: 25001,
  walletSessionFailed: 25002,
  fineNotFound: 22001,
  fineAlreadyPaid: 22002,
  fineAmountChanged: 22003,
  fileTypeRefused: 24001,
  fileTooLarge: 24002,
  tooManyFiles: 24003,
  textTooLong: 24004,
  textRequired: 24005,
  uploadTokenInvalid: 24006,
  submissionFailed: 24007,
} as const;
export type ServerCode = (typeof ServerCode)[keyof typeof ServerCode];

/** Order error codes (err_code of an order result); 200P1 and 200P9 are not numbers. */
export const DeclineCode = {
  insufficientBalance: '20051',
  cardExpired: '20054',
  tryAnother200P1: '200P1',
  tryAnother20061: '20061',
  tryAnother20065: '20065',
  tryAnother200P9: '200P9',
  tryAnother20121: '20121',
  tryAnother30021: '30021',
  tryAnother30022: '30022',
} as const;
export type DeclineCode = (typeof DeclineCode)[keyof typeof DeclineCode];
