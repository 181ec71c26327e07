import { getRechargeListV3, rechargeFillRecord } from '@topup/contracts/api/recharge';
import { backupDomains, batchRequest, config, position } from '@topup/contracts/api/sys';
import { contractSource } from './contracts';

/**
 * The app's contracts: start-up's calls (the batch of config and the charge list, the history sync, the
 * idle backup-domains and position lookups) are in the first load; every other call's contract arrives
 * with the registry chunk, fetched from the visitor's first interaction or beside a page's own chunk.
 */
export const appContracts = contractSource(
  { batchRequest, config, getRechargeListV3, rechargeFillRecord, backupDomains, position },
  () => import('@topup/contracts/registry/index').then((m) => m.registry),
);

/** Fetches the rest of the contracts now, ahead of their first call; a failure waits for that call. */
export function prefetchContracts(): void {
  appContracts.all().catch(() => undefined);
}

/** Fetches the rest once the visitor first touches, clicks or types: calls after that find them loaded. */
export function prefetchContractsOnInteraction(
  target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window,
): void {
  const events = ['pointerdown', 'keydown', 'touchstart'] as const;
  const go = () => {
    for (const event of events) target.removeEventListener(event, go, true);
    prefetchContracts();
  };
  for (const event of events) target.addEventListener(event, go, { capture: true, passive: true });
}
