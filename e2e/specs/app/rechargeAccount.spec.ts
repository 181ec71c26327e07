import type { Page } from '@playwright/test';
import { NOURA_SESSION, nouraSignsInElsewhere } from '../../flows/signIn';
import { RechargePage } from '../../pages/RechargePage';
import { Shell } from '../../pages/Shell';
import { expect, test } from '../../support/test';

/**
 * The recharge list (and the home's) follows the account signed in, as the pay step does: another window
 * signing in, out or as someone else has its packages asked for again under the new session, so a package
 * offered only signed in (TESTDATA: 199.99 USD and up) is not left offered to a signed-out visitor, nor
 * missing for one newly signed in.
 */

/** Another window of the same browser signs out. */
async function signsOutElsewhere(page: Page): Promise<void> {
  const other = await page.context().newPage();
  await other.goto('/recharge-list');
  await new Shell(other).signOutButton.click();
  await expect(new Shell(other).signOutButton).toHaveCount(0);
  await other.close();
}

/** The session key each charge-list request carries from now on ('' signed out), in order. */
function listSessions(page: Page): () => string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (!request.url().includes('/api/third_party_pay/get_recharge_list_v3/')) return;
    seen.push(/sk-[0-9a-z-]+/.exec(`${request.url()} ${request.postData() ?? ''}`)?.[0] ?? '');
  });
  return () => [...seen];
}

/**
 * The list was asked for again, and only signed out: once for the target the page showed, and again once the
 * account's target went with the sign-out (the other window writes the two one after the other).
 */
async function expectAskedSignedOut(asked: () => string[]): Promise<void> {
  await expect.poll(() => asked().length).toBeGreaterThan(0);
  expect(asked().every((key) => key === '')).toBe(true);
}

/** Reem signs in by her link and says it is hers, then tops up Omar (10000002): a target the sign-in leaves. */
async function reemForOmar(page: Page): Promise<RechargePage> {
  const recharge = new RechargePage(page);
  await page.goto('/recharge-list?session_key=sk-10000001');
  await page.getByRole('button', { name: 'نعم، هذا حسابي' }).click();
  await expect(new Shell(page).signOutButton).toBeVisible();
  await recharge.changeTarget.click();
  await recharge.searchFor('10000002');
  await expect(recharge.targetNickname).toHaveText('Omar ⭐');
  // The search dialog, closed by the choice, takes its Back entry off with a history.back(): a navigation
  // started before that back arrives is undone by it (page.goto failed with net::ERR_ABORTED once in CI).
  await expect.poll(() => page.evaluate(() => Boolean(history.state?.backGuard))).toBe(false);
  return recharge;
}

const signedInOnly = (recharge: RechargePage) => recharge.packageAmounts.filter({ hasText: '$199.99' });

test('another window signs out: the list no longer offers the signed-in-only package', async ({ page }) => {
  const recharge = await reemForOmar(page);
  await expect(signedInOnly(recharge)).toHaveCount(1);
  const asked = listSessions(page);

  await signsOutElsewhere(page);
  await expect(new Shell(page).signOutButton).toHaveCount(0);
  // A shared phone: the account's chosen target goes with it (session/accountKept.ts), here too.
  await expect(recharge.targetNickname).toHaveCount(0);
  await expectAskedSignedOut(asked);
  await expect(signedInOnly(recharge)).toHaveCount(0);
  await expect(recharge.packageAmounts.filter({ hasText: '$0.99' })).toHaveCount(1);
});

test('another window signs in: the signed-out visitor is offered the signed-in packages', async ({
  page,
  context,
}) => {
  const recharge = new RechargePage(page);
  await recharge.open();
  await recharge.searchFor('10000002');
  await expect(recharge.targetNickname).toHaveText('Omar ⭐');
  await expect(recharge.packageAmounts.filter({ hasText: '$0.99' })).toHaveCount(1);
  await expect(signedInOnly(recharge)).toHaveCount(0);
  const asked = listSessions(page);

  await nouraSignsInElsewhere(context, { signedOut: true });
  await expect(new Shell(page).signOutButton).toBeVisible();
  await expect.poll(asked).toContain(NOURA_SESSION);
  await expect(signedInOnly(recharge)).toHaveCount(1);
});

test('another window signs in as someone else: the list is asked for again under the new session', async ({
  page,
  context,
}) => {
  const recharge = await reemForOmar(page);
  await expect(signedInOnly(recharge)).toHaveCount(1);
  const asked = listSessions(page);

  await nouraSignsInElsewhere(context);
  await expect.poll(asked).toContain(NOURA_SESSION);
  expect(asked().filter((key) => key !== NOURA_SESSION)).toEqual([]);
  await expect(signedInOnly(recharge)).toHaveCount(1);
});

test("another window signs out: the home's packages are asked for again, signed out", async ({ page }) => {
  await reemForOmar(page);
  await page.goto('/');
  await expect(page.getByTestId('home-packages-for')).toContainText('Omar');
  await expect(page.getByTestId('home-strip')).toHaveAttribute('aria-busy', 'false');
  const asked = listSessions(page);

  await signsOutElsewhere(page);
  await expect(new Shell(page).signOutButton).toHaveCount(0);
  await expectAskedSignedOut(asked);
  await expect(page.getByTestId('home-strip')).toHaveAttribute('aria-busy', 'false');
  // The account's target went with it: the home no longer names Omar.
  await expect(page.getByText('Omar')).toHaveCount(0);
});
