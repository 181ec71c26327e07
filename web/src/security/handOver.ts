import { type LoginType, LoginTypeSchema, OwnedStorageKeys } from '@topup/contracts/storage';
import { tabStorage } from '../platform/storage';
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
 * Whether `referrer` (the document's, its origin only: index.html's `strict-origin`) is another host of this
 * build: an API host (its other domains), or a loopback host on the page's own port when the page is on one
 * (the mock's 127.0.0.1 and localhost). Never the page's own origin: the page can be made to go to any
 * address on it (a server's store link or order url), so a same-origin referrer proves nothing
 * (`handOverFromOwnMove`). A link a stranger sends is opened from their page, or from none.
 */
function fromOtherHostOfBuild(referrer: string, pageHref: string, config: TrustConfig): boolean {
  if (referrer === '') return false;
  const page = new URL(pageHref);
  let from: URL;
  try {
    from = new URL(referrer);
  } catch {
    return false;
  }
  if (from.origin === page.origin) return false;
  // The mock's move from 127.0.0.1 to localhost keeps its port: another loopback port is another program.
  if (isLoopbackHost(page.hostname) && isLoopbackHost(from.hostname)) return from.port === page.port;
  return hostMatches(from, config.apiHosts, page);
}

/** A proof shorter than this is no proof (the moving page writes 32 hex digits). */
const MIN_PROOF_LENGTH = 32;

/**
 * Whether the `#pageinfo` hand-over in `hash` is this app's own wallet domain move, so its word (`own`,
 * `chosen`) is believed. Asked once per arrival: it consumes the move's proof.
 * - A move to the page's own origin: only with the one-time proof the moving page left in this tab's
 *   sessionStorage right before it moved (features/pay/pageInfo.ts `sealedForMove`) and carried in the
 *   hand-over's `proof`. The referrer is no proof there: a hostile or wrong server answer can send the page to a
 *   crafted same-origin `#pageinfo` itself (the attacker review: `ksa_apple_url` with `/?tab=1&jump_app_store=1`).
 * - A move from another host of this build (`config.apiHosts`, the mock's loopback alias): storage is per origin,
 *   so no proof can travel; the referrer rule stays there (`fromOtherHostOfBuild`). The page never follows a
 *   server's link carrying a sign-in to any of this build's hosts (security/outbound.ts), only its own move.
 */
export function handOverFromOwnMove(
  hash: string,
  referrer: string,
  pageHref: string,
  config: TrustConfig,
  storage: Pick<Storage, 'getItem' | 'removeItem'> | undefined = tabStorage(),
): boolean {
  const fields = handOverFields(hash);
  if (fields === undefined) return false;
  let expected: string | null = null;
  try {
    expected = storage?.getItem(OwnedStorageKeys.handOverProof) ?? null;
    storage?.removeItem(OwnedStorageKeys.handOverProof);
  } catch {
    // Storage refused: no proof here, and none left to replay.
  }
  if (expected !== null && expected.length >= MIN_PROOF_LENGTH && fields.proof === expected) return true;
  return fromOtherHostOfBuild(referrer, pageHref, config);
}

/**
 * The hand-over's word that its account was the visitor's own: the moving page had it
 * signed in by the visitor, or its link's account confirmed by them ("yes, my account"). Believed only when
 * this app's own page moved here (`movedHere`: `handOverFromOwnMove`): a crafted `#pageinfo` link carries
 * whatever it likes, so opened from anywhere else it is a link's sign-in, with its notice. Whose the key is
 * stays the server's word: the sign-in uses this only when the server's user is this uid.
 */
export function handOverOwnAccount(hash: string, movedHere: boolean): OwnAccount | undefined {
  if (!movedHere || handOverSessionKey(hash) === undefined) return undefined;
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
export function handOverChosen(hash: string, movedHere: boolean): boolean {
  return movedHere && handOverFields(hash)?.chosen === true;
}

/**
 * The history entry's mark that its pay step was chosen on this app's own pages: the wallet domain move from
 * this app's page (`handOverFromOwnMove`), where the visitor chose the package, the account and the method, or a
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
