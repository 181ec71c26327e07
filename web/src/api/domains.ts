import { LIMITS } from '@topup/contracts/limits';
import { LATE, within } from '../platform/loadOnce';
import { type TrustConfig, trustedBackupLists } from '../security/policy';
import type { ApiClient } from './client';

/** Backup domains (5 s race) and domain dialing (SPEC §7, §9); the dialing itself is in `recovery.ts`. */
export const BACKUP_DOMAINS_TIMEOUT_MS = LIMITS.backupDomainsMs;
export const DOMAIN_DIAL_TIMEOUT_MS = LIMITS.domainDialMs;

/**
 * The replacement hosts map, or undefined when it does not arrive within 5 s. Only replacements the
 * trusted-host policy allows are kept: an answer cannot add a host the build did not configure.
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

type Recovery = typeof import('./recovery');

/**
 * The API host did not answer: dial the replacement hosts kept from an earlier backup-domains answer and
 * reload on the first that answers (`recovery.ts`). True when a reload is under way. Its code is fetched only
 * now, never with the first load; when it cannot be fetched within the dial's own 5 s, nothing
 * is dialed or changed and the answer is false, as when no replacement answers.
 */
export async function recoverApiBase(
  load: () => Promise<Recovery> = () => import('./recovery'),
  limitMs = DOMAIN_DIAL_TIMEOUT_MS,
): Promise<boolean> {
  try {
    const recovery = await within(load(), limitMs);
    return recovery !== LATE && (await recovery.recoverApiBase());
  } catch {
    return false;
  }
}
