import type { Page } from '@playwright/test';
import { openPayStep } from '../../flows/pay';
import { RechargePage } from '../../pages/RechargePage';
import { expect, test } from '../../support/test';

/**
 * Touch targets and overflow, as a visitor's thumb and a small phone meet them: every control at least
 * 44×44 CSS px (a link in running text at least 24 px tall), and nothing wider than a 360 px screen.
 */

interface Small {
  readonly what: string;
  readonly width: number;
  readonly height: number;
}

/** Visible controls smaller than their minimum. */
async function smallTargets(page: Page): Promise<Small[]> {
  return page.evaluate(() => {
    const out: { what: string; width: number; height: number }[] = [];
    const controls = document.querySelectorAll<HTMLElement>(
      'button, a, input:not([type="radio"]):not([type="checkbox"]):not([type="file"]), textarea, label:has(input[type="radio"]), label:has(input[type="checkbox"]), [role="tab"]',
    );
    for (const el of Array.from(controls)) {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') continue;
      if (el.closest('.visually-hidden, .skip-link, [aria-hidden="true"], footer')) continue;
      const isLink = el.tagName === 'A' && !el.classList.contains('btn');
      const min = isLink ? 24 : 44;
      // Sub-pixel layout: a box of 43.99 px is 44 px on screen.
      if (box.height + 0.5 < min || (!isLink && box.width + 0.5 < min))
        out.push({
          what: `${el.tagName.toLowerCase()} "${(el.textContent ?? el.getAttribute('aria-label') ?? '').trim().slice(0, 30)}"`,
          width: Math.round(box.width),
          height: Math.round(box.height),
        });
    }
    // The footer's links: at least 24 px tall.
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('footer a, footer button'))) {
      const box = el.getBoundingClientRect();
      if (box.height > 0 && box.height + 0.5 < 24)
        out.push({
          what: `footer "${el.textContent}"`,
          width: Math.round(box.width),
          height: Math.round(box.height),
        });
    }
    return out;
  });
}

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function screens(page: Page): Promise<AsyncGenerator<string>> {
  async function* visit(): AsyncGenerator<string> {
    await page.goto('/');
    await expect(page.getByTestId('home-packages-ask')).toBeVisible();
    yield 'landing';
    const recharge = new RechargePage(page);
    await page.goto('/recharge-list');
    await recharge.searchFor('10000002');
    await expect(recharge.packages.first()).toBeVisible();
    await recharge.packages.nth(1).click();
    yield 'recharge list with a target';
    const pay = await openPayStep(page, 23);
    await expect(pay.confirm).toBeVisible();
    yield 'pay step';
    await pay.channel(23).check();
    await pay.confirm.click();
    await expect(pay.cardNumber).toBeVisible();
    yield 'card form';
    await page.goto('/fines?id=7001');
    await expect(page.getByTestId('fine-summary')).toBeVisible();
    yield 'fine 7001';
    await page.goto('/fines');
    await expect(page.getByTestId('fine-lookup')).toBeVisible();
    yield 'fines without an id';
    await page.goto('/feedback');
    await expect(page.getByTestId('feedback-text')).toBeVisible();
    yield 'feedback';
    await page.goto('/login');
    await expect(page.locator('main')).toBeVisible();
    yield 'login';
    await page.goto('/?session_key=sk-10000001&tab=2');
    await expect(page.getByTestId('home-package').first()).toBeVisible();
    yield 'landing with packages';
  }
  return visit();
}

test('every control is at least 44×44 px (links 24 px tall)', async ({ page }) => {
  for await (const screen of await screens(page)) {
    expect(await smallTargets(page), `small targets on ${screen}`).toEqual([]);
  }
});

test('nothing overflows a 360 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  for await (const screen of await screens(page)) {
    expect(await overflow(page), `horizontal overflow on ${screen}`).toBeLessThanOrEqual(0);
  }
});

test("a server's huge prices and counts stay in their tiles: nothing overflows a 320 px phone", async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 568 });
  // A lying server: every package ≈ $12M for the largest safe coin count.
  await page.route('**/get_recharge_list_v3/**', async (route) => {
    const answer = await route.fetch();
    const body = (await answer.json()) as { data: { list: Record<string, number>[] } };
    for (const item of body.data.list) {
      Object.assign(item, { amount: 12_345_678.9, coin: Number.MAX_SAFE_INTEGER, extra_coin: 0 });
      item.origin_coin = Number.MAX_SAFE_INTEGER;
    }
    await route.fulfill({ response: answer, json: body });
  });
  const recharge = new RechargePage(page);
  await recharge.open();
  await expect(recharge.packages.first().getByTestId('coin-count')).toHaveText('9007.1T');
  await expect(recharge.packages.first().getByTestId('package-amount')).toHaveText('$12,345,678.90');
  expect(await overflow(page), 'horizontal overflow').toBeLessThanOrEqual(0);
  // Each tile holds its text: wrapped, never spilling out of it or clipped.
  const spilled = await recharge.packages.evaluateAll((tiles) =>
    tiles.filter((tile) => tile.scrollWidth > tile.clientWidth).map((tile) => tile.textContent),
  );
  expect(spilled).toEqual([]);
});
