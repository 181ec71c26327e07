import type { Locator } from '@playwright/test';
import { DisplayUid } from '@topup/contracts/testdata/accounts';
import { CardNumber } from '@topup/contracts/testdata/cards';
import { PayStepPage } from '../../pages/payStep';
import { RechargePage } from '../../pages/RechargePage';
import { expect, test } from '../../support/test';

/**
 * Phone review, 320 px: the list's "paid" notice and the pay step's "paid a moment ago, paying here is a new
 * order" broke the order number in the middle, and a long nickname (10000011's) put its «…» quotes on lines of
 * their own. An order number is one unbroken left-to-right run inside its notice, and the quotes stay on the
 * nickname's line.
 */

test.use({ viewport: { width: 320, height: 640 } });

/**
 * The order number on one line, never broken, inside its notice, its last characters always whole (a middle
 * too long for the line gives way to an ellipsis, as on the receipt); the page no wider than the phone.
 */
async function expectOrderWhole(notice: Locator, order: Locator): Promise<void> {
  await expect(order).toHaveText(/^PO\w{8,}$/);
  const box = await notice.boundingBox();
  if (box === null) throw new Error('no notice');
  const measured = await order.evaluate((el, box) => {
    const own = el.getBoundingClientRect();
    const tail = el.lastElementChild;
    return {
      lines: el.getClientRects().length,
      oneLineTall: own.height <= Number.parseFloat(getComputedStyle(el.closest('p') ?? el).lineHeight) + 2,
      tailWhole: tail !== null && tail.textContent?.length === 6 && tail.scrollWidth <= tail.clientWidth + 1,
      inside: own.left >= box.x - 0.5 && own.right <= box.x + box.width + 0.5,
      pageWidth: document.documentElement.scrollWidth,
    };
  }, box);
  expect(measured).toEqual({ lines: 1, oneLineTall: true, tailWhole: true, inside: true, pageWidth: 320 });
}

/** The nickname's quotes on the name's line: the quoted name is one line tall. */
async function expectQuotesWithName(notice: Locator): Promise<void> {
  const quoted = notice.locator('.user-name-quoted');
  await expect(quoted).toHaveCount(1);
  const { height, line, lines } = await quoted.evaluate((el) => ({
    height: el.getBoundingClientRect().height,
    line: Number.parseFloat(getComputedStyle(el.closest('p') ?? el).lineHeight),
    lines: el.getClientRects().length,
  }));
  expect(lines).toBe(1);
  expect(height).toBeLessThanOrEqual(line + 2);
}

test('at 320 px, the paid notices keep the order number whole and the nickname within its quotes', async ({
  page,
}) => {
  const recharge = new RechargePage(page);
  await recharge.open();
  await recharge.searchFor(DisplayUid.hostileNickname);
  await expect(recharge.targetDisplayId).toHaveText(DisplayUid.hostileNickname);
  await recharge.packages.nth(1).click();
  await recharge.payNow.click();
  const pay = new PayStepPage(page);
  await expect(pay.root).toHaveAttribute('data-step', 'home');
  // The list's card method, as chosen there (its pay type is the list's to pick).
  await expect(page.getByRole('radio', { name: 'Visa / Mastercard' })).toBeChecked();
  await pay.confirm.click();
  await pay.cardNumber.fill(CardNumber.visaApproved);
  await pay.expiry.fill('12/30');
  await pay.cvv.fill('123');
  await pay.holder.fill('Omar Test');
  await pay.confirm.click();
  await expect(pay.result).toHaveAttribute('data-outcome', 'success');

  // A reload of the paid step: the list says the order was paid, and to whom.
  await page.reload();
  const paidAgain = page.getByTestId('paid-again-notice');
  await expect(paidAgain).toContainText('تم الدفع بنجاح');
  await expectOrderWhole(paidAgain, paidAgain.getByTestId('paid-again-order'));
  await expectQuotesWithName(paidAgain);

  // The same account's pay step again: the order just paid, and that paying here is a new order.
  await paidAgain.getByRole('button').click();
  await recharge.packages.nth(1).click();
  await recharge.payNow.click();
  const paidRecently = page.getByTestId('paid-elsewhere');
  await expect(paidRecently).toContainText('طلب جديد منفصل');
  await expectOrderWhole(paidRecently, paidRecently.getByTestId('paid-elsewhere-order'));
  await expectQuotesWithName(paidRecently);
});
