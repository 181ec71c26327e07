import * as accounts from '../api/accounts';
import * as auth from '../api/auth';
import * as cards from '../api/cards';
import * as events from '../api/events';
import * as feedback from '../api/feedback';
import * as fines from '../api/fines';
import * as orders from '../api/orders';
import * as recharge from '../api/recharge';
import * as sys from '../api/sys';
import * as uploads from '../api/uploads';
import * as wallet from '../api/wallet';
import type { CallContract } from './define';

/**
 * The registry: every backend call, by name. The mock's routes, the web app's client, the CLI's contract
 * check and the OpenAPI document are all derived from this one object.
 */
export const registry = {
  serverTime: sys.serverTime,
  backupDomains: sys.backupDomains,
  uploadToken: uploads.uploadToken,
  uploadImage: uploads.uploadImage,
  h5Info: sys.h5Info,
  hii: sys.hii,
  config: sys.config,
  batchRequest: sys.batchRequest,
  position: sys.position,
  addEvent: events.addEvent,
  payPageEvent: events.payPageEvent,
  pageViewIdResult: events.pageViewIdResult,
  tmpReport: events.tmpReport,
  sensorReport: events.sensorReport,

  checkUid: accounts.checkUid,
  checkUidPost: accounts.checkUidPost,
  checkDisplayId: accounts.checkDisplayId,
  checkUserStatus: accounts.checkUserStatus,
  lastJoinRoom: accounts.lastJoinRoom,
  roomStatus: accounts.roomStatus,

  getLoginKey: auth.getLoginKey,
  accountLogin: auth.accountLogin,
  getPayUserInfo: auth.getPayUserInfo,
  checkSession: auth.checkSession,
  ticketLogin: auth.ticketLogin,
  getLoginTicket: auth.getLoginTicket,
  facebookLogin: auth.facebookLogin,
  googleLogin: auth.googleLogin,

  getRechargeListV3: recharge.getRechargeListV3,
  rechargeFillRecord: recharge.rechargeFillRecord,
  uploadRechargeFillRecord: recharge.uploadRechargeFillRecord,

  getCardSource: cards.getCardSource,
  getCardInfoByOrder: cards.getCardInfoByOrder,
  updateCardSource: cards.updateCardSource,
  deleteCardSource: cards.deleteCardSource,

  createCoinPay: orders.createCoinPay,
  clickCancel: orders.clickCancel,
  payResultByOrderFast: orders.payResultByOrderFast,
  getOrderInfo: orders.getOrderInfo,
  getPayError: orders.getPayError,
  checkDomainPayable: orders.checkDomainPayable,
  submitAuthenticationResult: orders.submitAuthenticationResult,
  submitPaymentToken: orders.submitPaymentToken,

  adyenApplePaySessionData: wallet.adyenApplePaySessionData,
  adyenVerifyPay: wallet.adyenVerifyPay,

  getFineInfo: fines.getFineInfo,
  createFinePay: fines.createFinePay,
  payerMaxCreateFinePay: fines.payerMaxCreateFinePay,

  submitFeedback: feedback.submitFeedback,
} as const satisfies Record<string, CallContract>;

export type Registry = typeof registry;
export type CallName = keyof Registry;
export const CALL_NAMES = Object.keys(registry) as CallName[];

export function isCallName(name: string): name is CallName {
  return Object.hasOwn(registry, name);
}

/** The call answering a method and path, for routing a batch item or a journal entry. */
export function callByRoute(method: string, path: string): CallName | undefined {
  const wanted = normalisePath(path);
  return CALL_NAMES.find(
    (name) => registry[name].method === method && normalisePath(registry[name].path) === wanted,
  );
}

/** Paths are matched with or without their trailing slash, as the real backend does. */
export function normalisePath(path: string): string {
  const bare = path.split('?')[0] ?? '';
  return bare.endsWith('/') ? bare.slice(0, -1) : bare;
}
