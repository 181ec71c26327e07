import type { Page } from '@playwright/test';
import { CardNumber } from '@topup/contracts/testdata/cards';
import fc from 'fast-check';
import { openPayStep } from '../../flows/pay';
import type { PayStepPage } from '../../pages/payStep';
import { CONTROL_HEADERS } from '../../support/mock';
import { expect, test } from '../../support/test';

/**
 * Model-based browser tests of the pay journey (issue 26, web/src/features/pay/MACHINE.md): fast-check
 * generates sequences of visitor events (pay with a new or saved card, browser back, the page's back, each
 * result button, the leave question's answers, the 3-D Secure challenge's answers and cancel, reload, offline
 * and back) against the real page in Chromium, and checks after every step:
 *   1. at most one order per confirmation (the mock's journal);
 *   2. no enabled pay control holding a finished intent's card;
 *   3. at most one operable dialog on top;
 *   4. the recipient and the amount on every payable screen;
 *   5. a way forward: an enabled control, or a wait.
 * Seeded and shrinking: the seed and the step count are printed on every run; PAY_MODEL_SEED=<seed> replays
 * one (a failure also prints fast-check's counterexample path). A few short runs keep it cheap on both projects.
 */

const RUNS = Number(process.env.PAY_MODEL_RUNS ?? 4);
const MAX_COMMANDS = 14;
const SEED =
  process.env.PAY_MODEL_SEED === undefined ? Date.now() % 2 ** 31 : Number(process.env.PAY_MODEL_SEED);
const STEP_MS = 12_000;

/** What the visitor sees on top, observed after every step (the model's coarse state). */
type Screen = 'step' | 'result' | 'leave' | 'challenge' | 'away';

interface Model {
  screen: Screen;
  /** Confirmations sent (each may make at most one order). */
  confirmations: number;
  /** The digits of a card whose intent ended in success, until the visitor types a card again. */
  finishedCard: string | undefined;
  /** Events generated, and those that applied to the page's state (the rest were skipped). */
  events: number;
  steps: number;
}
interface Real {
  readonly page: Page;
  readonly pay: PayStepPage;
}

const visible = async (page: Page, testId: string) => page.getByTestId(testId).isVisible();

/** Orders made so far: distinct order ids of the journal's successful order creations. */
async function ordersMade(page: Page): Promise<number> {
  const answer = await page.request.get('/__mock/journal?call=createCoinPay&limit=500', {
    headers: CONTROL_HEADERS,
  });
  const body = (await answer.json()) as {
    data: { entries: { result: number | 'fault'; answer?: { data?: { order_id?: string } | null } }[] };
  };
  const ids = new Set(
    body.data.entries.filter((e) => e.result === 0).map((e) => e.answer?.data?.order_id ?? 'unknown'),
  );
  return ids.size;
}

/** Waits until the page rests: no overlay, no order being made (a bounded wait; a stuck wait fails here). */
async function settle(page: Page): Promise<void> {
  await expect(page.getByTestId('loading-overlay')).toHaveCount(0, { timeout: STEP_MS });
}

async function checkInvariants(model: Model, { page, pay }: Real): Promise<void> {
  // 1. at most one order per confirmation
  expect(await ordersMade(page), 'more orders than confirmations').toBeLessThanOrEqual(model.confirmations);
  if (!page.url().includes('/pay-step')) return;
  // 2. no enabled pay control holding a finished intent's card
  const payEnabled = (await pay.confirm.isVisible()) && (await pay.confirm.isEnabled());
  if (payEnabled && model.finishedCard !== undefined && (await pay.cardFields.count()) > 0) {
    const typed = (await pay.cardNumber.inputValue()).replace(/\D/g, '');
    expect(typed, 'the pay button holds a paid card').not.toBe(model.finishedCard);
  }
  // 3. at most one operable dialog on top
  const dialogs = await page
    .locator(
      '[role="dialog"]:visible, .pay-challenge:not([hidden]), [data-testid="mock-wallet-sheet"]:visible',
    )
    .count();
  expect(dialogs, 'more than one dialog on top').toBeLessThanOrEqual(1);
  // 4. the recipient and the amount on every payable screen
  if (payEnabled) {
    await expect(page.getByTestId('pay-recipient-nickname')).toBeVisible();
    await expect(pay.confirm).toContainText('$');
  }
  // 5. a way forward: an enabled control the visitor can reach, or a wait
  const controls = await page.locator('button:visible:enabled, a:visible, input:visible:enabled').count();
  const waiting = await page.getByTestId('loading-overlay').count();
  expect(controls + waiting, 'no way forward').toBeGreaterThan(0);
}

async function observe({ page, pay }: Real): Promise<Screen> {
  if (!page.url().includes('/pay-step')) return 'away';
  if (await page.locator('.pay-challenge:not([hidden])').isVisible()) return 'challenge';
  if (await pay.resultPanel.isVisible()) return 'result';
  if (await pay.leavePopup.isVisible()) return 'leave';
  return 'step';
}

/** One visitor event, offered on the screens it belongs to: run against the page, then every invariant. */
function command(
  name: string,
  screens: readonly Screen[],
  applies: (r: Real) => Promise<boolean>,
  act: (m: Model, r: Real) => Promise<void>,
): fc.AsyncCommand<Model, Real> {
  return {
    check: (m) => screens.includes(m.screen),
    async run(m, r) {
      m.events += 1;
      if (await applies(r)) {
        m.steps += 1;
        await act(m, r);
        await settle(r.page);
        await checkInvariants(m, r);
      }
      m.screen = await observe(r);
    },
    toString: () => name,
  };
}

const onStep = async ({ page, pay }: Real, step?: string) =>
  page.url().includes('/pay-step') &&
  (await pay.root.isVisible()) &&
  (step === undefined || (await pay.root.getAttribute('data-step')) === step) &&
  !(await pay.resultPanel.isVisible()) &&
  !(await pay.leavePopup.isVisible()) &&
  !(await page.locator('.pay-challenge:not([hidden])').isVisible());

const payNewCard = (number: string) =>
  command(
    `payNewCard(${number.slice(-4)})`,
    ['step'],
    (r) => onStep(r),
    async (m, { page, pay }) => {
      if ((await pay.root.getAttribute('data-step')) === 'home') {
        await pay.channel(27).check();
        await pay.confirm.click();
      }
      if ((await pay.cardFields.count()) === 0) return;
      await pay.cardNumber.fill(number);
      await pay.expiry.fill('12/30');
      await pay.cvv.fill('123');
      await pay.holder.fill('Reem Al-Harbi');
      m.finishedCard = undefined;
      if (!(await pay.confirm.isEnabled())) return;
      m.confirmations += 1;
      await pay.confirm.click();
      await expect(pay.resultPanel.or(page.locator('.pay-challenge:not([hidden])')).first()).toBeVisible({
        timeout: STEP_MS,
      });
      if ((await pay.result.getAttribute('data-outcome').catch(() => null)) === 'success')
        m.finishedCard = number;
    },
  );

const paySavedCard = (cvv: string) =>
  command(
    `paySavedCard(cvv ${cvv})`,
    ['step'],
    (r) => onStep(r, 'home'),
    async (m, { page, pay }) => {
      if (!(await pay.savedCardOption.isVisible())) return;
      await pay.savedCardOption.check();
      await pay.confirm.click();
      if (!(await pay.cvvStep.isVisible())) return;
      await pay.cvv.fill(cvv);
      if (!(await pay.confirm.isEnabled())) return;
      m.confirmations += 1;
      await pay.confirm.click();
      await expect(pay.resultPanel.or(page.getByTestId('pay-offline')).first()).toBeVisible({
        timeout: STEP_MS,
      });
    },
  );

const click = (name: string, testId: string, screens: readonly Screen[]) =>
  command(
    name,
    screens,
    // Only when the visitor can reach it (not under a dialog): a trial click checks it would land.
    async ({ page }) =>
      (await visible(page, testId)) &&
      page
        .getByTestId(testId)
        .click({ trial: true, timeout: 1500 })
        .then(
          () => true,
          () => false,
        ),
    async (_m, { page }) => page.getByTestId(testId).click(),
  );

const leaveAnswer = (label: string) =>
  command(
    `leave(${label})`,
    ['leave'],
    ({ pay }) => pay.leavePopup.isVisible(),
    async (_m, { pay }) => pay.leavePopup.getByRole('button', { name: label }).click(),
  );

const challengeAnswer = (password: string) =>
  command(
    `challenge(${password})`,
    ['challenge'],
    ({ page }) => page.locator('.pay-challenge:not([hidden])').isVisible(),
    async (_m, { pay }) => {
      await pay.challengeFrame.locator('input:not([type=hidden])').first().fill(password);
      await pay.challengeFrame.getByTestId('challenge-submit').click();
      await expect(pay.resultPanel).toBeVisible({ timeout: STEP_MS });
    },
  );

const browserBack = command(
  'browserBack',
  ['step', 'result', 'leave', 'challenge'],
  async ({ page }) => page.url().includes('/pay-step'),
  async (_m, { page }) => {
    await page.goBack();
  },
);
const returnToPay = command(
  'returnToPayStep',
  ['away'],
  async ({ page }) => !page.url().includes('/pay-step'),
  async (_m, { page }) => {
    await page.goForward();
    if (!page.url().includes('/pay-step')) await openPayStep(page, 27);
  },
);
const reload = command(
  'reload',
  ['step', 'result', 'leave', 'challenge', 'away'],
  async () => true,
  async (_m, { page }) => {
    await page.reload();
  },
);
const offlineAndBack = command(
  'offlineThenOnline',
  ['step', 'result', 'leave'],
  async ({ page }) => page.url().includes('/pay-step'),
  async (_m, { page, pay }) => {
    await page.context().setOffline(true);
    await expect(
      page.getByTestId('pay-offline').or(pay.resultPanel).or(pay.leavePopup).first(),
    ).toBeVisible();
    await page.context().setOffline(false);
  },
);

const commands = [
  fc
    .constantFrom(CardNumber.visaApproved, CardNumber.insufficientFunds, CardNumber.visaChallenge)
    .map(payNewCard),
  fc.constantFrom('123', '999').map(paySavedCard),
  fc.constant(browserBack),
  fc.constant(click('pageBack', 'pay-back', ['step'])),
  fc.constant(click('resultPrimary', 'result-primary', ['result'])),
  fc.constant(click('resultSecondary', 'result-secondary', ['result'])),
  fc.constantFrom('متابعة الدفع', 'مغادرة').map(leaveAnswer),
  fc.constantFrom('password', 'wrong').map(challengeAnswer),
  fc.constant(click('challengeCancel', 'challenge-cancel', ['challenge'])),
  fc.constant(reload),
  fc.constant(offlineAndBack),
  fc.constant(returnToPay),
];

test('the pay journey holds its invariants under generated visitor events', async ({ page }) => {
  test.setTimeout(150_000);
  page.setDefaultTimeout(STEP_MS);
  let steps = 0;
  let events = 0;
  let runs = 0;
  console.log(`pay journey model: seed ${SEED}, ${RUNS} runs of up to ${MAX_COMMANDS} events`);
  try {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: MAX_COMMANDS, size: 'max' }), async (cmds) => {
        runs += 1;
        await page.context().setOffline(false);
        await page.request.post('/__mock/reset', { headers: CONTROL_HEADERS, data: {} });
        await page.goto('/recharge-list');
        await page.evaluate(() => sessionStorage.clear());
        const pay = await openPayStep(page, 27);
        const model: Model = {
          screen: 'step',
          confirmations: 0,
          finishedCard: undefined,
          events: 0,
          steps: 0,
        };
        await fc.asyncModelRun(() => ({ model, real: { page, pay } }), cmds);
        steps += model.steps;
        events += model.events;
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: process.env.PAY_MODEL_SHRINK === '0' },
    );
  } finally {
    const summary = `seed ${SEED}, ${runs} runs, ${steps} steps (${events} events generated)`;
    console.log(`pay journey model: ${summary}`);
    test.info().annotations.push({ type: 'pay-model', description: summary });
  }
});
