import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Records every text the toast region shows from the page's start: a toast fades after 3 s, so asserting its
 * absence afterwards would pass whether it came or not.
 */
export async function recordToasts(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { toastsSeen: seen });
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid="toast"]')?.textContent ?? '';
      if (text !== '' && seen.at(-1) !== text) seen.push(text);
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  return async () => {
    // The frame after the notice: a toast raised with it has been rendered by then.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined))));
    return page.evaluate(() => [...(window as unknown as { toastsSeen: string[] }).toastsSeen]);
  };
}

/** A notice is not drawn over a button (issue 26, finding 6: one offline notice, never covering pay). */
export async function expectNotOver(notice: Locator, button: Locator): Promise<void> {
  const [a, b] = await Promise.all([notice.boundingBox(), button.boundingBox()]);
  expect(a).not.toBeNull();
  expect(b).not.toBeNull();
  if (a === null || b === null) return;
  const overlaps = a.y < b.y + b.height && b.y < a.y + a.height && a.x < b.x + b.width && b.x < a.x + a.width;
  expect(overlaps, 'the notice covers the button').toBe(false);
}
