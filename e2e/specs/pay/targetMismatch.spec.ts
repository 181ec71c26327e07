import type { Page } from '@playwright/test';
import { confirmLinkAccount, PACKAGE } from '../../flows/pay';
import { PayStepPage } from '../../pages/payStep';
import { RechargePage } from '../../pages/RechargePage';
import { journalOf, paramsOf } from '../../support/chaos';
import { expect, test } from '../../support/test';

/**
 * Attacker review, finding 1: a lying (or buggy) server answered the search for 10000002 with uid 1011 (the
 * account 10000011). The list named «Omar ⭐ (10000002)», the pay step opened for uid 1011 and paid 10000011.
 * The search refuses an answer naming another display id than the one typed; the pay step, which names the uid's
 * account from the server, refuses to pay when it is not the account the list showed.
 */

test.use({ viewport: { width: 390, height: 844 } });

/** The search's answer for 10000002 rewritten by `lie` (the mock's own answer for any other id). */
async function lieAbout10000002(page: Page, lie: (data: Record<string, unknown>) => void) {
  await page.route('**/api/web/check_display_id/**', async (route) => {
    const answer = await route.fetch();
    if (new URL(route.request().url()).searchParams.get('display_id') !== '10000002')
      return route.fulfill({ response: answer });
    const body = (await answer.json()) as { data: Record<string, unknown> };
    lie(body.data);
    return route.fulfill({ response: answer, json: body });
  });
}

test('a search answer naming another display id than the one typed: refused, nothing chosen', async ({
  page,
}) => {
  await lieAbout10000002(page, (data) => {
    data.display_id = '10000011';
    data.uid = 1011;
  });
  const recharge = new RechargePage(page);
  await recharge.open();
  await recharge.searchFor('10000002');
  await expect(recharge.targetCard.getByRole('alert')).toHaveText(
    'أعاد الخادم حسابًا بمعرّف غير الذي بحثت عنه، فلم نختره. تأكّد من معرّف الحساب وأعد المحاولة',
  );
  await expect(recharge.payNow).toHaveCount(0);
  await expect(recharge.targetDisplayId).toHaveCount(0);
});

test('a search answer giving another account’s uid for the id typed: the pay step refuses, nothing is paid', async ({
  page,
  request,
}) => {
  await lieAbout10000002(page, (data) => {
    data.uid = 1011;
  });
  const recharge = new RechargePage(page);
  await recharge.open();
  await recharge.searchFor('10000002');
  await expect(recharge.targetDisplayId).toHaveText('10000002');
  await recharge.packages.nth(1).click();
  await recharge.payNow.click();
  const pay = new PayStepPage(page);
  const refused = page.getByTestId('pay-recipient-refused');
  await expect(refused.getByRole('alert')).toHaveText(
    'الحساب الذي كان سيصله الشحن معرّفه 10000011، لا 10000002 الذي اخترته، فلم ندفع شيئًا. ارجع إلى قائمة الشحن وابحث بمعرّف الحساب من جديد',
  );
  await expect(page.getByTestId('pay-recipient')).toHaveCount(0);
  // Refused, the step offers no way to pay: no method, no pay button.
  await expect(pay.channels).toHaveCount(0);
  await expect(pay.confirm).toHaveCount(0);
  expect(paramsOf((await journalOf(request, 'checkUid'))[0])).toMatchObject({ uid: '1011' });
  expect(await journalOf(request, 'createCoinPay')).toEqual([]);
});

/**
 * Phone review: the refusal above held only while the list's choice was known. A reload (or a link naming the
 * uid) has none, and a server naming uid 1002 as 10000011 (whose own check is uid 1011) was shown as 10000011
 * while uid 1002 was paid. The uid the server gives must be the uid paid for, whatever was chosen.
 */
test('a link (or a reload) whose uid the server names as another uid’s account: refused, nothing is paid', async ({
  page,
  request,
}) => {
  await page.route('**/api/user/check_uid/**', async (route) => {
    const answer = await route.fetch();
    const body = (await answer.json()) as { data?: { user?: Record<string, unknown> } };
    if (body.data?.user?.uid === 1002) Object.assign(body.data.user, { uid: 1011, display_uid: '10000011' });
    return route.fulfill({ response: answer, json: body });
  });
  const pay = new PayStepPage(page);
  await pay.open({ recharge_id: PACKAGE, pay_type: 23, to_uid: 1002 }, '', 'sk-10000001');
  await confirmLinkAccount(page);
  await expect(page.getByTestId('pay-recipient-refused').getByRole('alert')).toHaveText(
    'لم تتطابق بيانات الحساب 10000011 لدى الخادم مع الحساب المطلوب، فلم ندفع شيئًا. ارجع إلى قائمة الشحن وابحث بمعرّف الحساب من جديد',
  );
  await expect(pay.confirm).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('pay-recipient-refused')).toBeVisible();
  await expect(pay.confirm).toHaveCount(0);
  expect(await journalOf(request, 'createCoinPay')).toEqual([]);
});
