import { expect, type Locator, type Page } from '@playwright/test';
import { LIMITS } from '@topup/contracts/limits';

/**
 * The page's clock (page.clock.install(), before the navigation that starts the timers) moved through the app's
 * result polls: each step jumps one poll interval, which fires the poll's wait once; its request then goes out
 * and is answered in real time, and the next wait starts. A step taken before that wait has started fires
 * nothing (the clock still runs on its own meanwhile), so the steps go on until `reached` holds, as many as the
 * app polls. What the test asserts is unchanged; only the 500 ms waits between the polls are not waited.
 * `reached` is the test's own assertion, given `timeout`: how long each step looks before the next jump.
 */
export async function pollUntil(
  page: Page,
  reached: (timeout: number) => Promise<void>,
  intervalMs = LIMITS.resultPollMs,
) {
  await expect(async () => {
    await page.clock.fastForward(intervalMs);
    await reached(100);
  }).toPass({ intervals: [0], timeout: 20_000 });
}

/** `pollUntil` the locator is visible. */
export async function pollUntilVisible(page: Page, reached: Locator, intervalMs = LIMITS.resultPollMs) {
  await pollUntil(page, (timeout) => expect(reached).toBeVisible({ timeout }), intervalMs);
}
