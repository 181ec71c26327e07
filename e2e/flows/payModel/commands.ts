import type { Locator, Page } from '@playwright/test';
import { CardNumber } from '@topup/contracts/testdata/cards';
import fc from 'fast-check';
import { checkInvariants, type Model, type Screen, screenOf } from './model';
import { settle } from './settle';
import { snapshot } from './snapshot';

/**
 * The visitor's events, as fast-check commands: each is offered on the screens it belongs to (the model's
 * `screen`, observed after every step), taps what a visitor would tap, waits for the page to rest, then checks
 * every invariant. A command that finds nothing to do on the page (a method not offered) is not applied.
 */

export interface Real {
  readonly page: Page;
  /** A phone: taps are touches. */
  readonly touch: boolean;
}

/** How long one step may take to come to rest (the API's waits end well within it). */
export const STEP_MS = 20_000;

const PAY_STEP: readonly Screen[] = ['home', 'savedCards', 'cardFrame', 'cvv'];
const PAYABLE: readonly Screen[] = ['home', 'cardFrame', 'cvv'];
const EVERYWHERE: readonly Screen[] = [
  ...PAY_STEP,
  'expiry',
  'delete',
  'result',
  'leave',
  'challenge',
  'wallet',
  'list',
  'provider',
  'elsewhere',
];
/** Methods whose pay button makes the order at once (the wallet's sheet, a provider's page). */
const ORDERING_METHODS = new Set(['24', '25', '26', '28', '29', '30', '31', '2528']);

type Act = (m: Model, r: Real) => Promise<boolean>;

function command(
  name: string,
  screens: readonly Screen[],
  act: Act,
  when: (m: Readonly<Model>) => boolean = () => true,
): fc.AsyncCommand<Model, Real> {
  return {
    check: (m) => screens.includes(m.screen) && when(m),
    async run(m, r) {
      m.events += 1;
      const began = Date.now();
      const at = `${name} on ${m.screen}`;
      m.trail.push(`${at} …`);
      if (!(await act(m, r))) {
        m.trail.pop();
        return;
      }
      m.applied += 1;
      const s = await settle(r.page, STEP_MS);
      const after = screenOf(s);
      const outcome = s.outcome === undefined ? '' : ` (${s.outcome})`;
      m.trail[m.trail.length - 1] = `${at} → ${after}${outcome}, ${Date.now() - began} ms`;
      if (s.outcome === 'success' && m.paying !== undefined) {
        m.finished = m.paying;
        m.paying = undefined;
      }
      await checkInvariants(m, r.page, s);
      m.snap = s;
      m.screen = after;
    },
    toString: () => name,
  };
}

/** A tap where the element is drawn: whatever is on top there gets it, as a visitor's finger would. */
export async function tap({ page, touch }: Real, target: Locator, twice = false): Promise<boolean> {
  const el = target.first();
  if (!(await el.isVisible())) return false;
  await el.scrollIntoViewIfNeeded({ timeout: 2000 }).catch(() => undefined);
  const box = await el.boundingBox();
  if (box === null) return false;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  if (!touch) {
    await page.mouse.click(x, y, { clickCount: twice ? 2 : 1 });
    return true;
  }
  if (twice) await Promise.all([page.touchscreen.tap(x, y), page.touchscreen.tap(x, y)]);
  else await page.touchscreen.tap(x, y);
  return true;
}

const byTestId = (page: Page, id: string) => page.getByTestId(id);

const CARDS = {
  success: CardNumber.visaApproved,
  decline: CardNumber.insufficientFunds,
  challenge: CardNumber.visaChallenge,
} as const;

const pickPackage = (n: number) =>
  command(`pickPackage(${n})`, ['list'], async (_m, r) => {
    const packages = r.page.getByTestId('package');
    const count = await packages.count();
    if (count === 0) return false;
    await tap(r, packages.nth(n % count));
    return tap(r, byTestId(r.page, 'pay-now'));
  });

const pickMethod = (method: string) =>
  command(
    `pickMethod(${method})`,
    ['home'],
    async (_m, r) =>
      tap(
        r,
        method === 'saved'
          ? byTestId(r.page, 'saved-card-option')
          : r.page.locator(`[data-testid="pay-channel"][data-pay-type="${method}"]`),
      ),
    (m) => m.snap.methods.includes(method),
  );

/** Waits for a provider's fields or their failed load (CardEntry.tsx); whether the fields are there. */
async function loadedOrFailed(page: Page, fields: Locator): Promise<boolean> {
  const failed = page.getByRole('button', { name: 'إعادة المحاولة' });
  await fields.or(failed).first().waitFor();
  return fields.isVisible();
}

const typeCard = (kind: keyof typeof CARDS) =>
  command(`typeCard(${kind})`, ['cardFrame'], async (m, { page }) => {
    const fields = page.getByTestId('card-fields');
    // Fields whose code could not be fetched (offline) are not there to type in: the page says so, with a retry.
    if (!(await loadedOrFailed(page, fields))) return false;
    await fields.locator('input[autocomplete="cc-number"]').fill(CARDS[kind]);
    await fields.locator('input[autocomplete="cc-exp"]').fill('12/30');
    await fields.locator('input[autocomplete="cc-csc"]').fill('123');
    await page.getByLabel('اسم حامل البطاقة').fill('Reem Al-Harbi');
    m.typed = { number: CARDS[kind], cvv: '123' };
    m.finished = undefined;
    return true;
  });

const typeCvv = (cvv: string) =>
  command(`typeCvv(${cvv})`, ['cvv'], async (m, { page }) => {
    const field = page.locator('input[autocomplete="cc-csc"]').first();
    if (!(await loadedOrFailed(page, field))) return false;
    await field.fill(cvv);
    m.typed = { cvv };
    m.finished = undefined;
    return true;
  });

const pressPay = (twice: boolean) =>
  command(twice ? 'doubleTapPay' : 'pressPay', PAYABLE, async (m, r) => {
    // Whether this tap confirms is read at the tap, not from the last step's snapshot: a field's validity can
    // reach the button a few frames after the page looked at rest (a CI run tapped a button the snapshot had
    // seen disabled, and its order was counted as made without a confirmation).
    const now = await snapshot(r.page);
    const orders =
      now.payOperable &&
      (m.screen !== 'home' || (now.selected !== undefined && ORDERING_METHODS.has(now.selected)));
    if (!(await tap(r, byTestId(r.page, 'pay-confirm'), twice))) return false;
    if (orders) {
      // One confirmation, however many taps: it may make one order.
      m.credit = 1;
      m.paying = { ...m.typed };
    }
    return true;
  });

const tapTestId = (name: string, screens: readonly Screen[], testId: string) =>
  command(name, screens, async (_m, r) => tap(r, byTestId(r.page, testId)));

const tapIn = (name: string, screens: readonly Screen[], scope: string, button: string) =>
  command(name, screens, async (_m, r) =>
    tap(r, r.page.getByTestId(scope).getByRole('button', { name: button, exact: true })),
  );

const challenge = (password: string) =>
  command(`challenge(${password})`, ['challenge'], async (_m, { page }) => {
    const frame = page.frameLocator('iframe.challenge-frame');
    await frame.getByTestId('challenge-password').fill(password);
    await frame.getByTestId('challenge-submit').click();
    return true;
  });

const wallet = (token: string) =>
  command(`wallet(${token})`, ['wallet'], async (_m, r) =>
    tap(r, r.page.locator(`[data-testid="mock-wallet-sheet"] button[data-token="${token}"]`)),
  );

const providerButton = (n: number) =>
  command(`providerButton(${n})`, ['provider'], async (_m, r) => {
    const buttons = r.page.locator('button, a.button');
    const count = await buttons.count();
    return count > 0 && tap(r, buttons.nth(n % count));
  });

/**
 * A navigation the browser may answer with its own error page (offline): that page is a state too. Leaving
 * that error page swaps the frame Playwright was following ("Not attached to an active page"): the navigation
 * went on, and the next check reads wherever it ended.
 */
async function navigation(go: Promise<unknown>): Promise<true> {
  await go.catch((error: unknown) => {
    if (!(error instanceof Error && /net::ERR_|Not attached to an active page/.test(error.message)))
      throw error;
  });
  return true;
}

const browserBack = command('browserBack', EVERYWHERE, async (_m, { page }) =>
  navigation(page.goBack({ waitUntil: 'commit' })),
);
const browserForward = command('browserForward', ['list', 'elsewhere'], async (_m, { page }) =>
  navigation(page.goForward({ waitUntil: 'commit' })),
);
const reload = command('reload', EVERYWHERE, async (_m, { page }) =>
  navigation(page.reload({ waitUntil: 'commit' })),
);
const leaveAndReturn = command('leaveAndReturn', EVERYWHERE, async (_m, { page }) => {
  await page.goto('about:blank');
  return navigation(page.goBack({ waitUntil: 'commit' }));
});
const openApp = command('openApp', ['elsewhere'], async (_m, { page }) =>
  navigation(page.goto('/recharge-list', { waitUntil: 'commit' })),
);
const offline = (on: boolean) =>
  command(
    on ? 'goOffline' : 'goOnline',
    EVERYWHERE,
    async (m, { page }) => {
      await page.context().setOffline(on);
      m.offline = on;
      return true;
    },
    (m) => m.offline !== on,
  );

const pickSavedCard = (n: number) =>
  command(`chooseSavedCard(${n})`, ['savedCards'], async (_m, r) => {
    const cards = r.page.getByTestId('saved-card');
    const count = await cards.count();
    return count > 0 && tap(r, cards.nth(n % count));
  });
const tapButton = (n: number) =>
  command(`tapButton(${n})`, ['elsewhere'], async (_m, r) => {
    const buttons = r.page.locator('main button:visible');
    const count = await buttons.count();
    return count > 0 && tap(r, buttons.nth(n % count));
  });
const closeDialog = command('closeDialog', ['result', 'expiry', 'delete'], async (_m, r) =>
  tap(r, r.page.locator('[role="dialog"] .popup-close').last()),
);
const walletCancel = command('walletCancel', ['wallet'], async (_m, r) =>
  tap(r, r.page.locator('[data-testid="mock-wallet-sheet"] .mock-wallet-sheet__cancel')),
);

type Weighted = readonly [number, fc.Arbitrary<fc.AsyncCommand<Model, Real>>];
const one = (c: fc.AsyncCommand<Model, Real>) => fc.constant(c);

/**
 * Every visitor event of issue 26's list, with its weight: fast-check picks among the arbitraries uniformly,
 * so an event is listed as many times as its weight. The pay path's taps weigh most; a reload (a whole page
 * load) least.
 */
const WEIGHTED: readonly Weighted[] = [
  [2, fc.nat(7).map(pickPackage)],
  [3, fc.constantFrom('saved', '23', '27', '24', '26').map(pickMethod)],
  [1, one(tapTestId('openSavedCards', ['home'], 'open-saved-cards'))],
  [1, fc.nat(3).map(pickSavedCard)],
  [1, one(tapTestId('newCard', ['savedCards'], 'new-card'))],
  [1, one(tapTestId('expiryUseAnother', ['expiry'], 'use-another-card'))],
  [3, fc.constantFrom<keyof typeof CARDS>('success', 'decline', 'challenge').map(typeCard)],
  [2, fc.constantFrom('123', '999').map(typeCvv)],
  [3, one(pressPay(false))],
  [1, one(pressPay(true))],
  [1, one(tapTestId('pageBack', PAY_STEP, 'pay-back'))],
  [2, one(browserBack)],
  [2, one(tapTestId('resultPrimary', ['result'], 'result-primary'))],
  [2, one(tapTestId('resultSecondary', ['result'], 'result-secondary'))],
  [1, one(closeDialog)],
  [1, one(tapIn('leaveStay', ['leave'], 'leave-popup', 'متابعة الدفع'))],
  [1, one(tapIn('leaveGiveUp', ['leave'], 'leave-popup', 'مغادرة'))],
  [2, fc.constantFrom('password', 'wrong').map(challenge)],
  [1, one(tapTestId('challengeCancel', ['challenge'], 'challenge-cancel'))],
  [
    2,
    fc
      .constantFrom('wallet:success', 'wallet:pending-success', 'wallet:pending-fail', 'wallet:insufficient')
      .map(wallet),
  ],
  [1, one(walletCancel)],
  [2, fc.nat(2).map(providerButton)],
  [1, one(reload)],
  [1, one(offline(true))],
  [3, one(offline(false))],
  [1, one(leaveAndReturn)],
  [1, one(browserForward)],
  [1, one(openApp)],
  [1, fc.nat(3).map(tapButton)],
];

export const COMMANDS: fc.Arbitrary<fc.AsyncCommand<Model, Real>>[] = WEIGHTED.flatMap(([weight, arb]) =>
  Array.from({ length: weight }, () => arb),
);
