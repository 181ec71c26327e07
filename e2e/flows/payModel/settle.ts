import type { Page } from '@playwright/test';
import { describe, readSnapshot, type Snapshot, snapshot } from './snapshot';

/**
 * Waits until the page rests: loaded, nothing being waited for, and the same screen for a few frames in a row
 * (so a back or a tap still being handled is not taken for its end). A wait that never ends fails here, after
 * `timeoutMs`: the journey promises every wait ends within the API's limits.
 *
 * The page's clock is Playwright's (installed by the test): a long result poll ("check again": up to 100 polls
 * 500 ms apart) is fast-forwarded poll by poll, each poll's request answered before the next, so its end is
 * seen without waiting its real minute.
 */
const STABLE_FRAMES = 3;

const transient = (error: unknown) =>
  error instanceof Error &&
  /Timeout|Execution context was destroyed|navigat|Target closed|frame was detached/i.test(error.message);

export async function settle(page: Page, timeoutMs: number): Promise<Snapshot> {
  const end = Date.now() + timeoutMs;
  let last: Snapshot | undefined;
  for (;;) {
    try {
      const handle = await page.waitForFunction(readSnapshot, STABLE_FRAMES, {
        polling: 'raf',
        timeout: 400,
      });
      return (await handle.jsonValue()) as Snapshot;
    } catch (error) {
      if (!transient(error)) throw error;
    }
    last = await snapshot(page).catch(() => last);
    if (Date.now() > end)
      throw new Error(`the page did not come to rest within ${timeoutMs} ms; last seen: ${describe(last)}`);
    if (last?.phase === 'polling') {
      // One poll's sleep at a time, then its request's answer, before the next.
      const answered = page.waitForEvent('requestfinished', { timeout: 1000 }).catch(() => undefined);
      await page.clock.fastForward(500);
      await answered;
    }
  }
}
