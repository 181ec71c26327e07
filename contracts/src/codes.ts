/**
 * The code catalogue (SPEC §8): the client's own codes, every server result code, the order decline codes and
 * the native bridge's errors. Their Arabic messages are messages.ts's.
 */

/** Codes the request layer itself produces when no envelope arrives (SPEC §8). */
export const ClientCode = {
  timeout: -1,
  network: -2,
  setup: -3,
  bridge: -4,
  abort: -5,
} as const;
export type ClientCode = (typeof ClientCode)[keyof typeof ClientCode];

/**
 * Envelope result codes answered by the server. Codes marked "project's choice" are not given by SPEC.md; the
 * mock answers them and the app shows their messages.
 */
export const ServerCode = {
  ok: 0,
  loggedOut: -10000,
  // project's choice: codes every call may answer (COMMON_CODES)
  invalidParam: 10001,
  rateLimited: 10002,
  unknownCall: 10004,
  internal: 10005,
  // project's choice: order creation's replayed request id
  requestIdReused: 10009,
  // accounts (SPEC §8): the charge list's answer for an unknown uid, and the target check's refusals
  accountNotFound: 21266,
  banned: 20001,
  searchNoMatch: 20002, // project's choice: the "other search" row
  deactivated: 20186,
  deactivating: 20187, // project's choice (TESTDATA: the mock defines it)
  sourceMismatch: 20188, // project's choice: check status 5
  guestAccount: 20189, // project's choice: paying for a guest account
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
  // Card-testing defences (project's choice): a saved card locked after repeated wrong security
  // codes, and too many payment attempts in a short time (per account, device, card or address)
  savedCardLocked: 23005,
  tooManyPaymentAttempts: 23006,
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

/** Codes every call may answer, whatever its own list says. */
export const COMMON_CODES = [
  ServerCode.invalidParam,
  ServerCode.rateLimited,
  ServerCode.unknownCall,
  ServerCode.internal,
] as const;

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

/** Native bridge error codes (SPEC §8). */
export const BridgeError = {
  NoError: 0,
  BadParam: 1,
  ConnectionShutdown: 2,
  ProtocolError: 3,
  InterruptedError: 4,
  SslHandshake: 5,
  SslPeerUnverified: 6,
  UnknownService: 7,
  SslError: 8,
  SocketError: 9,
  UnknownHost: 10,
  Unknown: -1,
} as const;
export type BridgeError = (typeof BridgeError)[keyof typeof BridgeError];
