import { LIMITS } from '@topup/contracts/limits';
import { LATE, within } from '../platform/loadOnce';
import { type TrustConfig, trustedApiBase, trustedBackupBases } from '../security/policy';
import type { ApiClient } from './client';

/** Backup domains (5 s race) and domain dialing (SPEC §7, §9). */
export const BACKUP_DOMAINS_TIMEOUT_MS = LIMITS.backupDomainsMs;
export const DOMAIN_DIAL_TIMEOUT_MS = LIMITS.domainDialMs;

/**
 * The replacement hosts map, or undefined when it does not arrive within 5 s. Only replacements the
 * trusted-host policy allows are kept (issue 11): an answer cannot add a host the build did not configure.
 */
export async function fetchBackupDomains(
  client: ApiClient,
  pageHref: string,
  config: TrustConfig,
): Promise<Record<string, string[]> | undefined> {
  const answer = await within(client.call('backupDomains', {}), BACKUP_DOMAINS_TIMEOUT_MS);
  if (answer === LATE || !answer.ok) return undefined;
  return trustedBackupLists(answer.data.domains, pageHref, config);
}

/** A backup-domains map with every untrusted replacement dropped (also applied to what storage gives back). */
export function trustedBackupLists(
  domains: Readonly<Record<string, readonly string[]>>,
  pageHref: string,
  config: TrustConfig,
): Record<string, string[]> {
  const kept: Record<string, string[]> = {};
  for (const [host, replacements] of Object.entries(domains)) {
    const trusted = replacements.filter((r) => trustedBackupBases([r], pageHref, config).length === 1);
    if (trusted.length > 0) kept[host] = trusted;
  }
  return kept;
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
    DOMAIN_DIAL_TIMEOUT_MS,
  );
  return first === LATE ? undefined : first;
}
