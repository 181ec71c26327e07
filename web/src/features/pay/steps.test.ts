// @vitest-environment node
import { PayType, type SavedCard, savedCardsOf10000001 } from '@topup/contracts';
import { describe, expect, it } from 'vitest';
import {
  type ConfirmChoice,
  confirmEvent,
  confirmLabelKey,
  currentStep,
  initialStepState,
  type PayStep,
  type StepEvent,
  type StepState,
  stepNumber,
  transition,
} from './steps';

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
    'not remembered card → cvv (not remembered)',
    at(['home']),
    { type: 'chooseSavedCard', card: card('src_forgot'), payType: PayType.checkoutCard, now: NOW },
    ['home', 'cvvNotRemembered'],
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
    'confirmed leave pops @spec:pay.back',
    at(['home', 'cardFrame'], { leaving: true }),
    { type: 'confirmLeave' },
    ['home'],
    [],
  ],
  [
    'confirmed leave with an order cancels it',
    at(['home', 'cardCvv'], { leaving: true, openOrder: 'o1' }),
    { type: 'confirmLeave' },
    ['home'],
    [{ kind: 'clickCancel', orderId: 'o1' }],
  ],
  [
    'confirmed leave from home with an order',
    at(['home'], { leaving: true, openOrder: 'o2' }),
    { type: 'confirmLeave' },
    ['home'],
    [{ kind: 'clickCancel', orderId: 'o2' }, { kind: 'leavePage' }],
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

  it('asks before leaving from home when an order is open', () => {
    const next = transition(at(['home'], { openOrder: 'o3' }), { type: 'back' });
    expect(next.state.leaving).toBe(true);
    expect(next.effects).toEqual([]);
  });

  it('records and clears the open order', () => {
    const created = transition(initialStepState, { type: 'orderCreated', orderId: 'o4' }).state;
    expect(created.openOrder).toBe('o4');
    expect(transition(created, { type: 'orderSettled' }).state.openOrder).toBeUndefined();
  });

  it('modify expiry from a soon card uses the update-only mode', () => {
    const next = transition(at(['home', 'savedCards']), { type: 'updateSoonCard' }).state;
    expect(currentStep(next)).toBe('modifyExpiry');
    expect(next.expiryMode).toBe('updateOnly');
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
    ['cvvNotRemembered', 'updateAndPay', 'pay.confirm'],
  ] as const)('%s (%s) → %s', (step, mode, label) => {
    expect(confirmLabelKey(step, mode)).toBe(label);
  });

  it('numbers the six steps 1-6', () => {
    expect(
      (['home', 'savedCards', 'cardFrame', 'cardCvv', 'cvvNotRemembered', 'modifyExpiry'] as const).map(
        stepNumber,
      ),
    ).toEqual([1, 2, 3, 4, 5, 6]);
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

  it.each(['cardCvv', 'cvvNotRemembered'] as const)('%s: submits the CVV once its field is ready', (step) => {
    expect(confirmEvent(step, withCard)).toBeUndefined();
    expect(confirmEvent(step, { ...withCard, cvvReady: true })).toEqual({
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
