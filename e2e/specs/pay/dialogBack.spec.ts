import type { Page } from '@playwright/test';
import { openPayStepByLink } from '../../flows/pay';
import type { PayStepPage } from '../../pages/payStep';
import { expect, test } from '../../support/test';

/**
 * Back never opens a second dialog (web/README.md): over a dialog of the pay step, the browser's Back (and
 * Escape, where the dialog can be dismissed) closes that dialog and nothing else, leaving the step under it as
 * it was. Reem's saved cards (TESTDATA): Mastercard ••4444 expired and needs its expiry updated (a popup), Visa
 * ••1699 is the third listed.
 */

test.use({ viewport: { width: 390, height: 844 } });

const dialogs = (page: Page) => page.getByRole('dialog');

async function savedCardList(page: Page): Promise<PayStepPage> {
  const pay = await openPayStepByLink(page, 27);
  await pay.openSavedCards.click();
  await expect(pay.root).toHaveAttribute('data-step', 'savedCards');
  await expect(pay.savedCards).toHaveCount(3);
  return pay;
}

async function openExpiryPopup(pay: PayStepPage): Promise<void> {
  await pay.page.getByRole('button', { name: /^Mastercard •••• 4444/ }).click();
  await expect(pay.expiryPopup).toBeVisible();
  await expect(dialogs(pay.page)).toHaveCount(1);
}

/** The saved-card list as it was, with no dialog over it: Back and Escape closed only the top dialog. */
async function expectBackOnTheList(pay: PayStepPage): Promise<void> {
  await expect(dialogs(pay.page)).toHaveCount(0);
  await expect(pay.leavePopup).toHaveCount(0);
  await expect(pay.root).toHaveAttribute('data-step', 'savedCards');
  await expect(pay.savedCards).toHaveCount(3);
}

test('Back over the expiry popup closes it, with no leave question over it', async ({ page }) => {
  const pay = await savedCardList(page);
  await openExpiryPopup(pay);
  await page.goBack();
  await expectBackOnTheList(pay);
  await expect(page).toHaveURL(/\/pay-step/);
  // The step's back then goes on as before: home, then the page it came from.
  await page.goBack();
  await expect(pay.root).toHaveAttribute('data-step', 'home');
  await expect(dialogs(page)).toHaveCount(0);
});

test('Escape and the close button over the expiry popup close it, with no leave question', async ({
  page,
}) => {
  const pay = await savedCardList(page);
  await openExpiryPopup(pay);
  await page.keyboard.press('Escape');
  await expectBackOnTheList(pay);
  await openExpiryPopup(pay);
  await pay.expiryPopup.getByRole('button', { name: 'إغلاق' }).click();
  await expectBackOnTheList(pay);
});

test('Back over the delete confirm closes it and stays on the saved cards, deleting nothing', async ({
  page,
}) => {
  const pay = await savedCardList(page);
  await pay.deleteCard('src_bank1699').click();
  await expect(pay.deletePopup).toBeVisible();
  await expect(dialogs(page)).toHaveCount(1);
  await page.goBack();
  await expectBackOnTheList(pay);
  await expect(pay.savedCard('src_bank1699')).toBeVisible();
  // The confirm opens again as before, and its cancel still closes it.
  await pay.deleteCard('src_bank1699').click();
  await expect(pay.deletePopup).toBeVisible();
  await pay.cancelDelete.click();
  await expectBackOnTheList(pay);
  // Back from the list is the step's back again: home.
  await page.goBack();
  await expect(pay.root).toHaveAttribute('data-step', 'home');
  await expect(dialogs(page)).toHaveCount(0);
});

test('Escape over the delete confirm closes it and deletes nothing', async ({ page }) => {
  const pay = await savedCardList(page);
  await pay.deleteCard('src_bank1699').click();
  await expect(pay.deletePopup).toBeVisible();
  await page.keyboard.press('Escape');
  await expectBackOnTheList(pay);
});

test('Escape over the leave question closes it and stays on the card form, as Back does', async ({
  page,
}) => {
  const pay = await openPayStepByLink(page, 27);
  await pay.channel(27).check();
  await pay.confirm.click();
  await expect(pay.root).toHaveAttribute('data-step', 'cardFrame');
  await page.goBack();
  await expect(pay.leavePopup).toBeVisible();
  await expect(dialogs(page)).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(dialogs(page)).toHaveCount(0);
  await expect(pay.root).toHaveAttribute('data-step', 'cardFrame');
  // Back asks again, once, and a second Back closes the question as well.
  await page.goBack();
  await expect(pay.leavePopup).toBeVisible();
  await page.goBack();
  await expect(dialogs(page)).toHaveCount(0);
  await expect(pay.root).toHaveAttribute('data-step', 'cardFrame');
});

/**
 * A saved card's CVV refused, its failure panel closed (×, Escape, Back): the step it failed on, its CVV field
 * empty and pay disabled, as "retry" leaves it. The refused code is not one tap from being sent again, which
 * would spend another of the card's five tries (rev10 finding 5).
 */
test('Closing a saved card’s wrong-CVV failure (×, Escape, Back) asks its CVV again, empty', async ({
  page,
}) => {
  const pay = await openPayStepByLink(page, 27);
  // A link's step chooses nothing: the visitor picks the saved card.
  await pay.savedCardOption.check();
  await expect(pay.savedCardOption).toBeChecked();
  await pay.confirm.click();
  const closes: ReadonlyArray<readonly [string, () => Promise<void>]> = [
    ['×', () => pay.resultPanel.getByRole('button', { name: 'إغلاق' }).click()],
    ['Escape', () => page.keyboard.press('Escape')],
    [
      'Back',
      async () => {
        await page.goBack();
      },
    ],
  ];
  for (const [way, close] of closes) {
    await expect(pay.root).toHaveAttribute('data-step', 'cardCvv');
    await pay.cvv.fill('999');
    await pay.confirm.click();
    await expect(page.getByTestId('result-tip')).toContainText('رمز الأمان (CVV)');
    await close();
    await expect(pay.resultPanel, way).toHaveCount(0);
    await expect(dialogs(page), way).toHaveCount(0);
    await expect(pay.root, way).toHaveAttribute('data-step', 'cardCvv');
    await expect(pay.cvv, way).toHaveValue('');
    await expect(pay.confirm, way).toBeDisabled();
    await expect(page).toHaveURL(/\/pay-step/);
  }
});
