import type { APIRequestContext } from '@playwright/test';
import { CardNumber } from '@topup/contracts/testdata/cards';
import { confirmLinkAccount, enterNewCard } from '../../flows/pay';
import { PayStepPage } from '../../pages/payStep';
import { journalOf } from '../../support/chaos';
import { expect, test } from '../../support/test';

/**
 * A sign-in a link brought is asked about (the link notice, "is this your account?"): anyone can send such a
 * link, signed in as their own account. While the visitor has not said it is theirs, nothing they type is kept
 * for that account: no save-card choice (a sentence says why in its place), none on the success panel, the
 * remember flag never sent, and that account's saved cards are not offered. Once they say yes, saving works.
 */

const SAVE_BOX = 'حفظ البطاقة للدفع لاحقًا';
const SAVE_AFTER = 'حفظ هذه البطاقة للدفع لاحقًا';

/** The saved cards the server keeps for a session (get_card_source, any device id). */
async function serverCards(request: APIRequestContext, sessionKey: string) {
  const answer = await request.get(
    `/api/web/get_card_source/?h5_deviceid=e2e-check&session_key=${sessionKey}`,
  );
  const body = (await answer.json()) as { data: { items: { last4: string; is_remember: unknown }[] } };
  return body.data.items;
}

test("a stranger's link left unanswered: the visitor's new card is not kept for the stranger's account", async ({
  page,
}) => {
  // The review's case: the stranger's own session (10000010) in a pay-step link, paying for 10000002.
  const pay = new PayStepPage(page);
  await pay.open({ recharge_id: 'rc_499', pay_type: 23, to_uid: 1002 }, '', 'sk-10000010');
  await expect(page.getByTestId('link-notice')).toBeVisible();
  await enterNewCard(pay, 23, CardNumber.mastercardApproved);
  // No box to tick; the sentence in its place says cards are saved only once the account is confirmed.
  await expect(page.getByRole('checkbox', { name: SAVE_BOX })).toHaveCount(0);
  await expect(pay.root.getByTestId('remember-confirm-first')).toContainText('نحفظ البطاقات فقط بعد أن تؤكد');
  await pay.confirm.click();
  await expect(pay.result).toHaveAttribute('data-outcome', 'success');
  await expect(pay.resultPanel.getByRole('checkbox', { name: SAVE_AFTER })).toHaveCount(0);
  await expect(pay.resultPanel.getByTestId('remember-confirm-first')).toBeVisible();

  const created = await journalOf(page.request, 'createCoinPay');
  expect(created).toHaveLength(1);
  const params = created[0]?.params as { is_remember?: unknown } | undefined;
  expect(String(params?.is_remember)).toMatch(/^(0|false)$/);
  expect(await journalOf(page.request, 'updateCardSource')).toHaveLength(0);
  const kept = await serverCards(page.request, 'sk-10000010');
  expect(kept.filter((card) => card.last4 === '4444' && String(card.is_remember) === '1')).toEqual([]);
});

test("a link's account: its saved cards and the save choice only once the visitor says it is theirs", async ({
  page,
}) => {
  const pay = new PayStepPage(page);
  await pay.open({ recharge_id: 'rc_499', pay_type: 23, to_uid: 1001 }, '', 'sk-10000001');
  await expect(page.getByTestId('link-notice')).toBeVisible();
  // Reem's saved cards (TESTDATA) are not offered to whoever opened her link; a link's step chooses no method.
  await expect(pay.channel(23)).toBeVisible();
  await expect(pay.root.getByRole('radio', { checked: true })).toHaveCount(0);
  await expect(page.getByTestId('saved-card-option')).toHaveCount(0);
  await expect(pay.openSavedCards).toHaveCount(0);

  await confirmLinkAccount(page);
  await expect(page.getByTestId('saved-card-option')).toContainText('4242');
  await pay.channel(23).check();
  await pay.confirm.click();
  await expect(pay.root).toHaveAttribute('data-step', 'cardFrame');
  // A link's account said to be theirs: offered, not ticked (the login stays a link's).
  await expect(page.getByRole('checkbox', { name: SAVE_BOX })).not.toBeChecked();
  await expect(page.getByTestId('remember-confirm-first')).toHaveCount(0);
});
