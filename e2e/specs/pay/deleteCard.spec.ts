import type { APIRequestContext } from '@playwright/test';
import { confirmLinkAccount, fromTheList, openPayStepByLink } from '../../flows/pay';
import { PayStepPage } from '../../pages/payStep';
import { RechargePage } from '../../pages/RechargePage';
import { journalOf, paramsOf } from '../../support/chaos';
import { CONTROL_HEADERS } from '../../support/mock';
import { expect, test } from '../../support/test';

/**
 * Deleting a saved card of 10000001 (SPEC §2 delete confirm, §4 "delete a saved card"): the confirm popup,
 * cancel keeps the card, confirm deletes it on the server, the list is refreshed from the server, and the
 * next usable card is selected; with every card deleted the page falls back to the payment channels.
 */

const CARD_PAY_TYPE = 23;
/** Provider 6's card: its order is made at once (SPEC §4), unlike the card frame of providers 13 and 17. */
const P6_CARD = 24;

interface StoredCard {
  readonly source_id: string;
  readonly fingerprint: string;
  readonly is_remember: number;
  readonly bin: string;
}

/** The server's saved cards of 10000001, as get_card_source answers them (any device id, TESTDATA). */
async function serverCards(request: APIRequestContext): Promise<StoredCard[]> {
  const answer = await request.get('/api/web/get_card_source/?h5_deviceid=e2e-check&session_key=sk-10000001');
  const body = (await answer.json()) as { result: number; data: { items: StoredCard[] } };
  expect(body.result).toBe(0);
  return body.data.items;
}

async function openSavedCardList(pay: PayStepPage): Promise<void> {
  await pay.openSavedCards.click();
  await expect(pay.root).toHaveAttribute('data-step', 'savedCards');
  await expect(pay.savedCards).toHaveCount(3);
}

test('cancel delete keeps the card and deletes nothing', async ({ page }) => {
  const pay = await openPayStepByLink(page, CARD_PAY_TYPE);
  await openSavedCardList(pay);
  await pay.deleteCard('src_visa4242').click();
  await expect(pay.deletePopup).toBeVisible();
  await expect(pay.deletePopup.getByRole('heading')).toHaveText('هل تريد حذف هذه البطاقة المحفوظة؟');
  await expect(pay.deletePopup).toContainText('Visa •••• 4242');
  await expect(pay.cancelDelete).toBeFocused();
  await pay.cancelDelete.click();
  await expect(pay.deletePopup).toBeHidden();
  await expect(pay.savedCard('src_visa4242')).toBeVisible();
  await expect(pay.savedCards).toHaveCount(3);
  expect(await journalOf(page.request, 'deleteCardSource')).toEqual([]);
  expect((await serverCards(page.request)).map((c) => c.source_id)).toContain('src_visa4242');
});

test('confirm delete removes the card on the server, refreshes the list and selects the next usable card', {
  tag: '@spec:pay.deleteCard',
}, async ({ page }) => {
  const pay = await openPayStepByLink(page, CARD_PAY_TYPE);
  // The home step offers the newest card; the visitor chooses to pay with it.
  await expect(page.getByTestId('saved-card-option')).toContainText('Visa •••• 4242');
  await pay.savedCardOption.check();
  const fingerprint = (await serverCards(page.request)).find(
    (c) => c.source_id === 'src_visa4242',
  )?.fingerprint;
  await openSavedCardList(pay);
  const listedBefore = (await journalOf(page.request, 'getCardSource')).length;

  await pay.deleteCard('src_visa4242').click();
  await pay.confirmDelete.click();
  await expect(pay.deletePopup).toBeHidden();
  await expect(page.getByTestId('toast')).toHaveText('تم حذف البطاقة');
  // The list the server now answers: the next three, src_soon0006 among them, and no 4242.
  await expect(pay.savedCard('src_visa4242')).toHaveCount(0);
  await expect(pay.savedCard('src_soon0006')).toBeVisible();
  const ids = await pay.savedCards.evaluateAll((cards) => cards.map((c) => c.getAttribute('data-source-id')));
  expect(ids).toEqual(['src_mc4444', 'src_bank1699', 'src_soon0006']);

  // The server really deleted it: the call went out with the card's fingerprint and succeeded, the list was
  // asked for again after it, and neither card of that fingerprint (nor its older duplicate) remains.
  const deletes = await journalOf(page.request, 'deleteCardSource');
  expect(deletes).toHaveLength(1);
  expect(deletes[0]?.params).toMatchObject({ fingerprint });
  expect(deletes[0]?.result).toBe(0);
  const lists = await journalOf(page.request, 'getCardSource');
  expect(lists.length).toBeGreaterThan(listedBefore);
  expect(lists.at(-1)?.seq ?? 0).toBeGreaterThan(deletes[0]?.seq ?? Number.POSITIVE_INFINITY);
  const remaining = await serverCards(page.request);
  expect(remaining.filter((c) => c.fingerprint === fingerprint)).toEqual([]);

  // Back home, the next usable card is selected: src_mc4444 is expired and src_bank1699 bank-expired, so
  // src_soon0006 (usable, flagged to update) — and paying goes to its CVV.
  await pay.back.click();
  await expect(pay.root).toHaveAttribute('data-step', 'home');
  await expect(pay.savedCardOption).toBeChecked();
  await expect(page.getByTestId('saved-card-option')).toContainText('Visa •••• 0006');
  await pay.confirm.click();
  await expect(pay.root).toHaveAttribute('data-step', 'cardCvv');
  await expect(pay.cvvStep).toContainText('Visa •••• 0006');
});

test('a refused delete says why and keeps the card listed', async ({ page }) => {
  const pay = await openPayStepByLink(page, CARD_PAY_TYPE);
  await openSavedCardList(pay);
  const forced = await page.request.post('/__mock/force', {
    headers: CONTROL_HEADERS,
    data: { call: 'deleteCardSource', times: 1, answer: { result: 10005 } },
  });
  expect(forced.ok()).toBe(true);

  await pay.deleteCard('src_visa4242').click();
  await pay.confirmDelete.click();
  await expect(page.getByTestId('toast')).toHaveText('حدث خطأ في الخادم. أعد المحاولة');
  await expect(pay.savedCard('src_visa4242')).toBeVisible();
  await expect(pay.savedCards).toHaveCount(3);
  expect((await serverCards(page.request)).map((c) => c.source_id)).toContain('src_visa4242');
});

test('deleting every card falls back to the payment channels', { tag: '@spec:pay.deleteCard' }, async ({
  page,
}) => {
  // From the list, where the visitor chose a card method (the channel the step falls back to).
  const { pay } = await fromTheList(page);
  const cameWith = Number(new URL(page.url()).searchParams.get('pay_type'));
  await openSavedCardList(pay);
  const remembered = (await serverCards(page.request)).filter(
    (c) => c.is_remember === 1 && c.bin !== '000000',
  );
  const fingerprints = new Set(remembered.map((c) => c.fingerprint));

  // Each delete refreshes the list from the server, which brings the next remembered card into view.
  for (let deleted = 0; deleted < fingerprints.size; deleted++) {
    const first = pay.savedCards.first();
    const sourceId = (await first.getAttribute('data-source-id')) ?? '';
    await first.getByTestId('delete-card').click();
    await pay.confirmDelete.click();
    await expect(pay.savedCard(sourceId)).toHaveCount(0);
  }
  await expect(pay.savedCards).toHaveCount(0);
  await expect(pay.newCard).toBeVisible();

  const deletes = await journalOf(page.request, 'deleteCardSource');
  expect(new Set(deletes.map((d) => paramsOf(d).fingerprint))).toEqual(fingerprints);
  expect(deletes.every((d) => d.result === 0)).toBe(true);
  // Only what was never listed remains: the forgotten card and the wallet token.
  const left = await serverCards(page.request);
  expect(left.filter((c) => c.is_remember === 1 && c.bin !== '000000')).toEqual([]);

  // Home has no saved card any more; the card channel the visitor came with from the list is chosen.
  await pay.back.click();
  await expect(pay.root).toHaveAttribute('data-step', 'home');
  await expect(pay.savedCardOption).toHaveCount(0);
  await expect(pay.openSavedCards).toHaveCount(0);
  await expect(pay.channels.first()).toBeVisible();
  await expect(pay.channel(cameWith)).toBeChecked();
  await expect(pay.confirm).toBeEnabled();
  await pay.confirm.click();
  await expect(pay.root).toHaveAttribute('data-step', 'cardFrame');
});

test('deleting every card goes back to the channel chosen on the list, not a card channel', {
  tag: '@spec:pay.deleteCard',
}, async ({ page }) => {
  // From the list with provider 6's method (an order made at once, not the card frame): the pay step opens on
  // it, the visitor picks the saved card instead, then deletes every card.
  const recharge = new RechargePage(page);
  await recharge.open('?session_key=sk-10000001');
  await confirmLinkAccount(page);
  await recharge.packages.nth(1).click();
  await recharge.method(P6_CARD).check();
  await recharge.payNow.click();
  const pay = new PayStepPage(page);
  await expect(pay.root).toHaveAttribute('data-step', 'home');
  await expect(pay.channel(P6_CARD)).toBeChecked();
  await pay.savedCardOption.check();
  await openSavedCardList(pay);
  const remembered = (await serverCards(page.request)).filter(
    (c) => c.is_remember === 1 && c.bin !== '000000',
  );
  for (let deleted = 0; deleted < new Set(remembered.map((c) => c.fingerprint)).size; deleted++) {
    const first = pay.savedCards.first();
    const sourceId = (await first.getAttribute('data-source-id')) ?? '';
    await first.getByTestId('delete-card').click();
    await pay.confirmDelete.click();
    await expect(pay.savedCard(sourceId)).toHaveCount(0);
  }
  await expect(pay.savedCards).toHaveCount(0);

  // Home falls back to the payment channel the visitor chose on the list: its order, not a card form.
  await pay.back.click();
  await expect(pay.root).toHaveAttribute('data-step', 'home');
  await expect(pay.savedCardOption).toHaveCount(0);
  await expect(pay.channel(P6_CARD)).toBeChecked();
  const checked = () =>
    pay.channels.evaluateAll((rows) =>
      rows
        .filter((row) => row.querySelector('input')?.checked)
        .map((row) => row.getAttribute('data-pay-type')),
    );
  await expect.poll(checked).toEqual([String(P6_CARD)]);
});
