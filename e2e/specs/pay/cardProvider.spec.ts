import type { PkgInfo } from '@topup/contracts/entities';
import { abTestKey } from '@topup/contracts/storage';
import { confirmLinkAccount, enterNewCard, expectNoSecrets, watchSecrets } from '../../flows/pay';
import { PayStepPage } from '../../pages/payStep';
import { RechargePage } from '../../pages/RechargePage';
import { journalOf, paramsOf } from '../../support/chaos';
import { CONTROL_HEADERS } from '../../support/mock';
import { expect, test } from '../../support/test';

/**
 * The gray release and AB choice of the card provider (SPEC §5), set through the mock's configuration: the
 * recharge list offers one card, the pay step keeps it, and the order goes to that provider. 10000001 (uid
 * 1001) is signed in; the catalogue's configuration whitelists it for Adyen's card.
 */

test.describe.configure({ mode: 'parallel' });

const notWhitelisted: Partial<PkgInfo> = {
  adyen_card_whitelist: [],
  adyen_card_ratio: 0,
  cko_new_whitelist: [],
};

const cases: readonly {
  readonly name: string;
  readonly config: Partial<PkgInfo>;
  readonly scores?: Readonly<Record<string, number>>;
  readonly payType: 23 | 27;
}[] = [
  {
    name: 'whitelisted for Adyen, whatever the scores say: Adyen',
    config: { adyen_card_whitelist: [1001], adyen_card_ratio: 0, cko_new_rate: 100 },
    payType: 27,
  },
  {
    name: 'Adyen ratio 0, whitelisted for the new checkout: Checkout.com',
    config: { ...notWhitelisted, cko_new_whitelist: [1001], cko_new_rate: 0 },
    payType: 23,
  },
  {
    name: 'Adyen ratio 0, stored score under cko_new_rate: Checkout.com',
    config: { ...notWhitelisted, cko_new_rate: 50 },
    scores: { cko_new: 20 },
    payType: 23,
  },
  {
    name: 'Adyen ratio 0, stored score not under cko_new_rate (not released): Adyen',
    config: { ...notWhitelisted, cko_new_rate: 50 },
    scores: { cko_new: 70 },
    payType: 27,
  },
  {
    name: 'new checkout released, stored score inside the Adyen share: Adyen',
    config: { ...notWhitelisted, cko_new_rate: 100, adyen_card_ratio: 30 },
    scores: { adyen_card: 10 },
    payType: 27,
  },
];

for (const { name, config, scores = {}, payType } of cases) {
  test(name, { tag: ['@spec:rule.grayRelease', '@spec:rule.abScores'] }, async ({ page }) => {
    const provider = payType === 23 ? 13 : 17;
    const other = payType === 23 ? 27 : 23;
    const configured = await page.request.post('/__mock/config', { headers: CONTROL_HEADERS, data: config });
    expect(configured.ok()).toBe(true);
    await page.addInitScript(
      (stored) => {
        for (const [key, score] of stored) localStorage.setItem(key, JSON.stringify(score));
      },
      Object.entries(scores).map(([test, score]) => [abTestKey(test), score] as const),
    );
    const seen = watchSecrets(page);

    const recharge = new RechargePage(page);
    await recharge.open('?session_key=sk-10000001');
    await confirmLinkAccount(page);
    await expect(recharge.method(payType)).toBeVisible();
    await expect(recharge.method(other)).toHaveCount(0);
    await recharge.method(payType).check();
    await recharge.packages.first().click();
    await recharge.payNow.click();
    await expect(page).toHaveURL(new RegExp(`/pay-step\\?.*pay_type=${payType}`));

    const pay = new PayStepPage(page);
    // The list's card method is kept; signed in, the last-used saved card is chosen beside it.
    await expect(pay.channel(payType)).toBeVisible();
    await expect(pay.savedCardOption).toBeChecked();
    await expect(pay.channel(other)).toHaveCount(0);
    await enterNewCard(pay, payType, '4242424242424242');
    await expect(pay.cardFields).toHaveAttribute('data-provider', String(provider));
    await pay.confirm.click();
    await expect(pay.result).toHaveAttribute('data-outcome', 'success');

    // The journal keeps the query as sent: the pay type is its text.
    const orders = (await journalOf(page.request, 'createCoinPay')).map((e) => paramsOf(e).pay_type);
    expect(orders).toEqual([String(payType)]);
    await expectNoSecrets(page, seen);
  });
}
