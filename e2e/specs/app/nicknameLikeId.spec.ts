import type { Locator, Page } from '@playwright/test';
import { RechargePage } from '../../pages/RechargePage';
import { expect, test } from '../../support/test';

/**
 * Attacker review, finding 3: a nickname can be written to look like an account ID. 10000011 named
 * «Omar ⭐ (معرّف الحساب 10000002)» showed in bold on the pay step, its true "(معرّف الحساب 10000011)" muted
 * below. Wherever an account is shown its nickname is drawn as a name (quoted, in normal weight) and its display
 * id, the account's identity, stronger.
 */

test.use({ viewport: { width: 390, height: 844 } });

const FAKE = 'Omar ⭐ (معرّف الحساب 10000002)';

/** 10000011's answers (check_uid, check_display_id) name it FAKE. */
async function nameItFake(page: Page) {
  for (const path of ['**/api/user/check_uid/**', '**/api/web/check_display_id/**']) {
    await page.route(path, async (route) => {
      const answer = await route.fetch();
      const text = await answer.text();
      if (!text.includes('10000011')) return route.fulfill({ response: answer });
      const body = JSON.parse(text) as { data: { nickname?: string; user?: { nickname: string } } };
      if (body.data.user !== undefined) body.data.user.nickname = FAKE;
      else body.data.nickname = FAKE;
      return route.fulfill({ response: answer, json: body });
    });
  }
}

/** How a nickname is drawn: its weight, the quotes around it. */
async function drawnAsName(nickname: Locator) {
  return nickname.evaluate((node) => {
    const quoted = node.parentElement as HTMLElement;
    return {
      weight: Number(getComputedStyle(node).fontWeight),
      before: getComputedStyle(quoted, '::before').content,
      after: getComputedStyle(quoted, '::after').content,
    };
  });
}

/** In normal weight, between quotes as the page's direction (right to left) draws them: the opening on the right. */
const QUOTED = { weight: 400, before: '"»"', after: '"«"' };

const weightOf = (node: Locator) => node.evaluate((el) => Number(getComputedStyle(el).fontWeight));

test('the pay step: the nickname quoted and light, the true display id the stronger line', async ({
  page,
}) => {
  await nameItFake(page);
  await page.goto('/pay-step?recharge_id=rc_999&pay_type=27&to_uid=1011');
  const nickname = page.getByTestId('pay-recipient-nickname');
  await expect(nickname).toHaveText(FAKE);
  await expect(page.getByTestId('pay-recipient-id')).toHaveText('10000011');
  expect(await drawnAsName(nickname)).toEqual(QUOTED);
  expect(await weightOf(page.getByTestId('pay-recipient-id'))).toBeGreaterThanOrEqual(700);
  await page.screenshot({ path: test.info().outputPath('pay-step.png') });
  await page.getByTestId('pay-recipient').screenshot({ path: test.info().outputPath('recipient.png') });
});

test('the list: the chosen target and the recent accounts draw the nickname as a name, the id stronger', async ({
  page,
}) => {
  await nameItFake(page);
  const recharge = new RechargePage(page);
  await recharge.open();
  await recharge.searchFor('10000011');
  await expect(recharge.targetDisplayId).toHaveText('10000011');
  expect(await drawnAsName(recharge.targetNickname)).toEqual(QUOTED);
  expect(await weightOf(recharge.targetDisplayId)).toBeGreaterThanOrEqual(700);
  await page.screenshot({ path: test.info().outputPath('list.png') });
  await recharge.targetCard.screenshot({ path: test.info().outputPath('target.png') });
  await recharge.changeTarget.click();
  const recent = recharge.earlierTargets.first();
  await expect(recent).toContainText(FAKE);
  expect(await drawnAsName(recent.locator('bdi.user-name'))).toEqual(QUOTED);
  expect(await weightOf(recent.getByText('10000011', { exact: true }))).toBeGreaterThanOrEqual(700);
});
