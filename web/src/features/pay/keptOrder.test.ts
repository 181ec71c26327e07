// @vitest-environment node
import { PayType } from '@topup/contracts';
import { describe, expect, it } from 'vitest';
import { coinPayParams, type OrderContext, type Settled } from '../../payments/payment';
import {
  elsewhereDecision,
  type FlowNotice,
  keptElsewhere,
  type NoticePlace,
  newCardKey,
  noticeAfterEdit,
  noticeForChoice,
  noticeHere,
  refusedNotice,
  type SettleDecision,
  settleDecision,
  type TapDecision,
  type TapRequest,
  tapDecision,
} from './keptOrder';
import type { Unconfirmed } from './orderRequest';
import { initialStepState } from './steps';
import type { PayStep, StepState } from './stepTypes';

const order = (over: Partial<OrderContext> = {}): OrderContext => ({
  rechargeId: 'rc_999',
  toUid: 1001,
  payType: PayType.adyenCard,
  kind: 'normal',
  deviceId: 'dev',
  sessionKey: undefined,
  pageViewId: 'pv',
  ...over,
});
const card4242 = newCardKey({ bin: '424242', last4: '4242', cardValidDate: '12/30', holderName: 'Reem' });
const card4444 = newCardKey({ bin: '555555', last4: '4444', cardValidDate: '12/30', holderName: 'Reem' });
const newCard = (cardKey: string, over: Partial<OrderContext> = {}): TapRequest => ({
  params: coinPayParams(order(over), {
    tokenised: { token: 'tok', bin: '424242', last4: '4242', scheme: 'visa' },
  }),
  cardKey,
});
const saved = (sourceId: string, over: Partial<OrderContext> = {}): TapRequest => ({
  params: coinPayParams(order(over), { sourceId }),
});
const channel = (payType: PayType): TapRequest => ({ params: coinPayParams(order({ payType }), {}) });
const kept = (tap: TapRequest, extra: Partial<Unconfirmed> = {}): Unconfirmed => ({
  params: tap.params,
  requestId: 'rid-1',
  payType: tap.params.pay_type,
  used: undefined,
  paidWith: { kind: 'newCard' },
  cardKey: tap.cardKey,
  ...extra,
});

describe('a pay tap while an order answer is lost (tapDecision)', () => {
  const rows: [name: string, kept: Unconfirmed | undefined, tap: TapRequest, decision: TapDecision][] = [
    ['nothing kept: the tap sends its own request', undefined, newCard(card4242), 'send'],
    [
      'the same new card again: the kept request re-sent',
      kept(newCard(card4242)),
      newCard(card4242),
      'resend',
    ],
    ['the card number edited: settle first', kept(newCard(card4242)), newCard(card4444), 'settleFirst'],
    [
      'the expiry edited: settle first',
      kept(newCard(card4242)),
      newCard(newCardKey({ bin: '424242', last4: '4242', cardValidDate: '11/31', holderName: 'Reem' })),
      'settleFirst',
    ],
    ['the same saved card: re-sent', kept(saved('src_visa4242')), saved('src_visa4242'), 'resend'],
    ['another saved card: settle first', kept(saved('src_visa4242')), saved('src_mc4444'), 'settleFirst'],
    [
      'a saved card, then a new card: settle first',
      kept(saved('src_visa4242')),
      newCard(card4444),
      'settleFirst',
    ],
    [
      'a new card, then a saved card: settle first',
      kept(newCard(card4242)),
      saved('src_visa4242'),
      'settleFirst',
    ],
    [
      'another pay type: settle first',
      kept(channel(PayType.p18Wallet)),
      channel(PayType.p19Wallet),
      'settleFirst',
    ],
    [
      'another package: settle first',
      kept(saved('src_visa4242')),
      saved('src_visa4242', { rechargeId: 'rc_499' }),
      'settleFirst',
    ],
    [
      'another target: settle first',
      kept(saved('src_visa4242')),
      saved('src_visa4242', { toUid: 1002 }),
      'settleFirst',
    ],
    [
      'an order known, result unknown: only asked for, never re-sent',
      kept(saved('src_visa4242'), { orderId: 'PO1' }),
      saved('src_visa4242'),
      'settleFirst',
    ],
  ];
  it.each(rows)('%s', (_name, before, tap, decision) => {
    expect(tapDecision(before, tap)).toBe(decision);
  });
});

describe('what settling the kept order found (settleDecision)', () => {
  const rows: [found: Settled | 'noOrder' | 'noAnswer', decision: SettleDecision][] = [
    [{ kind: 'paid', sourceId: 'src_visa4242' }, 'showPaid'],
    [{ kind: 'failed', failure: {} }, 'dropAndSend'],
    [{ kind: 'notFound' }, 'dropAndSend'],
    ['noOrder', 'dropAndSend'],
    [{ kind: 'pending' }, 'cancelFirst'],
    ['noAnswer', 'keepChecking'],
  ];
  it.each(rows)('%j → %s', (found, decision) => {
    expect(settleDecision(found)).toBe(decision);
  });

  // A pending order given up (giveUpOrder): cancelled or ended, the tap goes on; paid, its result; still
  // pending (the cancel refused or unanswered), no new order.
  const afterCancel: [found: Settled, decision: SettleDecision][] = [
    [{ kind: 'paid', sourceId: undefined }, 'showPaid'],
    [{ kind: 'failed', failure: { failDetail: 'userCancel' } }, 'dropAndSend'],
    [{ kind: 'notFound' }, 'dropAndSend'],
    [{ kind: 'pending' }, 'notCancelled'],
  ];
  it.each(afterCancel)('given up: %j → %s', (found, decision) => {
    expect(settleDecision(found, true)).toBe(decision);
  });
});

describe('an order kept from another pay step (keptElsewhere)', () => {
  const here = { recharge_id: 'rc_999', to_uid: 1001, kind: 'normal' };
  const rows: [name: string, kept: { recharge_id: string; uid: number; kind: string }, elsewhere: boolean][] =
    [
      ['the same package, account and kind', { recharge_id: 'rc_999', uid: 1001, kind: 'normal' }, false],
      ['another package', { recharge_id: 'rc_499', uid: 1001, kind: 'normal' }, true],
      ['another account', { recharge_id: 'rc_999', uid: 1002, kind: 'normal' }, true],
      ['another kind of order', { recharge_id: 'rc_999', uid: 1001, kind: 'repurchase' }, true],
    ];
  it.each(rows)('%s → %s', (_name, kept, elsewhere) => {
    expect(keptElsewhere(kept, here)).toBe(elsewhere);
  });
});

describe("what checking another step's kept order found (elsewhereDecision)", () => {
  const rows: [found: Settled | 'noOrder' | 'noAnswer', decision: ReturnType<typeof elsewhereDecision>][] = [
    [{ kind: 'paid', sourceId: undefined }, 'tellPaid'],
    [{ kind: 'pending' }, 'tellPending'],
    [{ kind: 'failed', failure: {} }, 'letGo'],
    [{ kind: 'notFound' }, 'letGo'],
    ['noOrder', 'letGo'],
    ['noAnswer', 'keepChecking'],
  ];
  it.each(rows)('%j → %s', (found, decision) => {
    expect(elsewhereDecision(found)).toBe(decision);
  });
});

describe('the lost-answer notice only where the pay button re-sends (noticeHere)', () => {
  const place: NoticePlace = { step: 'cardCvv', intent: 0, sourceId: 'src_visa4242' };
  const at = (stack: PayStep[], intent = 0): StepState => ({ ...initialStepState, stack, intent });
  const rows: [name: string, state: StepState, sourceId: string | undefined, notice: FlowNotice][] = [
    ['the same CVV step and card', at(['home', 'cardCvv']), 'src_visa4242', 'unconfirmed'],
    ['the new card form', at(['home', 'savedCards', 'cardFrame']), 'src_visa4242', 'checkFirst'],
    ['home', at(['home']), 'src_visa4242', 'checkFirst'],
    ['another saved card', at(['home', 'cardCvv']), 'src_mc4444', 'checkFirst'],
    ['the fields remounted (a new intent)', at(['home', 'cardCvv'], 1), 'src_visa4242', 'checkFirst'],
  ];
  it.each(rows)('%s', (_name, state, sourceId, notice) => {
    expect(noticeHere('unconfirmed', place, state, sourceId)).toBe(notice);
  });
  it('other notices are shown as they are', () => {
    expect(noticeHere('earlierUnknown', place, at(['home']), undefined)).toBe('earlierUnknown');
    expect(noticeHere('notFound', place, at(['home']), undefined)).toBe('notFound');
    const paid: FlowNotice = { kind: 'earlierPaid', orderId: 'ord_1' };
    expect(noticeHere(paid, place, at(['home']), undefined)).toBe(paid);
  });
});

describe('a refused order creation is said where it was made, until the visitor moves (noticeHere)', () => {
  const place: NoticePlace = { step: 'cardCvv', intent: 0, sourceId: 'src_visa4242' };
  const at = (stack: PayStep[], intent = 0): StepState => ({ ...initialStepState, stack, intent });
  const noOrder = refusedNotice(23006, 'Too many attempts', true, undefined);
  const mayExist = refusedNotice(12345, 'Gateway internal error', false, undefined);
  const rows: [
    name: string,
    state: StepState,
    sourceId: string | undefined,
    none: FlowNotice,
    kept: FlowNotice,
  ][] = [
    ['the same CVV step and card', at(['home', 'cardCvv']), 'src_visa4242', noOrder, mayExist],
    ['home', at(['home']), 'src_visa4242', undefined, 'checkFirst'],
    ['another saved card', at(['home', 'cardCvv']), 'src_mc4444', undefined, 'checkFirst'],
    [
      'the fields remounted (a new intent)',
      at(['home', 'cardCvv'], 1),
      'src_visa4242',
      undefined,
      'checkFirst',
    ],
  ];
  it.each(rows)('%s', (_name, state, sourceId, none, kept) => {
    expect(noticeHere(noOrder, place, state, sourceId)).toBe(none);
    expect(noticeHere(mayExist, place, state, sourceId)).toBe(kept);
  });
  it('the notice holds the code, the Arabic message chosen, and whether nothing was charged', () => {
    expect(noOrder).toEqual({
      kind: 'refused',
      code: 23006,
      message: 'محاولات دفع كثيرة خلال وقت قصير. انتظر بضع دقائق ثم أعد المحاولة',
      noCharge: true,
      channel: undefined,
    });
    expect(mayExist).toMatchObject({ code: 12345, message: undefined, noCharge: false });
  });
  it('on home, it holds while the method it was refused for is chosen', () => {
    const stc = refusedNotice(23006, '', true, PayType.p18Wallet);
    expect(noticeForChoice(stc, 'home', PayType.p18Wallet)).toBe(stc);
    expect(noticeForChoice(stc, 'home', PayType.adyenCard)).toBeUndefined();
    expect(noticeForChoice({ ...stc, noCharge: false }, 'home', undefined)).toBe('checkFirst');
    expect(noticeForChoice(stc, 'cardFrame', PayType.adyenCard)).toBe(stc);
    expect(noticeForChoice('unconfirmed', 'home', PayType.adyenCard)).toBe('unconfirmed');
  });
});

describe('a refusal once the visitor changes what they typed (noticeAfterEdit)', () => {
  const noOrder = refusedNotice(23006, 'Too many attempts', true, undefined);
  const mayExist = refusedNotice(12345, 'Gateway internal error', false, undefined);
  const earlier: FlowNotice = { kind: 'earlierPaid', orderId: 'o1' };
  it.each<[string, FlowNotice, FlowNotice]>([
    ['a refusal that made no order: gone', noOrder, undefined],
    ['a refusal whose order may exist: checked first', mayExist, 'checkFirst'],
    ['a lost answer: still said (its own words cover an edited card)', 'unconfirmed', 'unconfirmed'],
    ['an earlier order paid elsewhere: still said', earlier, earlier],
    ['none', undefined, undefined],
  ])('%s', (_name, notice, after) => {
    expect(noticeAfterEdit(notice)).toBe(after);
  });
});
