/**
 * The pages (their modules, relative to web/) whose first render makes a call outside start-up's contracts
 * (the pay step's order and cards, a fine's lookup, the room test page): the rest of the contracts is fetched
 * beside each of them, in parallel, when it is loaded (router.tsx marks them `callsAtLoad`; router.test.tsx
 * holds the two lists to each other) and when a visit starts on it (`planOf` in routePreloads.ts). Every other page calls the API only once the visitor acts, so it leaves the
 * rest of the contracts to the visitor's first touch, click or key, as the recharge list does (or to the
 * first call that needs them), and a direct visit fetches only the page.
 */
export const PAGES_CALLING_AT_LOAD: ReadonlySet<string> = new Set([
  'src/features/pay/PayStepPage.tsx',
  'src/features/fines/FinesPage.tsx',
  'src/features/room/TestPage.tsx',
]);
