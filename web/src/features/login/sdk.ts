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

const loads = new Map<string, Promise<boolean>>();

export function loadScript(src: string, timeoutMs = SDK_TIMEOUT_MS): Promise<boolean> {
  const known = loads.get(src);
  if (known) return known;
  // Only the inventory's script hosts; the CSP refuses any other, this says so without trying.
  if (!scriptAllowed(src, location.href, THIRD_PARTY_SCRIPT_HOSTS)) return Promise.resolve(false);
  const promise = new Promise<boolean>((resolve) => {
    const script = document.createElement('script');
    const timer = setTimeout(() => resolve(false), timeoutMs);
    script.src = src;
    script.async = true;
    script.defer = true;
    script.onload = () => {
      clearTimeout(timer);
      resolve(true);
    };
    script.onerror = () => {
      clearTimeout(timer);
      script.remove();
      loads.delete(src);
      resolve(false);
    };
    document.head.append(script);
  });
  loads.set(src, promise);
  return promise;
}

interface FacebookSdk {
  init(options: { appId: string; version: string; cookie?: boolean; xfbml?: boolean }): void;
  login(callback: (response: { authResponse?: { accessToken: string; userID: string } }) => void): void;
}
interface GoogleSdk {
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

export async function loadFacebook(): Promise<FacebookSdk | undefined> {
  const ok = await loadScript(FACEBOOK_SDK_URL);
  const sdk = ok ? window.FB : undefined;
  sdk?.init({ appId: FACEBOOK_APP_ID, version: 'v6.0', cookie: true, xfbml: false });
  return sdk;
}

export async function loadGoogle(): Promise<GoogleSdk | undefined> {
  const ok = await loadScript(GOOGLE_SDK_URL);
  return ok ? window.google : undefined;
}
