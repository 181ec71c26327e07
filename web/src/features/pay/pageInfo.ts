import { PayTargetRecordSchema, SessionUserSchema } from '@topup/contracts/entities';
import { LastPayCardSchema, LoginTypeSchema, OwnedStorageKeys } from '@topup/contracts/storage';
import { z } from 'zod/mini';
import { tabStorage } from '../../platform/storage';

/**
 * The wallet domain check's page move (SPEC §4): when this domain cannot pay by wallet and the server names
 * another, the page moves there carrying page info in the `pageinfo` hash parameter. Only to a host the
 * configuration allows, so the session key never goes anywhere else.
 *
 * On arrival anyone could have written the hash: the target, package and pay type travel in the
 * query as on any visit, and of the page info only the session key is used, as a `session_key` sign-in
 * (checked with the server, the switch confirm when another user is signed in). Its `user` and
 * `h5_deviceid` are never restored: the server says who the key belongs to, and the device id is this
 * browser's own (`security/handOver.ts`). See `getPayUserInfo`'s project choice in contracts/src/api/auth.ts.
 */

/** Built on its first use (the pay step loads this module but moves pages only after a tap). */
export const PageInfoSchema = z.object({
  h5_deviceid: z.string().check(z.minLength(1), z.maxLength(128)),
  session_key: z.optional(z.string().check(z.maxLength(200))),
  user: z.optional(SessionUserSchema),
  to_uid: z.int().check(z.positive()),
  history: z.array(PayTargetRecordSchema).check(z.maxLength(3)),
  last_card: z.optional(LastPayCardSchema),
  charge: z.object({ recharge_id: z.string(), pay_type: z.int() }),
  /**
   * The account was the visitor's own here (signed in by them, or its link's account confirmed): the page
   * moved to asks no link question for it (security/handOver.ts `handOverOwnAccount`, which believes it only
   * when this app's own page moved there).
   */
  own: z.optional(z.object({ uid: z.int().check(z.positive()), login_type: LoginTypeSchema })),
  /**
   * The package, account and method were the visitor's choice on the moving page (its step opened from the list
   * or a payment's return, never by a link): the page moved to preselects as that one did (`handOverChosen`).
   */
  chosen: z.optional(z.literal(true)),
  /**
   * A move to the page's own origin only: the one-time proof it left in this tab's sessionStorage right before
   * moving (`sealedForMove`), without which the page moved to believes neither `own` nor `chosen`.
   */
  proof: z.optional(z.string().check(z.maxLength(64))),
});
export type PageInfo = z.infer<typeof PageInfoSchema>;

function hostnameOf(domain: string): string {
  const host = domain.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').split(/[/?#]/, 1)[0] ?? '';
  return host.replace(/:\d+$/, '').toLowerCase();
}

/** Whether the page may move to `domain`: a configured host, and not the one it is on. */
export function mayMoveTo(domain: string, currentHost: string, allowedHosts: readonly string[]): boolean {
  if (domain === '' || domain.toLowerCase() === currentHost.toLowerCase()) return false;
  if (/[\s@\\]/.test(domain)) return false;
  return allowedHosts.includes(hostnameOf(domain));
}

/** The URL on the other domain: same path and query, page info in the hash; undefined when not allowed. */
export function pageInfoUrl(
  current: {
    protocol: string;
    host: string;
    pathname: string;
    search: string;
  },
  domain: string,
  info: PageInfo,
  allowedHosts: readonly string[],
): string | undefined {
  if (!mayMoveTo(domain, current.host, allowedHosts)) return undefined;
  const host = domain.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').split(/[/?#]/, 1)[0] ?? '';
  const encoded = encodeURIComponent(JSON.stringify(PageInfoSchema.parse(info)));
  return `${current.protocol}//${host}${current.pathname}${current.search}#pageinfo=${encoded}`;
}

/**
 * The move's URL as it leaves, right before the move: to another origin as it is (storage does not travel;
 * the page moved to believes the referrer of another host of this build there); to the page's own origin,
 * its page info carrying a fresh one-time proof, kept in this tab's sessionStorage for the arriving page to
 * check and consume (security/handOver.ts `handOverFromOwnMove`). Without storage no proof is left: the
 * page moved to then takes the hand-over as a link's (its question, nothing chosen), never as the visitor's.
 */
export function sealedForMove(
  target: string,
  pageHref: string,
  storage: Pick<Storage, 'setItem'> | undefined = tabStorage(),
): string {
  const url = new URL(target, pageHref);
  if (url.origin !== new URL(pageHref).origin) return target;
  const raw = new URLSearchParams(url.hash.replace(/^#/, '')).get('pageinfo');
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  const proof = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  try {
    const info: unknown = JSON.parse(raw ?? '');
    if (typeof info !== 'object' || info === null || storage === undefined) return target;
    storage.setItem(OwnedStorageKeys.handOverProof, proof);
    url.hash = `pageinfo=${encodeURIComponent(JSON.stringify({ ...info, proof }))}`;
    return url.href;
  } catch {
    // No hand-over to seal, or storage refused: it goes without a proof, and is taken as a link's there.
    return target;
  }
}
