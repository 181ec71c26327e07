// biome-ignore-all lint/suspicious/noTemplateCurlyInString: scenario references are written ${...} inside plain strings
import { type CallName, ServerCode } from '@topup/contracts';

/**
 * How the contract check calls each registry call: its parameters, with `${fixtures.<name>.<field>}`
 * references, and references to answers the check had before (`${steps.<call>.data.…}`): the writes that
 * change money, cards or records (`writes`), and a ticket sign-in, which needs a ticket asked for in the same
 * run. A call added to the registry without an entry here fails to compile. Read-only calls always run; a
 * write runs when the fixtures mark it safe; a call that reads another's answer runs after it; the `writes`
 * entries run only under `--writes` (a staging backend with its own fixtures), in this order, after every
 * other call. An order read (`createdOrder`) reads, under `--writes`, the order `createCoinPay` made in the same
 * run instead of the fixtures' sample order id; `clickCancel` then cancels an order of its own (cancelReadBack.ts).
 */
export type PlanEntry =
  | {
      readonly params: Record<string, unknown>;
      readonly writes?: string;
      /** The parameters under `--writes` when createCoinPay runs: the order it created. */
      readonly createdOrder?: Record<string, unknown>;
      /**
       * A refusal the plan itself asks for, on any backend: its parameters are made up on purpose (a 3-D
       * Secure result for an order that asked for none), so the refusal, not a fixtures file, says it is right.
       */
      readonly refused?: readonly number[];
    }
  | { readonly never: string };

const reem = 'fixtures.account.reem';
const order = 'fixtures.order.sample.order_id';
const device = 'fixtures.device.h5_deviceid';
const ref = (path: string) => `\${${path}}`;
/**
 * The saved card the writes update: remembered (the fixtures say is_remember 1), it is set forgotten, which the
 * list must then show, and set back (cardsReadBack.ts), so an update that does nothing fails. The check must
 * run again on the backend it ran on, and no fixture card is disposable, so it deletes no card: the delete
 * names a fingerprint no card has, and its answer (`deleted`, 0) is judged like any other; a delete that does
 * nothing passes it (cli/README.md says so).
 */
const card = 'fixtures.savedCard.src_mc5454';
const NO_CARD_FINGERPRINT = 'fp-topup-contract-check-no-card';
const created = 'steps.createCoinPay.data.order_id';

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
  uploadImage: {
    writes: 'stores a file',
    params: {
      key: ref('steps.uploadToken.data.tokens[0].body.key'),
      token: ref('steps.uploadToken.data.tokens[0].body.token'),
      file: { filename: 'a.png', mimetype: 'image/png', size: 1024 },
    },
  },
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
  // A ticket signs in once, on the device it was asked for: the check asks for a fresh one each run, as the
  // native app does, instead of spending a fixed ticket that a second run (or the app) would find used.
  ticketLogin: {
    params: { ticket: ref('steps.getLoginTicket.data.ticket'), uuid: ref('fixtures.device.uuid') },
  },
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
  uploadRechargeFillRecord: {
    writes: "changes the account's recharge history",
    params: { session_key: ref(`${reem}.session_key`), h5_deviceid: ref(device), records: [] },
  },
  getCardSource: { params: { h5_deviceid: ref(device), session_key: ref(`${reem}.session_key`) } },
  getCardInfoByOrder: {
    params: { h5_deviceid: ref(device), order_id: ref(order) },
    createdOrder: { h5_deviceid: ref(device), order_id: ref(created) },
  },
  updateCardSource: {
    writes: 'changes a saved card',
    params: {
      source_id: ref(`${card}.source_id`),
      is_remember: false,
      source: 1,
      h5_deviceid: ref(device),
      session_key: ref(`${reem}.session_key`),
    },
  },
  deleteCardSource: {
    writes: 'deletes saved cards',
    params: {
      fingerprint: NO_CARD_FINGERPRINT,
      h5_deviceid: ref(device),
      session_key: ref(`${reem}.session_key`),
    },
  },
  createCoinPay: {
    writes: 'creates an order',
    params: {
      recharge_id: ref('fixtures.package.rc_999.recharge_id'),
      uid: ref(`${reem}.uid`),
      pay_type: 26,
      source: 1,
      ext: { h5_deviceid: ref(device) },
    },
  },
  clickCancel: {
    params: { app_order: ref(order), reason: 'contract check' },
    // Under --writes it runs after createCoinPay, with its session, but cancels an order of its own, made
    // as createCoinPay's was: the run's order is for adyenVerifyPay to pay (cancelReadBack.ts).
    createdOrder: { app_order: ref(created), reason: 'contract check' },
  },
  payResultByOrderFast: {
    params: { zp_orderid: ref(order) },
    createdOrder: { zp_orderid: ref(created) },
  },
  getOrderInfo: { params: { order_id: ref(order) }, createdOrder: { order_id: ref(created) } },
  getPayError: {
    params: { order_id: ref(order), source: 1 },
    createdOrder: { order_id: ref(created), source: 1 },
  },
  checkDomainPayable: { params: { pay_type: 26, domain: 'localhost', check_only: true } },
  submitAuthenticationResult: {
    writes: 'moves a payment on',
    params: { order_id: ref(created), platform_data: { threeDSResult: 'contract-check' } },
    // A made-up result for an order that asked for none: refused as invalid on any backend.
    refused: [ServerCode.invalidParam],
  },
  submitPaymentToken: {
    writes: 'moves a payment on',
    params: { order_id: ref(created), platform_data: { redirectResult: 'contract-check' } },
    // A made-up result for an order that asked for none: refused as invalid on any backend.
    refused: [ServerCode.invalidParam],
  },
  adyenApplePaySessionData: {
    writes: 'opens a wallet merchant session for an order',
    params: {
      uid: ref(`${reem}.uid`),
      source: 1,
      display_name: 'Top-up',
      domain_name: 'localhost',
      app_order: ref(created),
      merchant_identifier: 'merchant.contract-check',
    },
  },
  adyenVerifyPay: {
    writes: 'pays an order',
    params: {
      app_order: ref(created),
      apple_pay_token: ref('fixtures.wallet.success.token'),
      payment_method_type: 'applepay',
    },
  },
  getFineInfo: { params: { id: ref('fixtures.fine.outstanding.id') } },
  createFinePay: {
    writes: 'creates a fine order',
    params: {
      fine_id: ref('fixtures.fine.outstanding.id'),
      amount: ref('fixtures.fine.outstanding.amount'),
      source: 1,
      pay_type: 24,
    },
  },
  payerMaxCreateFinePay: {
    writes: 'creates a fine order',
    params: {
      fine_id: ref('fixtures.fine.outstanding.id'),
      amount: ref('fixtures.fine.outstanding.amount'),
      source: 1,
    },
  },
  submitFeedback: {
    writes: 'files a support ticket',
    params: {
      content: 'contract check',
      images: [ref('steps.uploadImage.data.key')],
      model: 'topup-cli',
      version: '1',
      uuid: ref('fixtures.device.uuid'),
    },
  },
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
 * order has, so the order reads of that id answer "order not found" (23001) there.
 */
export const MOCK_EXPECTED_REFUSALS: Readonly<Partial<Record<CallName, readonly number[]>>> = {
  getCardInfoByOrder: [23001],
  clickCancel: [23001],
  payResultByOrderFast: [23001],
  getOrderInfo: [23001],
  getPayError: [23001],
};

/** The refusals a call's plan asks for itself, on any backend (see `refused`). */
export function planRefusals(call: CallName): readonly number[] {
  const plan = contractPlan[call];
  return 'params' in plan ? (plan.refused ?? []) : [];
}
