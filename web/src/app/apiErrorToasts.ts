import { ClientCode, ServerCode } from '@topup/contracts/codes';
import { Message } from '@topup/contracts/messages';
import type { CallName } from '@topup/contracts/registry/index';
import { onApiError } from '../api/errors';
import { t } from '../i18n/t';
import type { AppStore } from '../platform/store';
import { showToastAtom, type ToastMessage } from '../ui/toast';

/**
 * Network trouble and a lost session (SPEC §8's global handler) are told once, as a toast, whichever call met
 * them. Listened to from the app's start, before any call goes out (start.tsx): a start-up call's -10000 or
 * failure can come back before React has the page, and a listener of React's would miss it.
 */

export const NETWORK_TOAST_GAP_MS = 3_000;
/**
 * Calls whose page says a network failure itself, where it happened (one network
 * notice): the order (the pay step's notice beside its button), the account check (the search field's
 * error; after a paid fine, "check again"), the packages (the recharge list's, the landing's and the pay
 * step's banner with its retry).
 */
const OWN_NETWORK_NOTICE: ReadonlySet<CallName> = new Set<CallName>([
  'createCoinPay',
  'checkDisplayId',
  'getRechargeListV3',
  // The saved cards' list says it could not load them (SavedCardList); a success's refresh of them is
  // background work, like the calls below.
  'getCardSource',
  // The problem report's form says why it was not sent (FeedbackPage), its text and files kept for a retry.
  'uploadToken',
  'uploadImage',
  'submitFeedback',
]);
/**
 * Calls the visitor does not wait on and could not retry: reports, the page view's close, the start-up's
 * extras. Each retries or gives up on its own; failing offline just after a payment, a toast saying "try
 * again" over the success panel would invite a second payment.
 */
const BACKGROUND: ReadonlySet<CallName> = new Set<CallName>([
  'addEvent',
  'payPageEvent',
  'pageViewIdResult',
  'tmpReport',
  'sensorReport',
  'clickCancel',
  'uploadRechargeFillRecord',
  'backupDomains',
  'position',
  // Without it the device's clock judges card expiry (platform/serverClock.ts): nothing to tell or retry.
  'serverTime',
  // The paid order's own amount (features/pay/orderCharge.ts), asked beside the success panel: without it the
  // panel says what was shown; the payment return says its own failure.
  'getOrderInfo',
]);

/**
 * Listens from now on; the toasts are written once `live` settles (React has the page), so a hydration meets
 * the store as the build had it. Returns the unsubscribe.
 */
export function toastApiErrors(
  store: AppStore,
  live: Promise<void> = Promise.resolve(),
  now: () => number = Date.now,
): () => void {
  let lastNetworkToast = Number.NEGATIVE_INFINITY;
  const show = (toast: { text: string; tone: ToastMessage['tone'] }) =>
    void live.then(() => store.set(showToastAtom, toast));
  return onApiError((info) => {
    // A key asked about (get_pay_user_info: a link's, a stored session's check) is told by its caller, who knows
    // whether a session of this visitor's ended (login/signIn.ts, session/verify.ts) or only a link expired. A
    // call made under no session (a link's ticket or hand-over sign-in) ended none.
    const underNoSession = info.session !== undefined && info.session.key === undefined;
    if (info.result === ServerCode.loggedOut && info.call !== 'getPayUserInfo' && !underNoSession)
      show({ text: Message.loggedOut, tone: 'error' });
    if (info.result !== ClientCode.network && info.result !== ClientCode.timeout) return;
    // The page tells these itself, in place: one notice, no toast too.
    if (OWN_NETWORK_NOTICE.has(info.call) || BACKGROUND.has(info.call)) return;
    const at = now();
    if (at - lastNetworkToast < NETWORK_TOAST_GAP_MS) return;
    lastNetworkToast = at;
    show({ text: t('app.networkError'), tone: 'error' });
  });
}
