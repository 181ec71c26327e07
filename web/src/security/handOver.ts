import { type LoginType, LoginTypeSchema } from '@topup/contracts/storage';
import { hostMatches, isLoopbackHost, type TrustConfig } from './policy';

/**
 * The `#pageinfo` hand-over of the wallet domain move (SPEC §4), as start-up reads it: only its
 * session key, to be checked with the server like a `session_key` argument. The link's `user` and
 * `h5_deviceid` are never used (the server says whose the key is; the device id is this browser's own), so
 * nothing else of it is read here. Kept apart from the full page-info schema (features/pay/pageInfo.ts),
 * which would bring the contracts' entities into the first load.
 */
const SESSION_KEY = /^[\w.:-]{1,200}$/;

/** The `#pageinfo` hand-over's fields, read hostile: undefined unless its JSON is an object. */
function handOverFields(hash: string): Readonly<Record<string, unknown>> | undefined {
  const raw = new URLSearchParams(hash.replace(/^#/, '')).get('pageinfo');
  if (raw === null) return undefined;
  try {
    const info: unknown = JSON.parse(raw);
    return typeof info === 'object' && info !== null && !Array.isArray(info)
      ? (info as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

export function handOverSessionKey(hash: string): string | undefined {
  // Whatever the JSON holds (null, a number, an array, an object), only a well-formed key string passes.
  const key = handOverFields(hash)?.session_key;
  return typeof key === 'string' && SESSION_KEY.test(key) ? key : undefined;
}

/** The visitor's own account, as the page that moved here said it: its uid and how the visitor signed in. */
export interface OwnAccount {
  readonly uid: number;
  readonly loginType: LoginType;
}

/**
 * Whether `referrer` (the document's, its origin only: index.html's `strict-origin`) is this app's own page:
 * the page's origin, an API host of this build (its other domains), or a loopback host on the page's own port
 * when the page is on one (the mock's 127.0.0.1 and localhost). A link a stranger sends is opened from their
 * page, or from none.
 */
export function fromOwnPage(referrer: string, pageHref: string, config: TrustConfig): boolean {
  if (referrer === '') return false;
  const page = new URL(pageHref);
  let from: URL;
  try {
    from = new URL(referrer);
  } catch {
    return false;
  }
  if (from.origin === page.origin) return true;
  // The mock's move from 127.0.0.1 to localhost keeps its port: another loopback port is another program.
  if (isLoopbackHost(page.hostname) && isLoopbackHost(from.hostname)) return from.port === page.port;
  return hostMatches(from, config.apiHosts, page);
}

/**
 * The hand-over's word that its account was the visitor's own: the moving page had it
 * signed in by the visitor, or its link's account confirmed by them ("yes, my account"). Believed only when
 * this app's own page moved here (`fromOwnPage`): a crafted `#pageinfo` link carries whatever it likes, so
 * opened from anywhere else it is a link's sign-in, with its notice. Whose the key is stays the server's word:
 * the sign-in uses this only when the server's user is this uid.
 */
export function handOverOwnAccount(
  hash: string,
  referrer: string,
  pageHref: string,
  config: TrustConfig,
): OwnAccount | undefined {
  if (handOverSessionKey(hash) === undefined || !fromOwnPage(referrer, pageHref, config)) return undefined;
  const own = handOverFields(hash)?.own as { uid?: unknown; login_type?: unknown } | null | undefined;
  const uid = own?.uid;
  const loginType = LoginTypeSchema.safeParse(own?.login_type);
  if (typeof uid !== 'number' || !Number.isSafeInteger(uid) || uid <= 0 || !loginType.success)
    return undefined;
  return { uid, loginType: loginType.data };
}

/**
 * The hand-over's word that its step's choices were the visitor's on the moving page (`chosen`: opened from the
 * list or a return, not by a link). Believed only when this app's own page moved here, as `handOverOwnAccount`.
 */
export function handOverChosen(
  hash: string,
  referrer: string,
  pageHref: string,
  config: TrustConfig,
): boolean {
  return fromOwnPage(referrer, pageHref, config) && handOverFields(hash)?.chosen === true;
}

/**
 * The history entry's mark that its pay step was chosen on this app's own pages: the wallet domain move from
 * this app's page (`fromOwnPage`), where the visitor chose the package, the account and the method, or a
 * payment's return to the order this browser made (features/pay/paymentReturn.ts). Set only by the page
 * itself, never read from the address (which anyone can write); kept in the entry's state, so a reload, back
 * and forward keep it (payments/payHandOver.ts `choicesAreVisitors`).
 */
export const CHOSEN_HERE = 'payChosenHere';

/** Marks the current history entry as chosen on this app's own pages (`CHOSEN_HERE`). */
export function markChosenHere(): void {
  const state = (history.state as Record<string, unknown> | null) ?? {};
  history.replaceState({ ...state, [CHOSEN_HERE]: true }, '');
}
