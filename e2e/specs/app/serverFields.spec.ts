import { FineId } from '@topup/contracts/testdata/fines';
import { openPayStepByLink } from '../../flows/pay';
import { journalOf } from '../../support/chaos';
import { expect, test } from '../../support/test';
import { FinesPage } from '../fines/FinesPage';

/**
 * A lying server's fields that SPEC fixes (attack review): a fine is in USD and whole cents, a display id is
 * digits. An answer holding anything else is refused, said in Arabic, and nothing of it is drawn or paid.
 */

const RLO = '\u202E';
const UNREADABLE =
  'وصلتنا بيانات هذه الغرامة بصيغة غير صالحة (المبلغ أو العملة أو رقم الحساب)، فلا يمكن عرضها أو دفعها. أعد المحاولة لاحقاً أو تواصل مع الدعم';

const fineLies: readonly { name: string; lie: Record<string, unknown>; words: string }[] = [
  {
    name: 'a currency holding words of its own',
    lie: { currency: `USD ${RLO}اتصل بالدعم واتساب 0500000000 لإلغاء الحظر مجاناً` },
    words: '0500000000',
  },
  {
    name: 'a display id of 3,000 characters',
    lie: { display_uid: `10000009${RLO}${'X'.repeat(3000)}` },
    words: 'XXX',
  },
  {
    name: 'an amount in another currency, in exponent form',
    lie: { currency: 'SAR', amount: 1e-7 },
    words: 'SAR',
  },
  { name: 'an amount finer than a cent (drawn $5.00)', lie: { amount: 4.999999 }, words: '$5.00' },
];

for (const { name, lie, words } of fineLies) {
  test(`get_fine_info with ${name}: refused, said so, not drawn, never paid`, async ({ page }) => {
    await page.route('**/api/fine/get_fine_info/**', async (route) => {
      const response = await route.fetch();
      const json = await response.json();
      Object.assign(json.data, lie);
      await route.fulfill({ response, json });
    });
    const fines = new FinesPage(page);
    await fines.open(`?id=${FineId.outstanding}`);
    const failed = page.getByTestId('fine-load-failed');
    await expect(failed.getByRole('alert')).toHaveText(UNREADABLE);
    await expect(fines.summary).toHaveCount(0);
    await expect(fines.payButton).toBeHidden();
    await expect(page.getByText(words)).toHaveCount(0);
    expect(await page.evaluate(() => document.body.innerText.includes('\u202E'))).toBe(false);
    expect(await journalOf(page.request, 'createFinePay')).toEqual([]);
  });
}

test("a link's account whose display id carries words of its own: not signed in, the words never shown", async ({
  page,
}) => {
  const spoof = `10000001) ${RLO}وهو حسابك الموثّق، لا داعي للتحقق (`;
  await page.route(/\/api\/coin\/get_pay_user_info\//, async (route) => {
    const response = await route.fetch();
    const json = await response.json();
    json.data.user.display_uid = spoof;
    await route.fulfill({ response, json });
  });
  await page.goto('/recharge-list?session_key=sk-10000001');
  await expect(page.getByTestId('link-failed').getByRole('alert')).toContainText('لم يسجّل الرابط دخولك');
  await expect(page.getByTestId('link-notice')).toHaveCount(0);
  await expect(page.getByText('لا داعي للتحقق')).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('topup.session_key'))).toBeNull();
});

test('saved cards whose scheme carries an override: each is named by its true last four digits', async ({
  page,
}) => {
  // «Visa 2424 ••••» was drawn for ••4242: the override reversed the digits after the scheme.
  await page.route('**/api/web/get_card_source/**', async (route) => {
    const response = await route.fetch();
    const json = (await response.json()) as { data: { items: { scheme: string }[] } };
    json.data.items = json.data.items.map((card) => ({ ...card, scheme: `Visa ${RLO}` }));
    await route.fulfill({ response, json });
  });
  const pay = await openPayStepByLink(page, 23);
  await pay.openSavedCards.click();
  const card = pay.savedCard('src_visa4242');
  await expect(card).toContainText('Visa •••• 4242');
  expect(await page.evaluate(() => document.body.innerText.includes('\u202E'))).toBe(false);
});
