import { expect, type Page } from '@playwright/test';
import { CONTROL_HEADERS } from '../../support/mock';
import { describe, type Snapshot } from './snapshot';

/**
 * The model of the model-based pay journey test: what the visitor sees on top (observed after every step),
 * and what the invariants need to remember (confirmations not yet used by an order, the card of an intent
 * that ended in success). MACHINE.md (web/src/features/pay) lists the invariants.
 */

export type Screen =
  | 'home'
  | 'savedCards'
  | 'cardFrame'
  | 'cvv'
  | 'expiry'
  | 'delete'
  | 'result'
  | 'leave'
  | 'challenge'
  | 'wallet'
  | 'list'
  | 'provider'
  | 'elsewhere';

export interface Model {
  /** The app's origin: the invariants are the app's, not the browser's own error page's. */
  readonly origin: string;
  screen: Screen;
  snap: Snapshot;
  offline: boolean;
  /** Confirmations (a tap on an enabled pay button that orders) not yet matched by an order: 0 or 1. */
  credit: number;
  /** Order ids the mock has made so far. */
  readonly orders: Set<string>;
  /** What was typed for the current intent, and what the last confirmation paid with. */
  typed: { number?: string; cvv?: string };
  paying: { number?: string; cvv?: string } | undefined;
  /** The card of an intent that ended in success, until the visitor types a card again. */
  finished: { number?: string; cvv?: string } | undefined;
  /** The events applied, for a failure's report. */
  readonly trail: string[];
  events: number;
  applied: number;
}

const STEP_SCREENS: Readonly<Record<string, Screen>> = {
  home: 'home',
  savedCards: 'savedCards',
  cardFrame: 'cardFrame',
  cardCvv: 'cvv',
  modifyExpiry: 'expiry',
};
const DIALOG_SCREENS: Readonly<Record<string, Screen>> = {
  'challenge-layer': 'challenge',
  'mock-wallet-sheet': 'wallet',
  'leave-popup': 'leave',
  'result-panel': 'result',
  'delete-popup': 'delete',
  'expiry-popup': 'expiry',
};

export function screenOf(s: Snapshot): Screen {
  if (s.path.startsWith('/__provider/')) return 'provider';
  if (s.path === '/recharge-list') return 'list';
  if (s.path !== '/pay-step' || s.step === undefined) return 'elsewhere';
  const top = s.dialogs.find((d) => d.operable);
  if (top !== undefined) return DIALOG_SCREENS[top.name] ?? 'elsewhere';
  return STEP_SCREENS[s.step] ?? 'elsewhere';
}

/** Order ids the mock made (its journal's successful order creations). */
async function ordersMade(page: Page): Promise<string[]> {
  const answer = await page.request.get('/__mock/journal?call=createCoinPay&limit=2000', {
    headers: CONTROL_HEADERS,
  });
  const body = (await answer.json()) as {
    data: { entries: { result: number | 'fault'; answer?: { data?: { order_id?: string } | null } }[] };
  };
  return body.data.entries
    .filter((e) => e.result === 0)
    .map((e) => e.answer?.data?.order_id)
    .filter((id): id is string => id !== undefined);
}

/** The invariants, after every applied step (MACHINE.md "Invariants"). */
export async function checkInvariants(model: Model, page: Page, s: Snapshot): Promise<void> {
  const where = describe(s);
  // 1. At most one order per confirmation: every new order uses up the confirmation that asked for it.
  const fresh = (await ordersMade(page)).filter((id) => !model.orders.has(id));
  for (const id of fresh) model.orders.add(id);
  expect(
    fresh.length,
    `orders made without a confirmation (${fresh.join(', ')}) at ${where}`,
  ).toBeLessThanOrEqual(model.credit);
  model.credit -= fresh.length;
  if (new URL(s.url).origin !== model.origin) return;
  // 2. Nothing of a paid intent's card left in the page once its result is closed, and never under an
  //    enabled pay button.
  const { finished } = model;
  if (finished !== undefined && (s.outcome === undefined || s.payOperable)) {
    if (finished.number !== undefined)
      expect(s.cardNumbers, `a paid card's number is still in the page at ${where}`).not.toContain(
        finished.number,
      );
    if (finished.cvv !== undefined)
      expect(s.cvvs, `a paid card's CVV is still in the page at ${where}`).not.toContain(finished.cvv);
  }
  // 3. At most one operable dialog; and a dialog shown is one a tap can reach (else the page is frozen).
  const operable = s.dialogs.filter((d) => d.operable);
  expect(operable.length, `more than one operable dialog at ${where}`).toBeLessThanOrEqual(1);
  if (s.dialogs.length > 0)
    expect(operable.length, `a dialog is open and none can be reached at ${where}`).toBe(1);
  // 4. The recipient and the amount on every payable screen.
  if (s.path === '/pay-step' && s.payOperable) {
    expect(s.recipient ?? '', `pay is enabled without the recipient at ${where}`).not.toBe('');
    expect(s.payText, `pay is enabled without the amount at ${where}`).toMatch(/\$\s?\d|\d\s?\$/);
  }
  // 5. A way forward: a control a tap can reach (every wait has ended: the page rests).
  expect(s.controls, `no way forward at ${where}`).toBeGreaterThan(0);
  // One offline notice at most (issue 26, finding 6).
  expect(s.offlineNotices, `the offline notice is shown more than once at ${where}`).toBeLessThanOrEqual(1);
}
