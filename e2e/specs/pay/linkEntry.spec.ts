import type { Page } from '@playwright/test';
import { HOSTILE_NICKNAME_SHOWN } from '@topup/contracts/testdata/accounts';
import { confirmLinkAccount, fromTheList } from '../../flows/pay';
import { PayStepPage } from '../../pages/payStep';
import { RechargePage } from '../../pages/RechargePage';
import { expect, test } from '../../support/test';

/**
 * A pay step a link opened is not the visitor's choice (the bug: a stranger's crafted link opened the step for a
 * signed-in visitor with the stranger as recipient, the $499.99 package and the visitor's own saved Visa already
 * chosen, a CVV and two taps from paying). Opened by a link, nothing is chosen and a notice names the account and
 * the package; opened from the list, the saved card is chosen as before, also after a reload.
 */

const CRAFTED = '/pay-step?recharge_id=rc_49999&pay_type=23&to_uid=1002';

/** Reem signed in on the list by her own link, said to be hers: a visitor with saved cards (TESTDATA). */
async function signedInReem(page: Page): Promise<void> {
  const recharge = new RechargePage(page);
  await recharge.open('?session_key=sk-10000001');
  await confirmLinkAccount(page);
  await expect(recharge.targetNickname).toHaveText('ريم');
}

test('a crafted link, signed in with a saved card: nothing chosen, the notice names who and what, no pay until a pick', async ({
  page,
  axe,
}) => {
  await signedInReem(page);
  const pay = new PayStepPage(page);
  await page.goto(CRAFTED);
  // The summary is the notice: it says the page came from a link, and names under it the account as the server
  // names it and the package (its diamonds and its price), asking the visitor to check them.
  const notice = page.getByRole('region', { name: 'فُتحت صفحة الدفع هذه من رابط' });
  await expect(notice).toBeVisible();
  await expect(notice.getByTestId('pay-link-entry')).toContainText('تحقّق من الحساب والباقة والسعر قبل الدفع');
  await expect(notice.getByTestId('pay-recipient-nickname')).toHaveText('Omar ⭐');
  await expect(notice.getByTestId('pay-recipient-id')).toHaveText('10000002');
  await expect(notice.getByTestId('pay-coins')).toHaveText('35,000 ماسة +7,000 مكافأة');
  await expect(notice.getByTestId('pay-amount')).toHaveText('$499.99');
  // Her saved Visa is offered, not chosen; no method is.
  await expect(page.getByTestId('saved-card-option')).toContainText('4242');
  await expect(pay.savedCardOption).not.toBeChecked();
  await expect(pay.root.getByRole('radio', { checked: true })).toHaveCount(0);
  await expect(pay.confirm).toBeDisabled();
  // A tap on the disabled button opens nothing: still the first step, no order asked for.
  await pay.confirm.click({ force: true });
  await expect(pay.root).toHaveAttribute('data-step', 'home');
  await expect(pay.cvvStep).toHaveCount(0);
  await axe(page);
  // The visitor's own pick enables it.
  await pay.savedCardOption.check();
  await expect(pay.confirm).toBeEnabled();
  await expect(notice).toBeVisible();
});

test('a crafted link: the notice’s words link to the recharge list, where the visitor chooses for themselves', async ({
  page,
}) => {
  await signedInReem(page);
  await page.goto(CRAFTED);
  const recharge = new RechargePage(page);
  await page.getByTestId('pay-link-entry').getByRole('link', { name: 'قائمة الشحن' }).click();
  await expect(page).toHaveURL(/\/recharge-list$/);
  // Her own list: her account, as before the link, and no package chosen for her.
  await expect(recharge.targetNickname).toHaveText('ريم');
  await expect(recharge.packages.first()).toBeVisible();
  await expect(recharge.packages.getByRole('radio', { checked: true })).toHaveCount(0);
});

test('a crafted link for the inert-nickname account, signed out: its name is text in the notice, nothing chosen', async ({
  page,
}) => {
  const pay = new PayStepPage(page);
  await pay.open({ recharge_id: 'rc_999', pay_type: 27, to_uid: 1011 });
  const notice = page.getByRole('region', { name: 'فُتحت صفحة الدفع هذه من رابط' });
  await expect(notice.getByTestId('pay-link-entry')).toBeVisible();
  await expect(notice.getByTestId('pay-recipient-nickname')).toHaveText(HOSTILE_NICKNAME_SHOWN);
  await expect(notice.locator('img')).toHaveCount(0);
  await expect(notice.getByTestId('pay-recipient-id')).toHaveText('10000011');
  await expect(pay.root.getByRole('radio', { checked: true })).toHaveCount(0);
  await expect(pay.confirm).toBeDisabled();
  await pay.channel(27).check();
  await expect(pay.confirm).toBeEnabled();
});

test('opened from the list: the saved card is chosen and no notice; a reload of that step still chooses it', async ({
  page,
}) => {
  const { pay } = await fromTheList(page);
  await expect(pay.savedCardOption).toBeChecked();
  await expect(pay.confirm).toBeEnabled();
  await expect(page.getByTestId('pay-link-entry')).toHaveCount(0);
  await page.reload();
  await expect(pay.root).toHaveAttribute('data-step', 'home');
  await expect(pay.savedCardOption).toBeChecked();
  await expect(pay.confirm).toBeEnabled();
  await expect(page.getByTestId('pay-link-entry')).toHaveCount(0);
});
