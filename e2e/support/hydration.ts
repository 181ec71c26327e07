import type { Page } from '@playwright/test';

/**
 * React's hydration failures: in words in a development build ("Hydration failed because…", "A tree hydrated
 * but…"), by number in the production build the suite runs ("Minified React error #418; visit
 * https://react.dev/errors/418…", which never says "hydration"): #418 the server's HTML or text did not match,
 * #419 a boundary the server could not finish, #421 a boundary updated before it hydrated, #422/#423 an error
 * while hydrating (the boundary or the whole root rendered again on the client), #425 text content differed.
 */
const HYDRATION_FAILURE =
  /hydrat|React error #(?:41[89]|42[1-5])\b|react\.dev\/errors\/(?:41[89]|42[1-5])\b/i;

/**
 * Records the hydration failures React reports from now on, as console errors or as errors the page did not
 * catch (React's default `onRecoverableError` is the page's `reportError`, an uncaught error to Playwright).
 */
export function watchHydration(page: Page): string[] {
  const failures: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && HYDRATION_FAILURE.test(message.text())) failures.push(message.text());
  });
  page.on('pageerror', (error) => {
    if (HYDRATION_FAILURE.test(`${error.message}\n${error.stack ?? ''}`)) failures.push(error.message);
  });
  return failures;
}
