import { PayType, type SavedCard, savedCardsOf10000001 } from '@topup/contracts';
import { describe, expect, it } from 'vitest';
import { resultPanelOf } from '../../payments/outcome';
import { guardsBack } from './backGuard';
import { orderKindAfter, orderKindAfterStep, resultActionEvent } from './resultActions';
import { visibleSavedCards } from './savedCards';
import type { PayResult } from './state';
import { busyOf, initialStepState, transition } from './steps';
import type { PayStep, Phase, ResultChoice, StepEvent, StepState } from './stepTypes';

/** The journey's state × event table (MACHINE.md), cell by cell. */

const at = (stack: PayStep[], phase: Phase, extra: Partial<StepState> = {}): StepState => ({
  ...initialStepState,
  stack,
  phase,
  intent: 3,
  ...extra,
});
const choosing: Phase = { kind: 'choosing' };
const PHASES: Record<string, Phase> = {
  choosing,
  ordering: { kind: 'ordering' },
  challenge: { kind: 'challenge', orderId: 'o1' },
  redirecting: { kind: 'redirecting' },
  walletSheet: { kind: 'walletSheet' },
  polling: { kind: 'polling', orderId: 'o1' },
  success: { kind: 'result', success: true },
  failure: { kind: 'result', success: false },
};
const action = (a: ResultChoice, extra: Partial<Extract<StepEvent, { type: 'resultAction' }>> = {}) =>
  ({
    type: 'resultAction',
    action: a,
    hasAnotherCard: false,
    savedCardPaid: false,
    orderId: 'o1',
    ...extra,
  }) as const;

describe('back (page, browser and phone alike) in every phase', () => {
  it.each([['ordering'], ['redirecting'], ['walletSheet'], ['polling']])(
    '%s: back waits with the page (no dialog, no change)',
    (name) => {
      const from = at(['home', 'cardFrame'], PHASES[name] as Phase);
      expect(transition(from, { type: 'back' })).toEqual({ state: from, effects: [] });
    },
  );

  it('challenge: back cancels the challenge, never opens the leave question under it', () => {
    const from = at(['home', 'cardFrame'], PHASES.challenge as Phase);
    const next = transition(from, { type: 'back' });
    expect(next.state.leaving).toBe(false);
    expect(next.effects).toEqual([{ kind: 'cancelChallenge' }]);
  });

  it('success: back leaves the paid step (the card forgotten, the machine afresh), no leave question', () => {
    const next = transition(at(['home', 'cardFrame'], PHASES.success as Phase), { type: 'back' });
    expect(next.state).toMatchObject({ stack: ['home'], phase: choosing, leaving: false, intent: 4 });
    expect(next.effects).toEqual([{ kind: 'forgetCard' }, { kind: 'leavePaid' }]);
  });

  it.each([
    [true, 4],
    [false, 3],
  ])(
    'the result shown (success %s): a success ends its intent at once, the card fields remount empty',
    (success, intent) => {
      const next = transition(at(['home', 'cardFrame'], { kind: 'polling', orderId: 'o1' }), {
        type: 'resultShown',
        success,
      });
      expect(next.state).toMatchObject({
        stack: ['home', 'cardFrame'],
        phase: { kind: 'result', success },
        intent,
      });
    },
  );

  it('failure: back closes the panel onto the step it failed on', () => {
    const next = transition(at(['home', 'cardFrame'], PHASES.failure as Phase), { type: 'back' });
    expect(next.state).toMatchObject({
      stack: ['home', 'cardFrame'],
      phase: choosing,
      leaving: false,
      intent: 3,
    });
    expect(next.effects).toEqual([]);
  });

  it('choosing with the leave question open: back closes it (one dialog, never two)', () => {
    const next = transition(at(['home', 'cardFrame'], choosing, { leaving: true }), { type: 'back' });
    expect(next.state.leaving).toBe(false);
    expect(next.state.stack).toEqual(['home', 'cardFrame']);
  });

  it.each(Object.keys(PHASES))(
    '%s: the back guard holds history while the page has a back to give',
    (name) => {
      const phase = PHASES[name] as Phase;
      expect(guardsBack(at(['home'], phase))).toBe(phase.kind !== 'choosing');
    },
  );
});

describe('the step controls act only while choosing', () => {
  const controls: StepEvent[] = [
    { type: 'chooseChannel', payType: PayType.checkoutCard },
    { type: 'submitCardFrame', payType: PayType.checkoutCard },
    { type: 'submitCvv', payType: PayType.checkoutCard },
    { type: 'openSavedCards' },
    { type: 'confirmLeave' },
  ];
  for (const name of Object.keys(PHASES).filter((p) => p !== 'choosing')) {
    it.each(controls.map((c) => [c.type, c] as const))(`${name}: %s changes nothing`, (_, event) => {
      const from = at(['home', 'cardFrame'], PHASES[name] as Phase);
      expect(transition(from, event)).toEqual({ state: from, effects: [] });
    });
  }
});

describe('the result buttons', () => {
  const success = at(['home', 'cardFrame'], PHASES.success as Phase);
  const failure = at(['home', 'cardCvv'], PHASES.failure as Phase);

  it('success, close ("done"): the paid step is left, nothing of the card kept', () => {
    const next = transition(success, action('close'));
    expect(next.state).toMatchObject({ stack: ['home'], phase: choosing, intent: 4 });
    expect(next.effects).toEqual([{ kind: 'forgetCard' }, { kind: 'leavePaid' }]);
  });

  it.each(['again', 'anotherMethod', 'retry'] as const)(
    'success, %s: a new intent from home, nothing of the card kept',
    (a) => {
      const next = transition(success, action(a));
      expect(next.state).toMatchObject({ stack: ['home'], phase: choosing, intent: 4 });
      expect(next.effects).toEqual([{ kind: 'forgetCard' }]);
    },
  );

  it('failure on the CVV step, close: the step it failed on, its CVV field anew (the code was used up)', () => {
    expect(transition(failure, action('close')).state).toMatchObject({
      stack: ['home', 'cardCvv'],
      phase: choosing,
      intent: 4,
    });
  });
  it('failure on a saved card that is gone (locked, 23005), close or back: home, never the CVV step of another card', () => {
    const shown = transition(at(['home', 'cardCvv'], choosing), {
      type: 'resultShown',
      success: false,
      cardGone: true,
    }).state;
    expect(shown.phase).toEqual({ kind: 'result', success: false, cardGone: true });
    for (const event of [action('close'), { type: 'back' } as const]) {
      const next = transition(shown, event);
      expect(next.state).toMatchObject({ stack: ['home'], phase: choosing, leaving: false, intent: 4 });
      expect(next.effects).toEqual([{ kind: 'forgetCard' }]);
    }
  });
  it('failure, retry with a saved card: the CVV step, its field anew (a new intent number)', () => {
    const next = transition(failure, action('retry', { savedCardPaid: true }));
    expect(next.state).toMatchObject({ stack: ['home', 'cardCvv'], phase: choosing, intent: 4 });
  });
  it('failure, retry with a new card: the form as typed (the intent is not finished)', () => {
    const next = transition(at(['home', 'cardFrame'], PHASES.failure as Phase), action('retry'));
    expect(next.state).toMatchObject({ stack: ['home', 'cardFrame'], phase: choosing, intent: 3 });
  });
  it.each([
    [true, ['home']],
    [false, ['home', 'cardFrame']],
  ])('failure, another card (another exists: %s) → %j', (another, stack) => {
    const next = transition(failure, action('anotherCard', { hasAnotherCard: another }));
    expect(next.state).toMatchObject({ stack, phase: choosing, intent: 4 });
  });
  // Another card after a refusal: its number, expiry and CVV anew, the holder's name kept; any other new intent
  // (home again, another method, another account, a success) starts the card fields with no name.
  const refusedAgain = at(['home', 'cardFrame'], { kind: 'polling', orderId: 'o1' }, { keepHolder: true });
  it.each<[string, boolean, StepState, StepEvent]>([
    ['a refusal, another card', true, failure, action('anotherCard', { hasAnotherCard: false })],
    [
      'a refusal, another card (a saved one exists)',
      true,
      failure,
      action('anotherCard', { hasAnotherCard: true }),
    ],
    ['then another method', false, { ...failure, keepHolder: true }, action('anotherMethod')],
    ['then another account', false, at(['home'], choosing, { keepHolder: true }), { type: 'accountChanged' }],
    [
      'then another account over a result',
      false,
      { ...failure, keepHolder: true },
      { type: 'accountChanged' },
    ],
    ['then a success', false, refusedAgain, { type: 'resultShown', success: true }],
    ['then a second refusal', true, refusedAgain, { type: 'resultShown', success: false }],
  ])('%s: the holder name kept: %s', (_, kept, from, event) => {
    expect(transition(from, event).state.keepHolder).toBe(kept);
  });
  it('failure, update and pay with a saved card: the expiry popup', () => {
    const next = transition(failure, action('updateAndPay', { savedCardPaid: true }));
    expect(next.state).toMatchObject({
      stack: ['home', 'cardCvv', 'modifyExpiry'],
      expiryMode: 'updateAndPay',
    });
  });
  it('failure, update and pay with a new card: the card form', () => {
    const next = transition(failure, action('updateAndPay'));
    expect(next.state.stack).toEqual(['home', 'cardFrame']);
  });
  it('processing, check again: polling the same order', () => {
    const next = transition(failure, action('checkAgain'));
    expect(next.state.phase).toEqual({ kind: 'polling', orderId: 'o1' });
    expect(next.effects).toEqual([{ kind: 'checkAgain', orderId: 'o1' }]);
  });
  it('an interrupted 3-D Secure check, give up: polling that order while the engine gives it up', () => {
    const next = transition(failure, action('giveUp'));
    expect(next.state.phase).toEqual({ kind: 'polling', orderId: 'o1' });
    expect(next.effects).toEqual([{ kind: 'giveUpKept' }]);
    // No order to give up: the step it failed on, nothing asked.
    expect(transition(failure, action('giveUp', { orderId: undefined })).state.phase).toEqual(choosing);
  });
  it('refresh reloads', () => {
    expect(transition(failure, action('refresh')).effects).toEqual([{ kind: 'reload' }]);
  });
  it('a result button outside a result changes nothing', () => {
    const from = at(['home'], choosing);
    expect(transition(from, action('again'))).toEqual({ state: from, effects: [] });
  });
});

describe('the engine moves the phase', () => {
  it('an order: ordering → challenge → result; the leave question closes when a wait begins', () => {
    let state = at(['home', 'cardFrame'], choosing, { leaving: true });
    state = transition(state, { type: 'ordering' }).state;
    expect(state).toMatchObject({ phase: { kind: 'ordering' }, leaving: false });
    expect(busyOf(state.phase)).toBe('creatingOrder');
    state = transition(state, { type: 'challengeOpened', orderId: 'o1' }).state;
    expect(busyOf(state.phase)).toBe('verifying');
    state = transition(state, { type: 'resultShown', success: false }).state;
    expect(state).toMatchObject({ phase: { kind: 'result', success: false } });
  });
  it('no order made (tokenising refused, no answer): back to choosing on the same step', () => {
    const state = transition(at(['home', 'cardFrame'], PHASES.ordering as Phase), {
      type: 'orderNotMade',
    }).state;
    expect(state).toMatchObject({ stack: ['home', 'cardFrame'], phase: choosing });
  });
  it('cancelChallenge acts only during a challenge', () => {
    expect(transition(at(['home'], PHASES.challenge as Phase), { type: 'cancelChallenge' }).effects).toEqual([
      { kind: 'cancelChallenge' },
    ]);
    expect(transition(at(['home'], PHASES.polling as Phase), { type: 'cancelChallenge' }).effects).toEqual(
      [],
    );
  });
  it.each(Object.keys(PHASES))('%s: offline and back online only set the connection', (name) => {
    const from = at(['home', 'cardFrame'], PHASES[name] as Phase);
    const off = transition(from, { type: 'connection', online: false });
    expect(off).toEqual({ state: { ...from, offline: true }, effects: [] });
    expect(transition(off.state, { type: 'connection', online: true }).state).toEqual(from);
  });
  it('a reload is the initial state: home, choosing, nothing open', () => {
    expect(initialStepState).toMatchObject({
      stack: ['home'],
      phase: choosing,
      leaving: false,
    });
  });
});

describe('the result buttons as events (issue 29 item 8)', () => {
  const NOW = new Date('2026-05-15T12:00:00Z');
  const all = visibleSavedCards(savedCardsOf10000001(NOW));
  const visa = all.find((c) => c.source_id === 'src_visa4242') as SavedCard;
  const failed = (kind: PayResult['kind']): PayResult => ({
    panel: resultPanelOf('balance'),
    orderId: 'o1',
    detail: undefined,
    payType: PayType.checkoutCard,
    sourceId: undefined,
    kind,
  });

  it('the only saved card failed: "another card" goes to the card frame, not to the same card', () => {
    const event = resultActionEvent('anotherCard', failed('savedCard'), [visa], visa);
    expect(event).toMatchObject({ hasAnotherCard: false, savedCardPaid: true });
    expect(transition(at(['home', 'cardCvv'], PHASES.failure as Phase), event).state.stack).toEqual([
      'home',
      'cardFrame',
    ]);
  });
  it('another remembered card exists: home', () => {
    expect(resultActionEvent('anotherCard', failed('savedCard'), all, visa).hasAnotherCard).toBe(true);
  });
  it('a new card failed and one card is saved: that card is another card', () => {
    expect(resultActionEvent('anotherCard', failed('newCard'), [visa], visa).hasAnotherCard).toBe(true);
  });
  it('no saved cards at all: the card frame', () => {
    expect(resultActionEvent('anotherCard', failed('newCard'), [], undefined).hasAnotherCard).toBe(false);
  });
  it.each([
    ['again', 'repurchase'],
    ['retry', 'retry'],
    ['updateAndPay', 'expired'],
    ['anotherCard', 'normal'],
    ['close', 'retry'],
    ['checkAgain', 'retry'],
    ['giveUp', 'retry'],
  ] as const)('%s → order kind %s', (a, kind) => {
    expect(orderKindAfter(a, 'retry')).toBe(kind);
  });
});

describe('the order kind after the expiry popup (SPEC §4 order kinds)', () => {
  const updated = { type: 'expiryUpdated' } as const;
  it.each<[string, StepState, StepEvent, string]>([
    [
      'an expired saved card updated with "update and pay": expired',
      at(['home', 'savedCards', 'modifyExpiry'], choosing, { expiryMode: 'updateAndPay' }),
      updated,
      'expired',
    ],
    [
      'after a saved card\'s "card expired" result, "update and pay": expired',
      at(['home', 'cardCvv', 'modifyExpiry'], choosing, { expiryMode: 'updateAndPay' }),
      updated,
      'expired',
    ],
    [
      'a card expiring soon, "update expiry" only: the kind stays',
      at(['home', 'savedCards', 'modifyExpiry'], choosing, { expiryMode: 'updateOnly' }),
      updated,
      'normal',
    ],
    [
      'an update answered after the popup was closed: the kind stays',
      at(['home', 'savedCards'], choosing, { expiryMode: 'updateAndPay' }),
      updated,
      'normal',
    ],
    [
      'another event on the popup: the kind stays',
      at(['home', 'savedCards', 'modifyExpiry'], choosing, { expiryMode: 'updateAndPay' }),
      { type: 'back' },
      'normal',
    ],
  ])('%s', (_name, before, event, kind) => {
    expect(orderKindAfterStep(event, before, 'normal')).toBe(kind);
  });
});
