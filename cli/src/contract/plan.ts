// biome-ignore-all lint/suspicious/noTemplateCurlyInString: scenario references are written ${...} inside plain strings
import type { CallName } from '@topup/contracts';

/**
 * How the contract check calls each registry call: its parameters, with `${fixtures.<name>.<field>}`
 * references, or null with the reason it is never called. A call added to the registry without an entry
 * here fails to compile. Read-only calls always run; a write runs only when the fixtures mark it safe.
 */
export type PlanEntry = { readonly params: Record<string, unknown> } | { readonly never: string };

const reem = 'fixtures.account.reem';
const order = 'fixtures.order.sample.order_id';
const device = 'fixtures.device.h5_deviceid';
const ref = (path: string) => `\${${path}}`;

export const contractPlan: Record<CallName, PlanEntry> = {
  serverTime: { params: {} },
  backupDomains: { params: {} },
  uploadToken: {
    params: {
      purpose: 'feedback',
      uuid: ref('fixtures.device.uuid'),
      files: [{ name: 'a.png', size: 1024, content_type: 'image/png' }],
    },
  },
  uploadImage: { never: 'needs a fresh upload token and stores a file' },
  h5Info: { params: { callback: 'topupContractCheck' } },
  hii: { params: {} },
  config: { params: { channel: 'app_pkg_info', pure: '1' } },
  batchRequest: { params: { requests: [{ id: 'ts', method: 'GET', path: '/api/sys/ts/', params: {} }] } },
  position: { params: {} },
  addEvent: { params: { event_name: 'contract_check', uuid: ref('fixtures.device.uuid'), version: '1' } },
  payPageEvent: {
    params: {
      eventName: 'contract_check',
      uuid: ref('fixtures.device.uuid'),
      version: '1',
      proj: 'topup',
      href: 'https://contract.check/',
      ua: 'topup-cli',
    },
  },
  pageViewIdResult: { params: { page_view_id: 'pv-contract-check', source: 1 } },
  tmpReport: { params: { app_order: ref(order), data: 'contract check' } },
  sensorReport: {
    params: {
      event_uuid: 'contract-check',
      server_url: 'https://contract.check/',
      ts: 0,
      day: '2026-01-01',
      device_id: ref(device),
      page_view_id: 'pv-contract-check',
      event: 'contract_check',
      ext: '{}',
      project: 'topup',
    },
  },
  checkUid: { params: { uid: ref(`${reem}.uid`) } },
  checkUidPost: { params: { uid: ref(`${reem}.uid`) } },
  checkDisplayId: { params: { display_id: ref(`${reem}.display_uid`), source: 1 } },
  checkUserStatus: { params: { source: 1, uids: [ref(`${reem}.uid`)] } },
  lastJoinRoom: { params: { session_key: ref(`${reem}.session_key`) } },
  roomStatus: { params: { rid: ref('fixtures.room.live.id') } },
  getLoginKey: {
    params: {
      login_type: 'facebook',
      user_id: ref('fixtures.signIn.facebook.user_id'),
      access_token: ref('fixtures.signIn.facebook.token'),
    },
  },
  accountLogin: {
    params: {
      display_uid: ref('fixtures.signIn.password.display_uid'),
      password: ref('fixtures.signIn.password.password'),
      uuid: ref('fixtures.device.uuid'),
    },
  },
  getPayUserInfo: { params: { session_key: ref(`${reem}.session_key`) } },
  checkSession: { params: { session_key: ref(`${reem}.session_key`) } },
  ticketLogin: { params: { ticket: ref('fixtures.signIn.ticket.ticket') } },
  getLoginTicket: { params: { session_key: ref(`${reem}.session_key`), uuid: ref('fixtures.device.uuid') } },
  facebookLogin: {
    params: {
      user_id: ref('fixtures.signIn.facebook.user_id'),
      access_token: ref('fixtures.signIn.facebook.token'),
      uuid: ref('fixtures.device.uuid'),
    },
  },
  googleLogin: {
    params: { id_token: ref('fixtures.signIn.google.id_token'), uuid: ref('fixtures.device.uuid') },
  },
  getRechargeListV3: {
    params: { uid: ref(`${reem}.uid`), source: 1, session_key: ref(`${reem}.session_key`) },
  },
  rechargeFillRecord: { params: { session_key: ref(`${reem}.session_key`), h5_deviceid: ref(device) } },
  uploadRechargeFillRecord: { never: "changes the account's recharge history" },
  getCardSource: { params: { h5_deviceid: ref(device), session_key: ref(`${reem}.session_key`) } },
  getCardInfoByOrder: { params: { h5_deviceid: ref(device), order_id: ref(order) } },
  updateCardSource: { never: 'changes a saved card' },
  deleteCardSource: { never: 'deletes saved cards' },
  createCoinPay: { never: 'creates an order and charges a card' },
  clickCancel: { params: { app_order: ref(order), reason: 'contract check' } },
  payResultByOrderFast: { params: { zp_orderid: ref(order) } },
  getOrderInfo: { params: { order_id: ref(order) } },
  getPayError: { params: { order_id: ref(order), source: 1 } },
  checkDomainPayable: { params: { pay_type: 26, domain: 'localhost', check_only: true } },
  submitAuthenticationResult: { never: 'moves a payment on' },
  submitPaymentToken: { never: 'moves a payment on' },
  adyenApplePaySessionData: { never: 'opens a wallet merchant session for an order' },
  adyenVerifyPay: { never: 'pays an order' },
  getFineInfo: { params: { id: ref('fixtures.fine.outstanding.id') } },
  createFinePay: { never: 'creates a fine order' },
  payerMaxCreateFinePay: { never: 'creates a fine order' },
  submitFeedback: { never: 'files a support ticket' },
};

/** Writes the check calls on the mock (the catalogue's safe writes): none of them changes money or cards. */
export const MOCK_SAFE_WRITES: readonly CallName[] = [
  'uploadToken',
  'addEvent',
  'payPageEvent',
  'tmpReport',
  'sensorReport',
  'getLoginKey',
  'accountLogin',
  'ticketLogin',
  'getLoginTicket',
  'facebookLogin',
  'googleLogin',
  'clickCancel',
];

/**
 * Refusals the check expects on the mock with the catalogue's fixtures: `order.sample` is an order id no
 * order has, so the order reads answer "order not found" (23001) there; the catalogue ticket signs in once
 * per world, so a second check against the same mock answers "link expired" (21004).
 */
export const MOCK_EXPECTED_REFUSALS: Readonly<Partial<Record<CallName, readonly number[]>>> = {
  ticketLogin: [21004],
  getCardInfoByOrder: [23001],
  clickCancel: [23001],
  payResultByOrderFast: [23001],
  getOrderInfo: [23001],
  getPayError: [23001],
};
