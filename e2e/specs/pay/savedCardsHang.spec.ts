import { LIMITS } from '@topup/contracts/limits';
import { confirmLinkAccount, enterNewCard, fromTheList, REECH_UID } from '../../flows/pay';
import { PayStepPage } from '../../pages/payStep';
import { forceFault, untilFaultTaken } from '../../support/chaos';
import { expect, test } from '../../support/test';

/**
 * The saved cards' list never answers (SPEC §4, §9: "polls every 2 s for up to 30 s"): the pay step holds its
 * methods back for one poll interval at most, not for the call's 60 s API time-out; the call is cut at the
 * fetch's 30 s deadline; and a new card still pays.
 */

const NEW_CARD_PAY_TYPE = 27;

test('saved cards hang: the methods show within the first wait, the call is cut at 30 s, a new card pays', {
  tag: '@spec:pay.savedCardPolling',
}, async ({ page }) => {
  await forceFault(page.request, 'getCardSource', { fault: 'hang' });
  await page.clock.install();
  const pay = new PayStepPage(page);
  const cut = page.waitForEvent('requestfailed', (request) => request.url().includes('/get_card_source/'));
  await pay.open(
    { recharge_id: 'rc_499', pay_type: NEW_CARD_PAY_TYPE, to_uid: REECH_UID },
    '',
    'sk-10000001',
  );
  await expect(pay.root).toBeVisible();
  await untilFaultTaken(page.request, 'getCardSource');
  // One poll interval (the first wait), and a margin for drawing: never the 60 s the hanging call could last.
  await expect(pay.channel(NEW_CARD_PAY_TYPE)).toBeVisible({ timeout: LIMITS.savedCardsPollMs + 3_000 });
  await confirmLinkAccount(page);
  await expect(page.getByTestId('saved-card-option')).toHaveCount(0);

  // The fetch's deadline: the call still in flight is aborted by the page itself.
  await page.clock.fastForward(LIMITS.savedCardsPollMs * LIMITS.savedCardsTries);
  await cut;

  await enterNewCard(pay, NEW_CARD_PAY_TYPE, '4242424242424242');
  await pay.confirm.click();
  await expect(pay.result).toHaveAttribute('data-outcome', 'success');
});

test('saved cards answer slowly: the methods show first, the last-used card is chosen once it arrives', {
  tag: '@spec:pay.savedCardPolling',
}, async ({ page }) => {
  // From the list, where the visitor chose a card method: their usable saved card is chosen for them.
  const { pay } = await fromTheList(page);
  await expect(pay.savedCardOption).toBeChecked();
  await forceFault(page.request, 'getCardSource', { fault: 'delay', ms: 6_000 });
  await page.reload();
  await expect(pay.root).toHaveAttribute('data-step', 'home');
  await untilFaultTaken(page.request, 'getCardSource');
  const cameWith = Number(new URL(page.url()).searchParams.get('pay_type'));
  await expect(pay.channel(cameWith)).toBeVisible({ timeout: LIMITS.savedCardsPollMs + 3_000 });
  await expect(pay.savedCardOption).toHaveCount(0);
  // The answer comes: the card is chosen as it would have been at the start (the visitor chose nothing meanwhile).
  await expect(pay.savedCardOption).toBeChecked({ timeout: 10_000 });
  await expect(pay.confirm).toBeEnabled();
});
