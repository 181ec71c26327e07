import type { Page } from '@playwright/test';
import { IPHONE_SAFARI } from '../../flows/pay';
import { RechargePage } from '../../pages/RechargePage';
import { Shell } from '../../pages/Shell';
import { expect, test } from '../../support/test';

/**
 * The wallet domain move (SPEC §4) hands over the visitor's own account as theirs (review rev7, finding 5):
 * the page moved to localhost asks no link question for an account the visitor had confirmed on 127.0.0.1,
 * while a crafted `#pageinfo` link saying the same, opened from anywhere else, still gets the question.
 */

test.use({ userAgent: IPHONE_SAFARI, viewport: { width: 390, height: 844 } });

function on127(baseURL: string | undefined): string {
  const url = new URL(baseURL ?? '');
  url.hostname = '127.0.0.1';
  return url.origin;
}

/**
 * Reem signed in on 127.0.0.1 by her link, said to be hers; on the list a package and Apple Pay, "pay now",
 * then pay on the step: the page moves to the payable domain (localhost).
 */
async function applePayFromListMoved(page: Page, baseURL: string | undefined): Promise<void> {
  await page.goto(`${on127(baseURL)}/recharge-list?session_key=sk-10000001`);
  await page.getByRole('button', { name: 'نعم، هذا حسابي' }).click();
  await expect(page.getByTestId('link-notice')).toHaveCount(0);
  // The step opened from the list, Apple Pay chosen there: the visitor's own choices.
  const recharge = new RechargePage(page);
  await recharge.packages.nth(1).click();
  await recharge.method(26).check();
  await recharge.payNow.click();
  await expect(
    page.locator('[data-testid="pay-channel"][data-pay-type="26"]').getByRole('radio'),
  ).toBeChecked();
  await page.getByTestId('pay-confirm').click();
  await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/pay-step\?/);
}

const stored = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

test("a confirmed link account moves to the payable domain as the visitor's own: no link notice", async ({
  page,
  baseURL,
}) => {
  await applePayFromListMoved(page, baseURL);
  await expect(page.getByTestId('pay-wallet-moved')).toBeVisible();
  // The move from this app's own page keeps the visitor's choice: the wallet chosen, no link-entry notice.
  await expect(
    page.locator('[data-testid="pay-channel"][data-pay-type="26"]').getByRole('radio'),
  ).toBeChecked();
  await expect(page.getByTestId('pay-link-entry')).toHaveCount(0);
  await expect(new Shell(page).signOutButton).toBeVisible();
  await expect(page.getByTestId('link-notice')).toHaveCount(0);
  await expect(page.getByText('دخلت عبر رابط')).toHaveCount(0);
  // Still the link's sign-in it was there (no card saved by default), confirmed by the visitor here too.
  expect(await stored(page, 'topup.login_type')).toBe(JSON.stringify('link'));
  expect(await stored(page, 'topup.link_acknowledged')).toBe('1001');
});

test("paid on the payable domain, back twice: never the first domain's pay step for the paid order", async ({
  page,
  baseURL,
}) => {
  await applePayFromListMoved(page, baseURL);
  await page.getByTestId('pay-confirm').click();
  await page.getByTestId('mock-wallet-sheet').locator('button[data-token="wallet:success"]').click();
  await expect(page.getByTestId('pay-result')).toHaveAttribute('data-outcome', 'success');
  // Back, and back again: the first domain's step, where the order began, is no longer in history (the move
  // replaced it): that domain cannot know of the payment made here, and would offer its pay button again.
  await page.goBack();
  await expect(page).toHaveURL(/\/recharge-list/);
  await page.goBack();
  await expect(page).not.toHaveURL(/\/pay-step/);
  await expect(page.getByTestId('pay-confirm')).toHaveCount(0);
});

test("a link's step moved to the payable domain stays a link's: its warning, nothing chosen until picked", async ({
  page,
  baseURL,
}) => {
  const origin = on127(baseURL);
  await page.goto(`${origin}/recharge-list?session_key=sk-10000001`);
  await page.getByRole('button', { name: 'نعم، هذا حسابي' }).click();
  // A link names a stranger's package; the visitor picks Apple Pay on it and taps pay: the page moves.
  await page.goto(`${origin}/pay-step?recharge_id=rc_499&pay_type=26&to_uid=1001`);
  await expect(page.getByTestId('pay-link-entry')).toBeVisible();
  await page.locator('[data-testid="pay-channel"][data-pay-type="26"]').getByRole('radio').check();
  await page.getByTestId('pay-confirm').click();
  await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/pay-step\?/);
  // Moved, it is still the link's step: the warning stays, and nothing is chosen behind the visitor.
  await expect(page.getByTestId('pay-link-entry')).toBeVisible();
  await expect(page.getByTestId('pay-step').getByRole('radio', { checked: true })).toHaveCount(0);
  await expect(page.getByTestId('pay-confirm')).toBeDisabled();
  await page.locator('[data-testid="pay-channel"][data-pay-type="26"]').getByRole('radio').check();
  await page.getByTestId('pay-confirm').click();
  await expect(page.getByTestId('mock-wallet-sheet')).toBeVisible();
});

test("a crafted #pageinfo saying the account is the visitor's own, opened from elsewhere: the notice asks", async ({
  page,
  baseURL,
}) => {
  const info = {
    h5_deviceid: 'h5_attacker_device',
    session_key: 'sk-10000010',
    to_uid: 1001,
    history: [],
    charge: { recharge_id: 'rc_499', pay_type: 26 },
    own: { uid: 1010, login_type: 'account' },
  };
  await page.goto(
    `${new URL(baseURL ?? '').origin.replace('127.0.0.1', 'localhost')}/pay-step?recharge_id=rc_499&pay_type=26&to_uid=1001#pageinfo=${encodeURIComponent(JSON.stringify(info))}`,
  );
  const notice = page.getByTestId('link-notice');
  await expect(notice).toContainText('دخلت عبر رابط');
  // Not a move from this app's page: a link like any other, nothing chosen, its account and package named.
  const entry = page.getByRole('region', { name: 'فُتحت صفحة الدفع هذه من رابط' });
  await expect(entry.getByTestId('pay-link-entry')).toBeVisible();
  await expect(entry.getByTestId('pay-recipient-id')).toHaveText('10000001');
  await expect(entry.getByTestId('pay-amount')).toHaveText('$4.99');
  await expect(page.getByTestId('pay-step').getByRole('radio', { checked: true })).toHaveCount(0);
  await expect(notice).toContainText('10000010');
  expect(await stored(page, 'topup.login_type')).toBe(JSON.stringify('link'));
  expect(await stored(page, 'topup.link_acknowledged')).toBeNull();
});
