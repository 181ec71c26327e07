import { api } from '../api/instance';
import { reportEvent } from '../api/reporting';
import { tSecurity } from '../i18n/security';
import { BUILD } from '../platform/env';
import { clientUuid } from '../platform/ids';
import { appStore } from '../platform/store';
import { showToastAtom } from '../ui/toast';
import { checkNavigation, navigationTrust } from './outbound';
import type { Refusal } from './policy';

/** Why the page was about to go somewhere: named in the refusal event. */
export type NavigationPurpose = 'store' | 'order' | 'threeDs' | 'wallet' | 'privacy' | 'terms' | 'link';

export const NAVIGATION_REFUSED_EVENT = 'navigation_refused';

/** Only the scheme and host of a refused target are reported: its path or query may carry anything. */
function describe(raw: string): string {
  try {
    const url = new URL(raw, location.href);
    return url.protocol === 'http:' || url.protocol === 'https:'
      ? `${url.protocol}//${url.host}`
      : url.protocol;
  } catch {
    return 'malformed';
  }
}

/**
 * Reports the refusal as an event and, unless the caller tells the visitor itself (`tell` false: a payment's
 * refused-page panel), tells them in Arabic.
 */
export function refuseNavigation(
  raw: string,
  purpose: NavigationPurpose,
  reason: Refusal,
  tell = true,
): void {
  if (tell) appStore.set(showToastAtom, { text: tSecurity('security.navigationRefused'), tone: 'error' });
  void reportEvent(api, { uuid: clientUuid(), version: BUILD.version }, NAVIGATION_REFUSED_EVENT, {
    str: [purpose, reason, describe(raw)],
  });
}

/**
 * The target as a URL the policy allows, or undefined (refused, told and reported). Only the wallet domain
 * move may carry its sign-in hand-over to a page of this app (`checkNavigation`).
 */
export function allowedTarget(raw: string, purpose: NavigationPurpose, tell = true): string | undefined {
  const verdict = checkNavigation(raw, location.href, navigationTrust, purpose === 'wallet');
  if (verdict.ok) return verdict.url.href;
  refuseNavigation(raw, purpose, verdict.reason, tell);
  return undefined;
}

/** A href for a link taken from data, or undefined when the policy refuses it (nothing reported: not followed). */
export function safeHref(raw: string): string | undefined {
  const verdict = checkNavigation(raw, location.href, navigationTrust);
  return verdict.ok ? verdict.url.href : undefined;
}

/**
 * Sends the visitor to `raw` when the policy allows it; true when it does. `replace` leaves no history entry;
 * `toldByCaller` when the caller tells the visitor of a refusal itself (no toast then; still reported).
 */
export function navigateTo(
  raw: string,
  purpose: NavigationPurpose,
  {
    replace = false,
    toldByCaller = false,
  }: { readonly replace?: boolean; readonly toldByCaller?: boolean } = {},
): boolean {
  const target = allowedTarget(raw, purpose, !toldByCaller);
  if (target === undefined) return false;
  if (replace) location.replace(target);
  else location.assign(target);
  return true;
}
