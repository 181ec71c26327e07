import type { Page } from '@playwright/test';
import { openPayStepByLink } from '../../flows/pay';
import { expect, test } from '../../support/test';

/**
 * SPEC §4, the expired card's popup: "use another card" goes to the pay step's home when another remembered
 * non-wallet card exists, else to the new card's form. Reem's Mastercard ••4444 is expired (TESTDATA); beside
 * it she has Visa ••4242 and ••1699, and an Apple Pay token, which is not a card.
 */

test.use({ viewport: { width: 390, height: 844 } });

interface Item {
  source_id: string;
  bin: string;
  last_use_at: number;
}

/**
 * Reem's saved cards as the server lists them, but only ••4444 and the wallet's token; the token under a card's
 * kind of id and used last, so only its bin 000000 tells it is no card.
 */
async function expiredCardAndWalletToken(page: Page) {
  await page.route('**/api/web/get_card_source/**', async (route) => {
    const answer = await route.fetch();
    const body = (await answer.json()) as { data: { items: Item[] } };
    const newest = Math.max(...body.data.items.map((card) => card.last_use_at));
    body.data.items = body.data.items.flatMap((card) =>
      card.source_id === 'src_mc4444'
        ? [card]
        : card.bin === '000000'
          ? [{ ...card, source_id: 'src_wallet0000', last_use_at: newest + 1 }]
          : [],
    );
    await route.fulfill({ response: answer, json: body });
  });
}

async function useAnotherFromTheExpiryPopup(page: Page) {
  const pay = await openPayStepByLink(page, 23);
  await pay.openSavedCards.click();
  await page.getByRole('button', { name: /^Mastercard •••• 4444/ }).click();
  await expect(pay.expiryPopup).toBeVisible();
  await pay.expiryPopup.getByRole('button', { name: 'استخدام بطاقة أخرى' }).click();
  await expect(pay.expiryPopup).toHaveCount(0);
  return pay;
}

test('another remembered card exists: the pay step home, to choose it @spec:pay.useAnother', async ({
  page,
}) => {
  const pay = await useAnotherFromTheExpiryPopup(page);
  await expect(pay.root).toHaveAttribute('data-step', 'home');
});

test('only a wallet token beside the expired card: the new card form, the token is no card @spec:pay.useAnother @spec:rule.walletBin', async ({
  page,
}) => {
  await expiredCardAndWalletToken(page);
  const pay = await useAnotherFromTheExpiryPopup(page);
  await expect(pay.root).toHaveAttribute('data-step', 'cardFrame');
});
