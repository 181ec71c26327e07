import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, TestInfo } from '@playwright/test';

export const out = join(import.meta.dirname, 'out');

/**
 * A layer fixed over the viewport is up (a popup's mask, a loading overlay, the challenge, the wallet sheet):
 * what the visitor sees is the viewport. A full-page photograph would draw the layer where the viewport was
 * and the page's rest undimmed below (or above) it, a state no visitor meets.
 */
const VIEWPORT_LAYERS = '.mask, .loading-overlay, .pay-challenge:not([hidden]), .mock-wallet-sheet';

/**
 * Photographs the page as `<project>/<name>.png` under the gallery's out folder: the full page, or the
 * viewport while a layer covers it.
 */
export async function shot(page: Page, info: TestInfo, name: string): Promise<void> {
  const dir = join(out, info.project.name);
  mkdirSync(dir, { recursive: true });
  // Let fonts and transitions settle without timing anything: the next frame after network idle.
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined))));
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: !(await layered(page)) });
}

/** Whether a viewport layer is up. */
export function layered(page: Page): Promise<boolean> {
  return page.evaluate(
    (selector) => Array.from(document.querySelectorAll(selector)).some((layer) => layer.checkVisibility()),
    VIEWPORT_LAYERS,
  );
}
