import { LIMITS } from '@topup/contracts/limits';
import { StorageKeys } from '@topup/contracts/storage';
import { LATE, within } from '../platform/loadOnce';
import { readKey, writeKey } from '../platform/storage';
import { type TrustConfig, trustedApiBase, trustedBackupLists } from '../security/policy';
import { trustConfig } from '../security/trust';
import type { ApiClient } from './client';
import { clientFor, currentApiBase } from './instance';

/**
 * Recovery from an API host that does not answer (SPEC §7, §9): loaded by `domains.ts`'s `recoverApiBase`
 * only when start-up's call failed on the network, never with the first load.
 */

/**
 * Dials the replacement hosts kept from an earlier backup-domains answer (with `hii`, never JSONP) and
 * reloads on the first that answers. Stored lists are filtered by the trusted-host policy again: storage
 * may have been written by anyone. True when a reload is under way.
 */
export async function recoverApiBase(): Promise<boolean> {
  const stored = readKey(StorageKeys.backupApiLists);
  const lists = stored === undefined ? {} : trustedBackupLists(stored, location.href, trustConfig);
  const base = currentApiBase();
  const host = base === '' || base.startsWith('/') ? location.host : new URL(base).host;
  const candidates = (lists[host] ?? []).map((replacement) => `${location.protocol}//${replacement}`);
  const found = await dialDomains(candidates, clientFor, location.href, trustConfig);
  if (found === undefined) return false;
  writeKey(StorageKeys.lastApiBase, found);
  location.reload();
  return true;
}

/**
 * Dials each candidate base with `hii`, a plain JSON GET (never the JSONP `h5_info`: a JSONP answer is a
 * script the page would run), and answers the first that replies, or undefined. Candidates the policy does
 * not trust are never dialed. `clientFor` builds a client whose base is the candidate.
 */
export async function dialDomains(
  candidates: readonly string[],
  clientFor: (base: string) => ApiClient,
  pageHref: string,
  config: TrustConfig,
): Promise<string | undefined> {
  const strict = { ...config, dev: false };
  const trusted = candidates.filter((base) => {
    const checked = trustedApiBase(base, pageHref, strict);
    return checked !== undefined && checked !== '';
  });
  if (trusted.length === 0) return undefined;
  const attempts = trusted.map(async (base) => {
    const answer = await clientFor(base).call('hii', {});
    if (!answer.ok) throw new Error('no answer');
    return base;
  });
  const first = await within(
    Promise.any(attempts).catch(() => undefined),
    LIMITS.domainDialMs,
  );
  return first === LATE ? undefined : first;
}
