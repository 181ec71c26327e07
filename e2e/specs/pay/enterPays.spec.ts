import type { Locator, Page } from '@playwright/test';
import { enterNewCard, expectNoSecrets, openPayStepByLink, watchSecrets } from '../../flows/pay';
import type { PayStepPage } from '../../pages/payStep';
import { journalOf } from '../../support/chaos';
import { holdRequests } from '../../support/hold';
import { expect, test } from '../../support/test';

/** The page's address past its origin (path, query, hash): a free port such as 41234 or 42429 holds digits of a card. */
function addressOf(page: Page): string {
  const { pathname, search, hash } = new URL(page.url());
  return pathname + search + hash;
}

/**
 * Enter (the phone keyboard's "go") in the card's fields pays as the pay button's tap does: only when that
 * button is enabled, and once: a second Enter, or a tap where the button was, while the order is on its way
 * makes no second order (the mock's journal counts the creations). Reem's src_visa4242 pays with CVV 123
 * (TESTDATA); 4242… is approved without a challenge.
 */

const ORDER = '**/api/order/create_coin_pay/**';

async function savedCardCvv(page: Page): Promise<PayStepPage> {
  const pay = await openPayStepByLink(page, 23);
  await pay.savedCardOption.check();
  await pay.confirm.click();
  await expect(pay.root).toHaveAttribute('data-step', 'cardCvv');
  return pay;
}

/** The orders the page asked for (every request that left it) and the ones the mock answered. */
function countOrders(page: Page): { sent: number } {
  const seen = { sent: 0 };
  page.on('request', (request) => {
    if (request.url().includes('/api/order/create_coin_pay/')) seen.sent += 1;
  });
  return seen;
}

/**
 * With the order held on its way: Enter again in `field`, then a tap where the pay button is (on the phone's
 * screen, whatever is drawn there now); released, the one order is paid.
 */
async function againWhileOrdering(page: Page, pay: PayStepPage, field: Locator, release: () => void) {
  await expect(pay.confirm).toBeDisabled();
  await expect(page.getByTestId('loading-overlay')).toContainText('جارٍ إنشاء الطلب');
  await field.press('Enter');
  const box = await pay.confirm.boundingBox();
  if (box !== null) await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  release();
  await expect(pay.result).toHaveAttribute('data-outcome', 'success');
}

async function expectOneCreation(page: Page, seen: { sent: number }): Promise<void> {
  expect(seen.sent, 'order requests the page sent').toBe(1);
  expect(await journalOf(page.request, 'createCoinPay'), 'order creations the mock answered').toHaveLength(1);
}

test("Enter in a saved card's CVV pays once, and only with the code complete", async ({ page }) => {
  const secrets = watchSecrets(page);
  const seen = countOrders(page);
  const pay = await savedCardCvv(page);
  await expect(pay.cvv).toHaveAttribute('enterkeyhint', 'go');
  // Two digits: the pay button is disabled, so Enter does nothing.
  await pay.cvv.fill('12');
  await expect(pay.confirm).toBeDisabled();
  await pay.cvv.press('Enter');
  await expect(pay.root).toHaveAttribute('data-phase', 'choosing');
  expect(seen.sent, 'no order from Enter on a disabled pay button').toBe(0);

  const release = await holdRequests(page, ORDER);
  await pay.cvv.fill('123');
  await expect(pay.confirm).toBeEnabled();
  await pay.cvv.press('Enter');
  await againWhileOrdering(page, pay, pay.cvv, release);
  await expectOneCreation(page, seen);
  // Nothing of the code in the address, storage, requests or the console.
  expect(addressOf(page)).not.toContain('123');
  await expectNoSecrets(page, secrets);
});

test('Enter in the new card form pays once, and only with the card complete', async ({ page }) => {
  const secrets = watchSecrets(page);
  const seen = countOrders(page);
  const pay = await openPayStepByLink(page, 23);
  await enterNewCard(pay, 23, '4242424242424242');
  await expect(pay.holder).toHaveAttribute('enterkeyhint', 'go');
  // The name emptied: the pay button is disabled, and Enter in any field does nothing.
  await pay.holder.fill('');
  await expect(pay.confirm).toBeDisabled();
  await pay.cvv.press('Enter');
  await pay.holder.press('Enter');
  await expect(pay.root).toHaveAttribute('data-step', 'cardFrame');
  await expect(pay.root).toHaveAttribute('data-phase', 'choosing');
  expect(seen.sent, 'no order from Enter on a disabled pay button').toBe(0);

  const release = await holdRequests(page, ORDER);
  await pay.holder.fill('Reem Al-Harbi');
  await expect(pay.confirm).toBeEnabled();
  await pay.cvv.press('Enter');
  await againWhileOrdering(page, pay, pay.holder, release);
  await expectOneCreation(page, seen);
  expect(addressOf(page), 'the form posts nothing to the address').not.toMatch(/4242|cvv|holder/i);
  await expectNoSecrets(page, secrets);
});

test('the pay button still pays by a tap, once, on the card steps', async ({ page }) => {
  const seen = countOrders(page);
  const pay = await savedCardCvv(page);
  await pay.cvv.fill('123');
  await pay.confirm.dblclick();
  await expect(pay.result).toHaveAttribute('data-outcome', 'success');
  await expectOneCreation(page, seen);
});

test("Enter in the expiry popup's field updates the date as its button does, once, only when valid", async ({
  page,
}) => {
  const pay = await openPayStepByLink(page, 23);
  await pay.openSavedCards.click();
  await pay.savedCard('src_mc4444').getByRole('button').first().click();
  await expect(pay.expiryPopup).toBeVisible();
  const field = pay.expiryPopup.getByLabel('تاريخ الانتهاء الجديد');
  await expect(field).toHaveAttribute('enterkeyhint', 'done');
  // A past date: the button is disabled, and Enter updates nothing.
  await field.fill('0120');
  await field.press('Enter');
  await expect(pay.expiryPopup).toBeVisible();
  expect(await journalOf(page.request, 'updateCardSource')).toHaveLength(0);

  const release = await holdRequests(page, '**/api/**/update_card_source/**');
  await field.fill('1230');
  await field.press('Enter');
  await expect(pay.expiryPopup.getByTestId('expiry-submit')).toBeDisabled();
  await field.press('Enter');
  release();
  await expect(pay.root).toHaveAttribute('data-step', 'cardCvv');
  const updates = await journalOf(page.request, 'updateCardSource');
  expect(updates.map((e) => e.params)).toEqual([
    expect.objectContaining({ source_id: 'src_mc4444', card_valid_date: '12/30' }),
  ]);
  expect(page.url()).not.toContain('12%2F30');
});
