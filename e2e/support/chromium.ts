/**
 * Debian's Chromium (Playwright's own browser download is not reachable here) and the flags every run of it
 * takes: the e2e projects, the Lighthouse bench and the payment bench.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Playwright's launch options for it. */
export const chromiumLaunch = { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] };
