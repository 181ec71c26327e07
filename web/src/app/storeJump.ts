import type { PkgInfo } from '@topup/contracts/entities';
import { storeLinksOf } from '../platform/storeLinks';
import type { UrlArgs } from '../platform/urlArgs';
import { navigateTo } from '../security/navigation';

/**
 * The store jump of SPEC §2, a chunk of its own: start-up fetches it only when the launch URL asks for a jump
 * (`wantsStoreJump`), so a plain visit loads neither it nor the navigation policy's refusal handling.
 */

export const JUMP_APP_STORE_DELAY_MS = 1_000;

/** With tab=1 and jump_app_store, the Apple store at once; with jumpAppStore, the platform's store after 1 s. */
export function jumpToStore(
  args: UrlArgs,
  pkg: PkgInfo,
  schedule: (fn: () => void, ms: number) => void = setTimeout,
  userAgent: string = navigator.userAgent,
): void {
  const links = storeLinksOf(pkg);
  if (links === undefined) return;
  if (args.tab === '1' && args.jump_app_store !== undefined) {
    navigateTo(links.apple, 'store');
    return;
  }
  if (args.jumpAppStore !== undefined) {
    const android = /android/i.test(userAgent);
    schedule(() => navigateTo(android ? links.android : links.apple, 'store'), JUMP_APP_STORE_DELAY_MS);
  }
}
