// @vitest-environment node
import { PayType, type SavedCard, savedCardsOf10000001 } from '@topup/contracts';
import { describe, expect, it } from 'vitest';
import { type ConfirmChoice, confirmEvent, confirmHintKey, confirmLabelKey } from './stepConfirm';
import { currentStep, initialStepState, transition } from './steps';
import { PAY_STEPS, type PayStep, type StepEvent, type StepState, stepNumber } from './stepTypes';

const NOW = new Date('2026-05-15T12:00:00Z');
const cards = savedCardsOf10000001(NOW);
const card = (id: string): SavedCard => cards.find((c) => c.source_id === id) as SavedCard;
const at = (stack: PayStep[], extra: Partial<StepState> = {}): StepState => ({
  ...initialStepState,
  stack,
  ...extra,
});

type Row = [name: string, from: StepState, event: StepEvent, stack: PayStep[], effects: unknown[]];

const rows: Row[] = [
  [
    'provider 13 card → card frame @spec:pay.cardFrame',
    at(['home']),
    { type: 'chooseChannel', payType: PayType.checkoutCard },
    ['home', 'cardFrame'],
    [],
  ],
  [
    'provider 17 card → card frame @spec:pay.cardFrame',
    at(['home']),
    { type: 'chooseChannel', payType: PayType.adyenCard },
    ['home', 'cardFrame'],
    [],
  ],
  ...[
    PayType.p6Card,
    PayType.p6Wallet,
    PayType.adyenWallet,
    PayType.p18Wallet,
    PayType.p19Wallet,
    PayType.otherWallet,
    PayType.p6WalletInsert,
    PayType.genericWallet,
  ].map(
    (payType): Row => [
      `pay type ${payType} → order at once @spec:pay.directOrder`,
      at(['home']),
      { type: 'chooseChannel', payType },
      ['home'],
      [{ kind: 'createOrder', payType, via: 'channel' }],
    ],
  ),
  [
    'saved card, wallet pay type → order @spec:pay.directOrder',
    at(['home']),
    { type: 'chooseSavedCard', card: card('apple_pay'), payType: PayType.adyenWallet, now: NOW },
    ['home'],
    [{ kind: 'createOrder', payType: 26, via: 'savedCard' }],
  ],
  [
    'saved wallet token → order',
    at(['home']),
    { type: 'chooseSavedCard', card: card('apple_pay'), payType: PayType.adyenCard, now: NOW },
    ['home'],
    [{ kind: 'createOrder', payType: 27, via: 'savedCard' }],
  ],
  [
    'usable saved card → cvv @spec:pay.cvv',
    at(['home']),
    { type: 'chooseSavedCard', card: card('src_visa4242'), payType: PayType.checkoutCard, now: NOW },
    ['home', 'cardCvv'],
    [],
  ],
  [
    'soon-expiring card still pays → cvv',
    at(['home', 'savedCards']),
    { type: 'chooseSavedCard', card: card('src_soon0006'), payType: PayType.checkoutCard, now: NOW },
    ['home', 'savedCards', 'cardCvv'],
    [],
  ],
  [
    'a card not remembered (never listed, SPEC §5) → the one cvv step: no step of its own',
    at(['home']),
    { type: 'chooseSavedCard', card: card('src_forgot'), payType: PayType.checkoutCard, now: NOW },
    ['home', 'cardCvv'],
    [],
  ],
  [
    'expired modifiable card → modify expiry @spec:pay.expiredModify',
    at(['home']),
    { type: 'chooseSavedCard', card: card('src_mc4444'), payType: PayType.checkoutCard, now: NOW },
    ['home', 'modifyExpiry'],
    [],
  ],
  [
    'bank-expired card → message, no step @spec:pay.bankExpired',
    at(['home']),
    { type: 'chooseSavedCard', card: card('src_bank1699'), payType: PayType.checkoutCard, now: NOW },
    ['home'],
    [{ kind: 'bankExpired' }],
  ],
  ['open the saved card list', at(['home']), { type: 'openSavedCards' }, ['home', 'savedCards'], []],
  [
    'card frame submit → tokenise then order',
    at(['home', 'cardFrame']),
    { type: 'submitCardFrame', payType: 27 },
    ['home', 'cardFrame'],
    [{ kind: 'tokenizeThenCreateOrder', payType: 27 }],
  ],
  [
    'cvv submit → order with cvv @spec:pay.cvv',
    at(['home', 'cardCvv']),
    { type: 'submitCvv', payType: 23 },
    ['home', 'cardCvv'],
    [{ kind: 'createOrder', payType: 23, via: 'cvv' }],
  ],
  [
    'expiry updated (pay) → cvv',
    at(['home', 'modifyExpiry']),
    { type: 'expiryUpdated' },
    ['home', 'cardCvv'],
    [],
  ],
  [
    'expiry updated (only) → back',
    at(['home', 'savedCards', 'modifyExpiry'], { expiryMode: 'updateOnly' }),
    { type: 'expiryUpdated' },
    ['home', 'savedCards'],
    [],
  ],
  [
    'use another card, one exists → home @spec:pay.useAnother',
    at(['home', 'cardCvv']),
    { type: 'useAnotherCard', hasAnotherCard: true },
    ['home'],
    [],
  ],
  [
    'use another card, none → card frame @spec:pay.useAnother',
    at(['home', 'modifyExpiry']),
    { type: 'useAnotherCard', hasAnotherCard: false },
    ['home', 'cardFrame'],
    [],
  ],
  [
    'back from the saved list pops without asking @spec:pay.back',
    at(['home', 'savedCards']),
    { type: 'back' },
    ['home'],
    [],
  ],
  ['back from home leaves the page', at(['home']), { type: 'back' }, ['home'], [{ kind: 'leavePage' }]],
  [
    'back from the card frame asks first @spec:pay.back',
    at(['home', 'cardFrame']),
    { type: 'back' },
    ['home', 'cardFrame'],
    [],
  ],
  [
    'back from the CVV step asks first @spec:pay.back',
    at(['home', 'cardCvv']),
    { type: 'back' },
    ['home', 'cardCvv'],
    [],
  ],
  [
    'back from the CVV step reached through the saved list asks first @spec:pay.back',
    at(['home', 'savedCards', 'cardCvv']),
    { type: 'back' },
    ['home', 'savedCards', 'cardCvv'],
    [],
  ],
  [
    'back over the expiry popup closes it without asking: one dialog, never two @spec:pay.back',
    at(['home', 'savedCards', 'modifyExpiry']),
    { type: 'back' },
    ['home', 'savedCards'],
    [],
  ],
  [
    'back over the expiry popup opened after a failed saved-card payment: onto the CVV step under it',
    at(['home', 'cardCvv', 'modifyExpiry']),
    { type: 'back' },
    ['home', 'cardCvv'],
    [],
  ],
  [
    'confirmed leave pops @spec:pay.back',
    at(['home', 'cardFrame'], { leaving: true }),
    { type: 'confirmLeave' },
    ['home'],
    [],
  ],
  [
    'continue paying keeps the step',
    at(['home', 'cardFrame'], { leaving: true }),
    { type: 'cancelLeave' },
    ['home', 'cardFrame'],
    [],
  ],
  [
    'confirm without the popup does nothing',
    at(['home', 'cardFrame']),
    { type: 'confirmLeave' },
    ['home', 'cardFrame'],
    [],
  ],
];

describe('pay step transitions (SPEC §4)', () => {
  it.each(rows)('%s', (_, from, event, stack, effects) => {
    const next = transition(from, event);
    expect(next.state.stack).toEqual(stack);
    expect(next.effects).toEqual(effects);
  });

  it.each<[string, PayStep[]]>([
    ['the card frame', ['home', 'cardFrame']],
    ['the CVV step', ['home', 'cardCvv']],
    ['the CVV step from the saved list', ['home', 'savedCards', 'cardCvv']],
  ])('back on %s opens the leave question, and confirming it leaves the step @spec:pay.back', (_, stack) => {
    const asked = transition(at(stack), { type: 'back' });
    expect(asked.state).toMatchObject({ stack, leaving: true });
    const left = transition(asked.state, { type: 'confirmLeave' });
    expect(left.state).toMatchObject({ stack: stack.slice(0, -1), leaving: false });
  });

  it('the delete confirm is one dialog over the saved-card list: back closes it and stays on the list', () => {
    const asked = transition(at(['home', 'savedCards']), { type: 'askDelete', card: card('src_bank1699') });
    expect(asked.state.deleteQuestion?.source_id).toBe('src_bank1699');
    const back = transition(asked.state, { type: 'back' });
    expect(back.state).toEqual({ ...asked.state, deleteQuestion: undefined });
    expect(back.effects).toEqual([]);
    expect(transition(asked.state, { type: 'closeDelete' }).state.deleteQuestion).toBeUndefined();
  });

  it('the delete confirm opens only over the saved-card list', () => {
    const home = at(['home']);
    expect(transition(home, { type: 'askDelete', card: card('src_visa4242') }).state).toEqual(home);
  });

  it('back from home leaves without asking: an order is never open while the step takes its controls', () => {
    const next = transition(at(['home']), { type: 'back' });
    expect(next.state.leaving).toBe(false);
    expect(next.effects).toEqual([{ kind: 'leavePage' }]);
  });

  it('modify expiry from a soon card uses the update-only mode', () => {
    const next = transition(at(['home', 'savedCards']), { type: 'updateSoonCard' }).state;
    expect(currentStep(next)).toBe('modifyExpiry');
    expect(next.expiryMode).toBe('updateOnly');
  });

  it('another account under the step: a fresh home, the CVV field anew, no question open, waits untouched', () => {
    const cvv = at(['home', 'cardCvv'], { leaving: true, intent: 3 });
    const next = transition(cvv, { type: 'accountChanged' });
    expect(next.state).toMatchObject({
      stack: ['home'],
      leaving: false,
      intent: 4,
      phase: { kind: 'choosing' },
    });
    expect(next.effects).toEqual([{ kind: 'forgetCard' }]);
    const asked = at(['home', 'savedCards'], { deleteQuestion: card('src_visa4242') });
    expect(transition(asked, { type: 'accountChanged' }).state.deleteQuestion).toBeUndefined();
    const failed = at(['home', 'cardCvv'], { phase: { kind: 'result', success: false } });
    expect(transition(failed, { type: 'accountChanged' }).state).toMatchObject({
      stack: ['home'],
      phase: { kind: 'result', success: false },
    });
    const ordering = at(['home', 'cardCvv'], { phase: { kind: 'ordering' } });
    expect(transition(ordering, { type: 'accountChanged' })).toEqual({ state: ordering, effects: [] });
  });

  const closeAction = (savedCardPaid: boolean): StepEvent => ({
    type: 'resultAction',
    action: 'close',
    hasAnotherCard: true,
    savedCardPaid,
    orderId: 'PO1',
  });
  it.each<[string, PayStep[], StepEvent, number]>([
    ['a saved card, its × (the CVV used up: asked again, empty)', ['home', 'cardCvv'], closeAction(true), 6],
    ['a saved card, back or Escape (the same)', ['home', 'cardCvv'], { type: 'back' }, 6],
    ['a new card, its × (the card typed stays)', ['home', 'cardFrame'], closeAction(false), 5],
    ['a new card, back (the same)', ['home', 'cardFrame'], { type: 'back' }, 5],
    ['a method with no field, back', ['home'], { type: 'back' }, 5],
  ])('a failure closed on %s: back on the step it failed on', (_, stack, event, intent) => {
    const failed = at(stack, { intent: 5, phase: { kind: 'result', success: false } });
    const next = transition(failed, event);
    expect(next.state).toMatchObject({ stack, intent, phase: { kind: 'choosing' }, leaving: false });
    expect(next.effects).toEqual([]);
  });
});

describe('confirm label and numbering (SPEC §2)', () => {
  it.each([
    ['home', 'updateAndPay', 'pay.rechargeNow'],
    ['modifyExpiry', 'updateAndPay', 'pay.updateAndPay'],
    ['modifyExpiry', 'updateOnly', 'pay.updateExpiry'],
    ['savedCards', 'updateAndPay', 'pay.confirm'],
    ['cardFrame', 'updateAndPay', 'pay.confirm'],
    ['cardCvv', 'updateAndPay', 'pay.confirm'],
  ] as const)('%s (%s) → %s', (step, mode, label) => {
    expect(confirmLabelKey(step, mode)).toBe(label);
  });

  it.each([
    ['home', true, 'pay.hintChooseMethod'],
    ['cardFrame', true, 'pay.hintEnterCard'],
    ['cardCvv', true, 'pay.hintEnterCvv'],
    ['savedCards', true, undefined],
    ['modifyExpiry', true, undefined],
    ['home', false, undefined],
    ['cardCvv', false, undefined],
  ] as const)('a disabled pay button says why: %s, waiting for the visitor %s → %s', (step, waits, hint) => {
    expect(confirmHintKey(step, waits)).toBe(hint);
  });

  // The card complete but for the holder's name: the hint names the name, not "the card's details".
  it.each([
    ['cardFrame', true, true, 'pay.hintEnterHolder'],
    ['cardFrame', true, false, 'pay.hintEnterCard'],
    ['cardFrame', false, true, undefined],
    ['home', true, true, 'pay.hintChooseMethod'],
    ['cardCvv', true, true, 'pay.hintEnterCvv'],
  ] as const)('%s, waiting %s, only the name missing %s → %s', (step, waits, holderOnly, hint) => {
    expect(confirmHintKey(step, waits, holderOnly)).toBe(hint);
  });

  it('numbers the steps as SPEC does; its fifth (the not-remembered CVV) is no step of the machine', () => {
    expect(PAY_STEPS.map(stepNumber)).toEqual([1, 2, 3, 4, 6]);
  });
});

describe('the confirm button per step (SPEC §2)', () => {
  const saved = card(cards[0]?.source_id ?? '');
  const none: ConfirmChoice = {
    savedCard: undefined,
    channel: undefined,
    framePayType: undefined,
    cardReady: false,
    cvvReady: false,
    now: NOW,
  };
  const withCard = { ...none, savedCard: { card: saved, payType: PayType.adyenCard } };

  it('home: the chosen channel, else the chosen saved card, else nothing (disabled)', () => {
    expect(confirmEvent('home', none)).toBeUndefined();
    expect(confirmEvent('home', withCard)).toEqual({
      type: 'chooseSavedCard',
      card: saved,
      payType: PayType.adyenCard,
      now: NOW,
    });
    expect(confirmEvent('home', { ...withCard, channel: PayType.checkoutCard })).toEqual({
      type: 'chooseChannel',
      payType: PayType.checkoutCard,
    });
  });

  it('card frame: submits once the fields are ready', () => {
    const frame = { ...none, framePayType: PayType.checkoutCard };
    expect(confirmEvent('cardFrame', frame)).toBeUndefined();
    expect(confirmEvent('cardFrame', { ...frame, cardReady: true })).toEqual({
      type: 'submitCardFrame',
      payType: PayType.checkoutCard,
    });
  });

  it('cardCvv: submits the CVV once its field is ready', () => {
    expect(confirmEvent('cardCvv', withCard)).toBeUndefined();
    expect(confirmEvent('cardCvv', { ...withCard, cvvReady: true })).toEqual({
      type: 'submitCvv',
      payType: PayType.adyenCard,
    });
  });

  it.each(['savedCards', 'modifyExpiry'] as const)('%s: has no confirm event', (step) => {
    expect(
      confirmEvent(step, { ...withCard, channel: PayType.checkoutCard, cardReady: true, cvvReady: true }),
    ).toBeUndefined();
  });
});
