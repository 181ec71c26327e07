import type { Page } from '@playwright/test';

/**
 * Holds every request of `page` to `url` until the returned `release` is called; each then goes on as it
 * would have. For "while this is on its way" states: the app's start not yet here, a chunk still coming.
 */
export async function holdRequests(page: Page, url: string | RegExp): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return () => release();
}
