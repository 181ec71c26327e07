import { LIMITS } from '@topup/contracts/limits';
import type { ApiClient } from './client';

/** Backup domains (5 s race) and domain dialing through h5_info (SPEC §7, §9). */
export const BACKUP_DOMAINS_TIMEOUT_MS = LIMITS.backupDomainsMs;
export const DOMAIN_DIAL_TIMEOUT_MS = LIMITS.domainDialMs;

function timeout<T>(ms: number, value: T): Promise<T> {
  return new Promise((resolve) => setTimeout(() => resolve(value), ms));
}

/** The replacement hosts map, or undefined when it does not arrive within 5 s. */
export async function fetchBackupDomains(client: ApiClient): Promise<Record<string, string[]> | undefined> {
  const answer = await Promise.race([
    client.call('backupDomains', {}),
    timeout(BACKUP_DOMAINS_TIMEOUT_MS, undefined),
  ]);
  return answer?.ok ? answer.data.domains : undefined;
}

/**
 * Dials each candidate base with the h5_info JSONP call and answers the first that replies, or undefined.
 * `clientFor` builds a client whose base is the candidate.
 */
export async function dialDomains(
  candidates: readonly string[],
  clientFor: (base: string) => ApiClient,
): Promise<string | undefined> {
  if (candidates.length === 0) return undefined;
  const attempts = candidates.map(async (base) => {
    const answer = await clientFor(base).call('h5Info', {});
    if (!answer.ok) throw new Error('no answer');
    return base;
  });
  return Promise.race([
    Promise.any(attempts).catch(() => undefined),
    timeout(DOMAIN_DIAL_TIMEOUT_MS, undefined),
  ]);
}
