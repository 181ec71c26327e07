/**
 * Every third-party script the payment pages may run, and why (PCI DSS v4.0.1 requirement 6.4.3). The
 * production Content-Security-Policy's `script-src` is built from this list (`headers.ts`), and a test checks
 * that web/README.md's inventory table says the same, so neither can drift from the code that loads them.
 * Pure data: the build (vite.config.ts) and the app both read it.
 */
export interface ThirdPartyScript {
  readonly name: string;
  /** The script's address, or, for code bundled into the app's own files, the npm package. */
  readonly source: string;
  /** Hosts the script is fetched from (script-src); none when it is bundled and served from the page's origin. */
  readonly scriptHosts: readonly string[];
  /** Hosts it frames, calls or posts to (frame-src, connect-src, form-action). */
  readonly frameHosts: readonly string[];
  readonly connectHosts: readonly string[];
  readonly formHosts: readonly string[];
  /** Where it is loaded. */
  readonly loadedOn: string;
  /** Loaded by the sign-in page alone: its hosts are in that page's policy only (headers.ts). */
  readonly signInOnly?: true;
  readonly why: string;
}

const ADYEN_HOSTS = ['checkoutshopper-live.adyen.com', 'checkoutshopper-test.adyen.com'];
const ADYEN_CDN = ['checkoutshopper-live.cdn.adyen.com', 'checkoutshopper-test.cdn.adyen.com'];

export const THIRD_PARTY_SCRIPTS: readonly ThirdPartyScript[] = [
  {
    name: 'Checkout.com Frames',
    source: 'https://cdn.checkout.com/js/framesv2.min.js',
    scriptHosts: ['cdn.checkout.com'],
    frameHosts: ['cdn.checkout.com', '.checkout.com'],
    connectHosts: ['api.checkout.com', 'api.sandbox.checkout.com'],
    formHosts: [],
    loadedOn: '/pay-step, new card of provider 13',
    why: 'card number, expiry and CVV are typed in Checkout.com frames, so they never reach this page',
  },
  {
    name: 'Checkout.com Flow',
    source: 'https://checkout-web-components.checkout.com/index.js',
    scriptHosts: ['checkout-web-components.checkout.com'],
    frameHosts: ['checkout-web-components.checkout.com'],
    connectHosts: ['api.checkout.com', 'api.sandbox.checkout.com'],
    formHosts: [],
    loadedOn: '/pay-step, saved card of provider 13',
    why: "a saved card's CVV is tokenised by Checkout.com's card_cvv component",
  },
  {
    name: 'Adyen Web',
    source: 'npm @adyen/adyen-web (bundled)',
    scriptHosts: [],
    frameHosts: [...ADYEN_HOSTS, ...ADYEN_CDN],
    connectHosts: [...ADYEN_HOSTS, 'checkoutanalytics-live.adyen.com', 'checkoutanalytics-test.adyen.com'],
    formHosts: ADYEN_HOSTS,
    loadedOn: '/pay-step, provider 17 cards and 3-D Secure 2',
    why: "card fields are Adyen's secured frames; 3-D Secure 2 challenges and redirects run through Adyen",
  },
  {
    name: 'Facebook SDK v6.0',
    source: 'https://connect.facebook.net/ar_AR/sdk.js',
    scriptHosts: ['connect.facebook.net'],
    frameHosts: ['www.facebook.com'],
    connectHosts: ['graph.facebook.com'],
    formHosts: [],
    loadedOn: '/login only',
    signInOnly: true,
    why: 'social sign-in (SPEC §7); never loaded on the payment steps',
  },
  {
    name: 'Google Identity Services',
    source: 'https://accounts.google.com/gsi/client',
    scriptHosts: ['accounts.google.com'],
    frameHosts: ['accounts.google.com'],
    connectHosts: ['accounts.google.com'],
    formHosts: [],
    loadedOn: '/login only',
    signInOnly: true,
    why: 'search-engine sign-in and its button (SPEC §7); never loaded on the payment steps',
  },
];

/** Every host a third-party script is fetched from. */
export const THIRD_PARTY_SCRIPT_HOSTS: readonly string[] = [
  ...new Set(THIRD_PARTY_SCRIPTS.flatMap((s) => s.scriptHosts)),
];
