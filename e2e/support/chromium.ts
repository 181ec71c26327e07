/**
 * The Chromium every browser run drives (the e2e projects, the Lighthouse bench and the payment bench) and the
 * flags it takes. `npm test` and `npm run bench` find or install it first (scripts/browser.mjs: the tests take
 * the headless shell, the bench the full browser) and pass it in CHROMIUM_PATH; run on its own, this looks up
 * the tests' browser the same way without installing, and stops with one line saying how to get one when there
 * is none, rather than letting every test fail to launch. A headed run (`--headed`, `--ui`) needs the full
 * browser: CHROMIUM_PATH=/usr/bin/chromium.
 */
import { type BrowserLookup, locateChromium, locateTestBrowser } from '../../scripts/browser.mjs';

function pathOf(found: BrowserLookup): string {
  if (!found.ok) {
    // One line: Playwright prints a config error's stack, and this one's says nothing more.
    const error = new Error(found.message);
    error.stack = `Error: ${found.message}`;
    throw error;
  }
  return found.path;
}

/** The full browser a visitor has, for Lighthouse and the profiler (CHROMIUM_PATH when set, as for the tests). */
export const visitorChromiumPath = (): string => pathOf(locateChromium());

/** The tests' browser: the headless shell where there is one. */
export const CHROMIUM_PATH = pathOf(locateTestBrowser());

export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Playwright's launch options for it. */
export const chromiumLaunch = { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] };
