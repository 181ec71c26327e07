import { savedCardsOf10000001 } from '@topup/contracts/testdata/savedCards';
import { enterNewCard, openPayStepByLink } from '../../flows/pay';
import { resetMockAt } from '../../support/mock';
import { recordToasts } from '../../support/notices';
import { expect, test } from '../../support/test';

/**
 * Card expiry by the server's clock, not the browser's (TESTDATA, Clock: card dates are relative to the mock's
 * now). The mock runs 16 months ahead of the browser, as `npm start -- --now <later>` would: the cards it
 * serves, and the dates its provider accepts, are those of its own now.
 */

const CARD_PAY_TYPE = 23;

function sixteenMonthsAhead(): Date {
  const at = new Date();
  at.setUTCMonth(at.getUTCMonth() + 16);
  return at;
}

/** The MM/YY of a catalogue card at the mock's now. */
function validDateOf(now: Date, sourceId: string): string {
  const card = savedCardsOf10000001(now).find((c) => c.source_id === sourceId);
  if (card === undefined) throw new Error(`no ${sourceId} in the catalogue`);
  return card.card_valid_date;
}

/** Two years after a MM/YY: valid by any clock of this test. */
const twoYearsAfter = (validDate: string) => `${validDate.slice(0, 3)}${Number(validDate.slice(3)) + 2}`;

let serverNow: Date;
test.beforeEach(async ({ request }) => {
  serverNow = sixteenMonthsAhead();
  await resetMockAt(request, serverNow);
});

test("src_mc4444, expired last month by the server's clock, offers the expiry update; src_soon0006 is flagged", async ({
  page,
}) => {
  // Last month at the mock: still 15 months away by the browser's clock.
  const lastMonth = validDateOf(serverNow, 'src_mc4444');
  const pay = await openPayStepByLink(page, CARD_PAY_TYPE);
  await pay.openSavedCards.click();
  const mc4444 = pay.savedCard('src_mc4444');
  await expect(mc4444).toHaveAttribute('data-status', 'expiredModifiable');
  await expect(mc4444).toContainText('انتهت صلاحيتها');
  await expect(mc4444).toContainText(`انتهت في ${lastMonth}`);

  await mc4444.getByRole('button').first().click();
  await expect(pay.expiryPopup).toBeVisible();
  await expect(pay.expiryPopup.getByRole('heading')).toHaveText('تحديث تاريخ الانتهاء');
  const newExpiry = pay.expiryPopup.getByLabel('تاريخ الانتهاء الجديد');
  const submit = pay.expiryPopup.getByTestId('expiry-submit');
  // The popup's month check is the server's too: last month there is no new expiry.
  await newExpiry.fill(lastMonth);
  await expect(submit).toBeDisabled();
  await expect(pay.expiryPopup).toContainText(
    'تاريخ الانتهاء غير صحيح: هذا التاريخ مضى، اكتب التاريخ المطبوع على البطاقة',
  );
  await newExpiry.fill(twoYearsAfter(lastMonth));
  await expect(submit).toBeEnabled();
  // Another card (SPEC §4: another remembered card exists, so the methods again).
  await pay.expiryPopup.getByTestId('use-another-card').click();
  await expect(pay.root).toHaveAttribute('data-step', 'home');

  // src_soon0006 expires within 30 days of the mock's now: listed once a card above it is deleted, flagged.
  await pay.openSavedCards.click();
  await pay.deleteCard('src_bank1699').click();
  await pay.confirmDelete.click();
  const soon = pay.savedCard('src_soon0006');
  await expect(soon).toHaveAttribute('data-status', 'expiresSoon');
  await expect(soon).toContainText('تنتهي قريبًا، حدّث تاريخ الانتهاء');
  await expect(soon.getByTestId('update-soon')).toHaveText('تحديث تاريخ الانتهاء');
});

test("a new card expired by the server's clock is refused by the form, in Arabic, before any payment", async ({
  page,
}) => {
  const lastMonth = validDateOf(serverNow, 'src_mc4444');
  const pay = await openPayStepByLink(page, CARD_PAY_TYPE);
  await enterNewCard(pay, CARD_PAY_TYPE, '4242424242424242', lastMonth);
  await expect(pay.cardMessage('expiry')).toHaveText(
    'تاريخ الانتهاء غير صحيح: هذا التاريخ مضى، اكتب التاريخ المطبوع على البطاقة',
  );
  await expect(pay.confirm).toBeDisabled();

  // A date valid at the mock's now: the form and the provider agree, and the payment goes through.
  await pay.expiry.fill(twoYearsAfter(lastMonth));
  await expect(pay.cardMessage('expiry')).toBeEmpty();
  await pay.confirm.click();
  await expect(pay.result).toHaveAttribute('data-outcome', 'success');
});

test("the server's time unreachable: no network toast, the browser's clock judges, and the provider's refusal says the card expired", async ({
  page,
}) => {
  const toasts = await recordToasts(page);
  // Failed once the page is up (its error listeners too), as a slow connection's failure would.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/api\/sys\/ts\//, async (route) => {
    await held;
    await route.abort('internetdisconnected');
  });
  const failed = page.waitForEvent('requestfailed', (request) => request.url().includes('/api/sys/ts/'));
  const lastMonth = validDateOf(serverNow, 'src_mc4444');
  const pay = await openPayStepByLink(page, CARD_PAY_TYPE);
  await expect(pay.openSavedCards).toBeVisible();
  release();
  await failed;
  await pay.openSavedCards.click();
  // By the browser's clock src_mc4444 is 15 months from expiry: listed as usable, nothing blocked.
  await expect(pay.savedCard('src_mc4444')).toHaveAttribute('data-status', 'usable');
  await pay.back.click();

  await enterNewCard(pay, CARD_PAY_TYPE, '4242424242424242', lastMonth);
  await expect(pay.confirm).toBeEnabled();
  await pay.confirm.click();
  // The provider judges by the mock's clock: 422 card_expired, said as such, and no order is made.
  const expired = 'انتهت صلاحية البطاقة. تحقّق من تاريخ الانتهاء أو جرّب بطاقة أخرى';
  await expect(page.getByTestId('toast')).toHaveText(expired);
  const seen = await toasts();
  expect(seen).not.toContain('تعذّر الاتصال بالشبكة. تحقّق من اتصالك وأعد المحاولة');
  expect(seen.at(-1)).toBe(expired);
  await expect(pay.result).toHaveCount(0);
});
