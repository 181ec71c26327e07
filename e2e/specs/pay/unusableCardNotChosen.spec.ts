import type { Page } from '@playwright/test';
import { openPayStepByLink } from '../../flows/pay';
import type { PayStepPage } from '../../pages/payStep';
import { expect, test } from '../../support/test';

/**
 * A saved card that cannot pay (expired, bank-expired, locked) is never the method the page chooses for the
 * visitor: the next usable remembered card is, else the new card's method. Reem's cards (TESTDATA): Visa
 * ••4242 (newest), Mastercard ••4444 (expired), Visa ••1699 (expired by the bank), Visa ••0006 (expires soon,
 * still pays). The review's cases: ••4242 locked after wrong CVVs (23005), then "another card"; and the expired
 * card's popup, "use another card".
 */

test.use({ viewport: { width: 390, height: 844 } });

/** Only these of Reem's saved cards are listed (the rest dropped from every answer). */
async function onlyCards(page: Page, keep: readonly string[]): Promise<void> {
  await page.route('**/api/web/get_card_source/**', async (route) => {
    const answer = await route.fetch();
    const body = (await answer.json()) as { data: { items: { source_id: string }[] } };
    body.data.items = body.data.items.filter((card) => keep.includes(card.source_id));
    await route.fulfill({ response: answer, json: body });
  });
}

/** Five wrong CVVs on ••4242, the fifth locking it: the 23005 panel, then its "another card" or its ×. */
async function lockVisa4242(
  page: Page,
  pay: PayStepPage,
  way: 'anotherCard' | 'close' = 'anotherCard',
): Promise<void> {
  // A link's step chooses no method (linkEntry.spec.ts): the visitor picks the saved card (••4242, the newest).
  await pay.savedCardOption.check();
  await expect(pay.page.getByTestId('saved-card-option')).toContainText('4242');
  await pay.confirm.click();
  for (let wrong = 1; wrong <= 4; wrong += 1) {
    await pay.cvv.fill('000');
    await pay.confirm.click();
    await expect(pay.result).toHaveAttribute('data-outcome', 'verify');
    await page.getByTestId('result-primary').click();
  }
  // The fifth wrong code locks the card, and is answered so (23005).
  await pay.cvv.fill('000');
  await pay.confirm.click();
  await expect(pay.resultPanel).toContainText('أوقفنا هذه البطاقة المحفوظة');
  // The step behind the panel never turns to the expired card.
  await expect(pay.cvvStep.filter({ hasText: '4444' })).toHaveCount(0);
  if (way === 'anotherCard') await page.getByTestId('result-primary').click();
  else await pay.resultPanel.getByRole('button', { name: 'إغلاق' }).click();
  await expect(pay.resultPanel).toHaveCount(0);
  await expect(pay.root).toHaveAttribute('data-step', 'home');
}

/** The expired ••4444 chosen in the saved-card list, then the popup's "use another card". */
async function useAnotherFromExpiredCard(page: Page, pay: PayStepPage): Promise<void> {
  await pay.openSavedCards.click();
  await page.getByRole('button', { name: /^Mastercard •••• 4444/ }).click();
  await expect(pay.expiryPopup).toBeVisible();
  await pay.expiryPopup.getByRole('button', { name: 'استخدام بطاقة أخرى' }).click();
  await expect(pay.expiryPopup).toHaveCount(0);
  await expect(pay.root).toHaveAttribute('data-step', 'home');
}

/** The card chosen on home is this usable one, and pay asks its CVV (no expiry popup). */
async function expectCardChosen(pay: PayStepPage, last4: string): Promise<void> {
  await expect(pay.savedCardOption).toBeChecked();
  await expect(pay.page.getByTestId('saved-card-option')).toContainText(last4);
  await pay.confirm.click();
  await expect(pay.root).toHaveAttribute('data-step', 'cardCvv');
  await expect(pay.expiryPopup).toHaveCount(0);
  await expect(pay.cvvStep).toContainText(last4);
}

/** No saved card is chosen on home: the new card's method is, and pay opens the card form. */
async function expectNewCardChosen(pay: PayStepPage): Promise<void> {
  const option = pay.page.getByTestId('saved-card-option');
  if ((await option.count()) > 0) await expect(pay.savedCardOption).not.toBeChecked();
  await expect(pay.channel(23)).toBeChecked();
  await pay.confirm.click();
  await expect(pay.root).toHaveAttribute('data-step', 'cardFrame');
  await expect(pay.expiryPopup).toHaveCount(0);
}

test('••4242 locked: "another card" chooses the next usable card (••0006), never the expired ••4444', async ({
  page,
}) => {
  const pay = await openPayStepByLink(page, 23);
  await lockVisa4242(page, pay);
  await expectCardChosen(pay, '0006');
});

test('••4242 locked, its panel closed (×): home with the next usable card (••0006) chosen, never its CVV step', async ({
  page,
}) => {
  const pay = await openPayStepByLink(page, 23);
  await lockVisa4242(page, pay, 'close');
  await expect(pay.cvvStep).toHaveCount(0);
  // Home says what the visitor should know of the card before paying with it.
  await expect(page.getByTestId('saved-card-option')).toContainText('تنتهي قريبًا');
  await expectCardChosen(pay, '0006');
});

test('••4242 locked and no usable card left: "another card" chooses the new card, not the expired ••4444', async ({
  page,
}) => {
  await onlyCards(page, ['src_visa4242', 'src_visa4242_old', 'src_mc4444', 'src_bank1699']);
  const pay = await openPayStepByLink(page, 23);
  await lockVisa4242(page, pay);
  await expectNewCardChosen(pay);
});

test('the expired card\'s popup, "use another card": the next usable card (••4242) is chosen', async ({
  page,
}) => {
  const pay = await openPayStepByLink(page, 23);
  await useAnotherFromExpiredCard(page, pay);
  await expectCardChosen(pay, '4242');
});

test('the expired card\'s popup, "use another card", only unusable cards: the new card is chosen', async ({
  page,
}) => {
  await onlyCards(page, ['src_mc4444', 'src_bank1699']);
  const pay = await openPayStepByLink(page, 23);
  await useAnotherFromExpiredCard(page, pay);
  await expectNewCardChosen(pay);
});
