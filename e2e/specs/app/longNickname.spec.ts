import { RechargePage } from '../../pages/RechargePage';
import { expect, test } from '../../support/test';

/**
 * Finding 7 (rev7): a 400-character nickname from the server filled the 320 px screen. It is cut to two lines
 * on screen, its full text still the element's text and title (nothing cut in storage).
 */

test.use({ viewport: { width: 320, height: 568 } });

const NICK = `${'W'.repeat(200)} ${'ل'.repeat(200)}`;

test('a 400-character nickname takes two lines at most, its full text kept', async ({ page }) => {
  await page.route('**/api/web/check_display_id/**', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: Record<string, unknown> };
    await route.fulfill({ response, json: { ...body, data: { ...body.data, nickname: NICK } } });
  });
  const recharge = new RechargePage(page);
  await recharge.open();
  await recharge.searchFor('10000002');
  await expect(recharge.targetNickname).toHaveText(NICK);
  await expect(recharge.targetNickname).toHaveAttribute('title', NICK);
  const box = await recharge.targetNickname.boundingBox();
  const lineHeight = await recharge.targetNickname.evaluate((e) =>
    Number.parseFloat(getComputedStyle(e).lineHeight),
  );
  expect(box?.height ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(2 * lineHeight + 2);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  const stored = await page.evaluate(() => localStorage.getItem('topup.pay_target_user'));
  expect(stored).toContain(NICK);
});

/**
 * Attack review F2: a nickname with a line separator (and other breaks and invisibles) cannot show a made-up
 * line such as "account id: 10000001" above the true id: it is shown on one line, the breaks as spaces.
 */
const FAKE_LINE = 'ريم\u2028معرّف الحساب: 10000001\r\n\u200B\t';

test('a nickname with a line separator shows on one line, its breaks as spaces, stored whole', async ({
  page,
}) => {
  await page.route('**/api/web/check_display_id/**', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: Record<string, unknown> };
    await route.fulfill({ response, json: { ...body, data: { ...body.data, nickname: FAKE_LINE } } });
  });
  const recharge = new RechargePage(page);
  await recharge.open();
  await recharge.searchFor('10000002');
  const shown = 'ريم معرّف الحساب: 10000001';
  await expect(recharge.targetNickname).toHaveText(shown);
  await expect(recharge.targetNickname).toHaveAttribute('title', shown);
  // toHaveText folds white space: the text itself holds no break.
  expect(await recharge.targetNickname.textContent()).toBe(shown);
  const box = await recharge.targetNickname.boundingBox();
  const lineHeight = await recharge.targetNickname.evaluate((e) =>
    Number.parseFloat(getComputedStyle(e).lineHeight),
  );
  expect(box?.height ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(lineHeight + 2);
  await expect(recharge.targetDisplayId).toHaveText('10000002');
  const stored = await page.evaluate(() => localStorage.getItem('topup.pay_target_user'));
  expect(stored).toContain(JSON.stringify(FAKE_LINE).slice(1, -1));
});

test('a long nickname in the target card takes one line, cut, its full text kept', async ({ page }) => {
  await page.route('**/api/web/check_display_id/**', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: Record<string, unknown> };
    await route.fulfill({ response, json: { ...body, data: { ...body.data, nickname: NICK } } });
  });
  const recharge = new RechargePage(page);
  await recharge.open();
  await recharge.searchFor('10000002');
  await expect(recharge.targetNickname).toHaveText(NICK);
  const box = await recharge.targetNickname.boundingBox();
  const lineHeight = await recharge.targetNickname.evaluate((e) =>
    Number.parseFloat(getComputedStyle(e).lineHeight),
  );
  expect(box?.height ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(lineHeight + 2);
});
