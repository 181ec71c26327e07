import * as auth from '@topup/contracts/api/auth';
import * as recharge from '@topup/contracts/api/recharge';
import * as sys from '@topup/contracts/api/sys';
import { messageOf } from '@topup/contracts/messages';
import { contractSource } from './contracts';

/**
 * The app's contracts and the messages of their codes. Start-up's calls (the batch of config and the charge
 * list, the server's time beside it, the history sync both ways, the idle backup-domains and position
 * lookups, dialing a backup host with `hii` when the API host fails, which must not wait for a download, and
 * a link's session-key sign-in) are the registry's own, in the first load; every other call's contract arrives with the registry chunk, fetched
 * from the visitor's first interaction, beside a lazily loaded page, or by the first call that needs it.
 */
export const startContracts = {
  batchRequest: sys.batchRequest,
  config: sys.config,
  serverTime: sys.serverTime,
  getRechargeListV3: recharge.getRechargeListV3,
  rechargeFillRecord: recharge.rechargeFillRecord,
  uploadRechargeFillRecord: recharge.uploadRechargeFillRecord,
  backupDomains: sys.backupDomains,
  hii: sys.hii,
  position: sys.position,
  getPayUserInfo: auth.getPayUserInfo,
};

export const appContracts = contractSource(startContracts, async () => {
  const { registry } = await import('@topup/contracts/registry/index');
  return registry;
});

/** The message of a result code: the whole catalogue (contracts/src/messages.ts) is in the first load. */
export const appMessageOf: (code: number) => string | undefined = messageOf;

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
