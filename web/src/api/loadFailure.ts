import { ClientCode } from '@topup/contracts/codes';
import { Message } from '@topup/contracts/messages';
import { serviceFailureOf } from '@topup/contracts/serviceFailure';
import { t } from '../i18n/t';
import { failureText } from './failureText';

/**
 * Why a page's data did not load, as the visitor can act on it (every message from what the page
 * knows). One rule for the pages that load the charge list (the landing's packages, the recharge list's, the
 * pay step's package):
 * - `offline`: the browser is offline, or the request never reached a server (no answer at all): the
 *   visitor's connection is the thing to check;
 * - `timeout`: no answer within the API limit;
 * - `unavailable`: a server answered with a failure of its own (an HTTP 5xx, its internal error): the
 *   service is down for now, the visitor's connection is fine, and a retry later is the way on;
 * - `refused`: a server answered with a refusal: the catalogue's message for its code (too many tries, no such
 *   account), else the service's failure, never the server's own words (failureText.ts).
 */
export type LoadFailure = 'offline' | 'timeout' | 'unavailable' | 'refused';

export function loadFailureOf(result: number, online: boolean): LoadFailure {
  if (!online || result === ClientCode.network) return 'offline';
  if (result === ClientCode.timeout) return 'timeout';
  const failure = serviceFailureOf(result);
  return failure === 'httpServerError' || failure === 'serverError' ? 'unavailable' : 'refused';
}

/** The sentence for a failed load: `online` is the browser's `navigator.onLine` when it was told. */
export function loadFailureText(failure: { readonly result: number }, online: boolean): string {
  switch (loadFailureOf(failure.result, online)) {
    case 'offline':
      return Message.network;
    case 'timeout':
      return Message.timeout;
    case 'unavailable':
      return t('app.serviceUnavailable');
    case 'refused':
      return failureText(failure.result, { unknown: () => t('app.serviceUnavailable') });
  }
}
