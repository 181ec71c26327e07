import { removeUrlArgs } from '../security/addressBar';

/** The URL arguments of SPEC §2, read from the query and from the hash (the query wins). */
export const URL_ARG_NAMES = [
  'session_key',
  'open_id',
  'room_id',
  'is_anchor',
  'from',
  'platform',
  'version_code',
  'is_debug',
  'api_base',
  'bundleid',
  'log',
  'tab',
  'jump_app_store',
  'jumpAppStore',
  'info',
  'ticket',
  'bundle_id',
  'fb_id',
  'fb_token',
  'dt',
  'zp_orderid',
  'order_id',
  'zp_show',
  'test_zp_show',
  'zp_h5deviceid',
  'zp_pay_sub_type',
  'test_local',
  'test_update_date',
  'pageinfo',
] as const;
export type UrlArgName = (typeof URL_ARG_NAMES)[number];
export type UrlArgs = Partial<Record<UrlArgName, string>>;

const known = new Set<string>(URL_ARG_NAMES);

function paramsOfHash(hash: string): URLSearchParams {
  const bare = hash.replace(/^#/, '');
  // Hash routes look like `#/path?a=1`; plain hashes like `#a=1&pageinfo=...`.
  const question = bare.indexOf('?');
  return new URLSearchParams(question >= 0 ? bare.slice(question + 1) : bare);
}

export function readUrlArgs(search: string, hash: string): UrlArgs {
  const args: UrlArgs = {};
  for (const params of [paramsOfHash(hash), new URLSearchParams(search)]) {
    for (const [name, value] of params) {
      if (known.has(name)) args[name as UrlArgName] = value;
    }
  }
  return args;
}

/** What a provider's page adds to the return address (Adyen's redirect and 3-D Secure results), sent on. */
export const PROVIDER_RETURN_ARGS = ['redirectResult', 'threeDSResult', 'payload', 'resultCode'] as const;

/**
 * A payment return's arguments (SPEC §2 lists them among the URL's; it says nothing of keeping them): once
 * the return has ended they leave the address (`leavePaymentReturn`), so a reload does not ask again.
 */
const PAYMENT_RETURN_ARGS: readonly string[] = [
  'zp_show',
  'test_zp_show',
  'zp_orderid',
  'order_id',
  'zp_h5deviceid',
  'zp_pay_sub_type',
  ...PROVIDER_RETURN_ARGS,
];

/** The return's arguments leave the address bar, every other argument and the hash kept. */
export const leavePaymentReturn = (): boolean => removeUrlArgs(PAYMENT_RETURN_ARGS);

/** A payment return (SPEC §2 rechargeList): zp_show=1 or test_zp_show, an order id and a device id. */
export interface PaymentReturn {
  readonly orderId: string;
  readonly deviceId: string;
  readonly paySubType: string | undefined;
}

export function paymentReturnOf(args: UrlArgs): PaymentReturn | undefined {
  const shown = args.zp_show === '1' || (args.test_zp_show !== undefined && args.test_zp_show !== '0');
  const orderId = args.zp_orderid ?? args.order_id;
  const deviceId = args.zp_h5deviceid;
  if (!shown || !orderId || !deviceId) return undefined;
  return { orderId, deviceId, paySubType: args.zp_pay_sub_type };
}

/**
 * The native app's version code a link carries (`version_code`, SPEC §2): a positive integer written plainly,
 * at most 9 digits. A link is hostile input: nothing a number parser would also read (hex, exponents, signs,
 * decimals, blanks, leading zeros, other digit scripts) is a version code.
 */
export function versionCodeArg(args: UrlArgs): number | undefined {
  const value = args.version_code;
  return value !== undefined && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : undefined;
}

/** `is_debug` in the URL turns debug on; any value but 0/false counts. */
export function isDebugArg(args: UrlArgs): boolean {
  const value = args.is_debug;
  return value !== undefined && value !== '0' && value !== 'false';
}
