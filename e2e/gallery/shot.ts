import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, TestInfo } from '@playwright/test';

export const out = join(import.meta.dirname, 'out');

/** Photographs the page, full page, as `<project>/<name>.png` under the gallery's out folder. */
export async function shot(page: Page, info: TestInfo, name: string): Promise<void> {
  const dir = join(out, info.project.name);
  mkdirSync(dir, { recursive: true });
  // Let fonts and transitions settle without timing anything: the next frame after network idle.
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined))));
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}
