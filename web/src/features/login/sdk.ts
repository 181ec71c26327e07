import { LATE, within } from '../../platform/loadOnce';
import { THIRD_PARTY_SCRIPT_HOSTS } from '../../security/inventory';
import { scriptAllowed } from '../../security/outbound';

/**
 * Social SDKs, loaded only by the login page (SPEC §7: Facebook SDK v6.0, Google Identity Services).
 * There may be no route to their hosts (offline, blocked): a load failure or a 8 s silence is a visible,
 * non-blocking state — the account form keeps working.
 */
export type SdkState = 'loading' | 'ready' | 'failed';

export const FACEBOOK_SDK_URL = 'https://connect.facebook.net/ar_AR/sdk.js';
export const GOOGLE_SDK_URL = 'https://accounts.google.com/gsi/client';
export const FACEBOOK_APP_ID = '0';
export const GOOGLE_CLIENT_ID = 'topup-web.apps.googleusercontent.com';
export const SDK_TIMEOUT_MS = 8_000;

/** Each script's own arrival: true once loaded, false once failed (then forgotten: the next use tries again). */
const arrivals = new Map<string, Promise<boolean>>();

function inject(src: string): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.defer = true;
    script.onload = () => resolve(true);
    script.onerror = () => {
      script.remove();
      arrivals.delete(src);
      resolve(false);
    };
    document.head.append(script);
  });
}

/**
 * Whether the script loaded within `timeoutMs`. One that comes later is not given up for the visit: it is
 * still waited for (a later use waits for the same download again, rather than hearing the silence as a
 * failure for ever), and `onLate` is called when it does load, so a sign-in shown unavailable becomes ready.
 */
export async function loadScript(
  src: string,
  timeoutMs = SDK_TIMEOUT_MS,
  onLate?: () => void,
): Promise<boolean> {
  // Only the inventory's script hosts; the CSP refuses any other, this says so without trying.
  if (!scriptAllowed(src, location.href, THIRD_PARTY_SCRIPT_HOSTS)) return false;
  let arrival = arrivals.get(src);
  if (arrival === undefined) {
    arrival = inject(src);
    arrivals.set(src, arrival);
  }
  const inTime = await within(arrival, timeoutMs);
  if (inTime !== LATE) return inTime;
  if (onLate !== undefined) void arrival.then((loaded) => loaded && onLate());
  return false;
}

interface FacebookSdk {
  init(options: { appId: string; version: string; cookie?: boolean; xfbml?: boolean }): void;
  login(callback: (response: { authResponse?: { accessToken: string; userID: string } }) => void): void;
}
export interface GoogleSdk {
  accounts: {
    id: {
      initialize(options: {
        client_id: string;
        callback: (response: { credential?: string }) => void;
        ux_mode?: 'popup' | 'redirect';
      }): void;
      renderButton(element: HTMLElement, options: Record<string, string | number>): void;
    };
  };
}

declare global {
  interface Window {
    FB?: FacebookSdk;
    google?: GoogleSdk;
  }
}

function initFacebook(): FacebookSdk | undefined {
  const sdk = window.FB;
  sdk?.init({ appId: FACEBOOK_APP_ID, version: 'v6.0', cookie: true, xfbml: false });
  return sdk;
}

/** The Facebook SDK, undefined when it did not load in its wait; `late` has it if it comes after that. */
export async function loadFacebook(late?: (sdk: FacebookSdk) => void): Promise<FacebookSdk | undefined> {
  const ok = await loadScript(FACEBOOK_SDK_URL, SDK_TIMEOUT_MS, () => {
    const sdk = initFacebook();
    if (sdk !== undefined) late?.(sdk);
  });
  return ok ? initFacebook() : undefined;
}

/** Google Identity Services, undefined when it did not load in its wait; `late` has it if it comes after that. */
export async function loadGoogle(late?: (sdk: GoogleSdk) => void): Promise<GoogleSdk | undefined> {
  const ok = await loadScript(GOOGLE_SDK_URL, SDK_TIMEOUT_MS, () => {
    if (window.google !== undefined) late?.(window.google);
  });
  return ok ? window.google : undefined;
}
