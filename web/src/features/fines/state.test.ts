// @vitest-environment node
import { ClientCode, ServerCode } from '@topup/contracts';
import { describe, expect, it } from 'vitest';
import { fine7001 } from '../../test/fineClient';
import { fineLinkOf, fineSearch } from './fineUrl';
import { type FineEvent, type FineScreen, fineReducer, initialScreen, isSettled } from './state';
import { type AccountBan, type UnbanState, unbanOf } from './unban';

const payable: FineScreen = {
  kind: 'payable',
  fine: fine7001,
  method: 'card',
  busy: 'idle',
  error: undefined,
};
const creating: FineScreen = { ...payable, busy: 'creatingOrder' };
const paidFine = { ...fine7001, status: 'paid' as const };
/** 7003's account (10000002): never banned. */
const fine7003 = { ...fine7001, id: 7003, uid: 1002, display_uid: '10000002', account_banned: false };
const payable7003: FineScreen = { ...payable, fine: fine7003, busy: 'creatingOrder' };

describe('the fine link', () => {
  it.each([
    ['?id=7001', { kind: 'fine', fineId: 7001, returnOrderId: undefined }],
    ['?id=%207001%20', { kind: 'fine', fineId: 7001, returnOrderId: undefined }],
    ['?id=7001&zp_show=1&zp_orderid=ord_1', { kind: 'fine', fineId: 7001, returnOrderId: 'ord_1' }],
    ['?id=7001&zp_show=1&order_id=ord_2', { kind: 'fine', fineId: 7001, returnOrderId: 'ord_2' }],
    ['?id=7001&zp_orderid=ord_1', { kind: 'fine', fineId: 7001, returnOrderId: undefined }],
    ['?id=7001&zp_show=1', { kind: 'fine', fineId: 7001, returnOrderId: undefined }],
    ['', { kind: 'missing' }],
    ['?id=', { kind: 'missing' }],
    ['?fine=7001', { kind: 'missing' }],
    ['?id=abc', { kind: 'invalid' }],
    ['?id=7001x', { kind: 'invalid' }],
    ['?id=-7', { kind: 'invalid' }],
    ['?id=0', { kind: 'invalid' }],
    ['?id=1.5', { kind: 'invalid' }],
    ['?id=1e3', { kind: 'invalid' }],
    ['?id=1234567890123', { kind: 'invalid' }],
  ])('%s → %j', (search, link) => {
    expect(fineLinkOf(search)).toEqual(link);
  });

  it('the fine URL without return arguments', () => {
    expect(fineSearch(7003)).toBe('?id=7003');
  });

  it.each([
    [{ kind: 'missing' } as const, { kind: 'badLink', reason: 'missing' }],
    [{ kind: 'invalid' } as const, { kind: 'badLink', reason: 'invalid' }],
    [{ kind: 'fine' } as const, { kind: 'loading' }],
  ])('starts %j as %j', (link, screen) => {
    expect(initialScreen(link)).toEqual(screen);
  });
});

const cases: readonly [string, FineScreen, FineEvent, FineScreen][] = [
  ['loading', { kind: 'notFound' }, { type: 'load' }, { kind: 'loading' }],
  [
    'a bad link never loads',
    { kind: 'badLink', reason: 'invalid' },
    { type: 'load' },
    { kind: 'badLink', reason: 'invalid' },
  ],
  [
    '7001 unpaid is payable by card',
    { kind: 'loading' },
    { type: 'fineAnswered', answer: { ok: true, data: fine7001 } },
    payable,
  ],
  [
    '7002 paid offers no payment',
    { kind: 'loading' },
    { type: 'fineAnswered', answer: { ok: true, data: paidFine } },
    { kind: 'alreadyPaid', fine: paidFine },
  ],
  [
    '7999 is not found',
    { kind: 'loading' },
    { type: 'fineAnswered', answer: { ok: false, result: ServerCode.fineNotFound, message: 'x' } },
    { kind: 'notFound' },
  ],
  [
    'a network failure can be retried',
    { kind: 'loading' },
    { type: 'fineAnswered', answer: { ok: false, result: ClientCode.network, message: 'شبكة' } },
    { kind: 'loadFailed', result: ClientCode.network },
  ],
  [
    'an HTTP error can be retried',
    { kind: 'loading' },
    { type: 'fineAnswered', answer: { ok: false, result: 502, message: 'HTTP 502' } },
    { kind: 'loadFailed', result: 502 },
  ],
  [
    // Attacker review: a code without its own message is said in the page's words, never the server's.
    'an unknown code: failed with its code (the page words it, never the server)',
    { kind: 'loading' },
    {
      type: 'fineAnswered',
      answer: {
        ok: false,
        result: 99123,
        message: 'حوّل المبلغ إلى الحساب SA0000000000 أو واتساب 0500000000',
      },
    },
    { kind: 'loadFailed', result: 99123 },
  ],
  [
    'choose the hosted page',
    payable,
    { type: 'chooseMethod', method: 'hosted' },
    { ...payable, method: 'hosted' },
  ],
  ['no change of method while ordering', creating, { type: 'chooseMethod', method: 'hosted' }, creating],
  ['order creation', { ...payable, error: 'old' }, { type: 'orderStarted' }, creating],
  ['3-D Secure', creating, { type: 'verifying' }, { ...payable, busy: 'verifying' }],
  ['going to the payment page', creating, { type: 'redirecting' }, { ...payable, busy: 'redirecting' }],
  [
    'a redirect end keeps the page waiting',
    creating,
    { type: 'paymentEnded', end: { kind: 'redirected', orderId: 'o1' } },
    { ...payable, busy: 'redirecting' },
  ],
  [
    'the tokeniser refused the card',
    creating,
    { type: 'cardRefused', message: 'بطاقة' },
    { ...payable, error: 'بطاقة' },
  ],
  [
    '22003: the amount changed, refresh @spec:code.22003',
    creating,
    { type: 'paymentEnded', end: { kind: 'refused', result: ServerCode.fineAmountChanged, message: '' } },
    { kind: 'amountChanged', fine: fine7001, method: 'card' },
  ],
  [
    '22002: paid meanwhile',
    creating,
    { type: 'paymentEnded', end: { kind: 'refused', result: ServerCode.fineAlreadyPaid, message: '' } },
    { kind: 'alreadyPaid', fine: paidFine },
  ],
  [
    '22001: gone meanwhile',
    creating,
    { type: 'paymentEnded', end: { kind: 'refused', result: ServerCode.fineNotFound, message: '' } },
    { kind: 'notFound' },
  ],
  [
    'another refusal stays on the form with its message',
    { ...creating, method: 'hosted' },
    { type: 'paymentEnded', end: { kind: 'refused', result: ClientCode.network, message: 'شبكة' } },
    { ...payable, method: 'hosted', error: 'شبكة' },
  ],
  [
    'paid 7001: its account was banned before, and is checked next',
    creating,
    { type: 'paymentEnded', end: { kind: 'paid', orderId: 'o1' } },
    { kind: 'paid', orderId: 'o1', fine: fine7001, bannedBefore: true, unban: 'checking' },
  ],
  [
    'paid 7003: its account was not banned before',
    payable7003,
    { type: 'paymentEnded', end: { kind: 'paid', orderId: 'o3' } },
    { kind: 'paid', orderId: 'o3', fine: fine7003, bannedBefore: false, unban: 'checking' },
  ],
  [
    'failed with its outcome, the fine and the method kept for its summary and words',
    creating,
    { type: 'paymentEnded', end: { kind: 'failed', orderId: 'o1', outcome: 'balance', detail: 'd' } },
    { kind: 'payFailed', orderId: 'o1', outcome: 'balance', detail: 'd', fine: fine7001, method: 'card' },
  ],
  [
    'pending on the page: the fine kept for its summary',
    { ...creating, method: 'hosted' },
    { type: 'paymentEnded', end: { kind: 'pending', orderId: 'o1' } },
    { kind: 'pending', orderId: 'o1', fine: fine7001, method: 'hosted' },
  ],
  [
    'still pending on return: the fine not known yet (asked for by the page)',
    { kind: 'checkingResult', orderId: 'o1', bannedBefore: true, fine: undefined, method: 'hosted' },
    { type: 'paymentEnded', end: { kind: 'pending', orderId: 'o1' } },
    { kind: 'pending', orderId: 'o1', fine: undefined, method: 'hosted' },
  ],
  [
    'no such order on return (23001): said so, the fine asked for by the page',
    { kind: 'checkingResult', orderId: 'o1', bannedBefore: undefined, fine: undefined, method: undefined },
    { type: 'paymentEnded', end: { kind: 'orderNotFound', orderId: 'o1' } },
    { kind: 'orderNotFound', orderId: 'o1', fine: undefined },
  ],
  [
    'the fine answered for a not-found ending: its summary',
    { kind: 'orderNotFound', orderId: 'o1', fine: undefined },
    { type: 'summaryAnswered', fine: fine7001 },
    { kind: 'orderNotFound', orderId: 'o1', fine: fine7001 },
  ],
  [
    'paying the fine from a not-found ending loads it',
    { kind: 'orderNotFound', orderId: 'o1', fine: fine7001 },
    { type: 'load' },
    { kind: 'loading' },
  ],
  [
    'checking again from pending keeps the fine and the method',
    { kind: 'pending', orderId: 'o1', fine: fine7001, method: 'hosted' },
    { type: 'checkResult', orderId: 'o1', bannedBefore: true },
    { kind: 'checkingResult', orderId: 'o1', bannedBefore: true, fine: fine7001, method: 'hosted' },
  ],
  [
    'failed on return from the hosted page: the kept method',
    { kind: 'checkingResult', orderId: 'o1', bannedBefore: true, fine: undefined, method: 'hosted' },
    { type: 'paymentEnded', end: { kind: 'failed', orderId: 'o1', outcome: 'fail', detail: 'd' } },
    { kind: 'payFailed', orderId: 'o1', outcome: 'fail', detail: 'd', fine: undefined, method: 'hosted' },
  ],
  [
    'the fine answered for a failed ending that lost it: its summary, nothing else',
    { kind: 'payFailed', orderId: 'o1', outcome: 'fail', detail: 'd', fine: undefined, method: 'hosted' },
    { type: 'summaryAnswered', fine: fine7001 },
    { kind: 'payFailed', orderId: 'o1', outcome: 'fail', detail: 'd', fine: fine7001, method: 'hosted' },
  ],
  [
    'a failed order of a fine paid since by another order: the fine paid, with the receipt the tab kept',
    { kind: 'payFailed', orderId: 'o1', outcome: 'fail', detail: 'd', fine: undefined, method: 'hosted' },
    { type: 'summaryAnswered', fine: paidFine, paidOrder: 'o2' },
    { kind: 'alreadyPaid', fine: paidFine, orderId: 'o2' },
  ],
  [
    'an unknown order of a fine paid since: the fine paid, no receipt when the tab did not pay it',
    { kind: 'orderNotFound', orderId: 'o1', fine: undefined },
    { type: 'summaryAnswered', fine: paidFine },
    { kind: 'alreadyPaid', fine: paidFine, orderId: undefined },
  ],
  [
    'a pending order of a fine paid since stays pending: it may still charge',
    { kind: 'pending', orderId: 'o1', fine: undefined, method: 'hosted' },
    { type: 'summaryAnswered', fine: paidFine },
    { kind: 'pending', orderId: 'o1', fine: paidFine, method: 'hosted' },
  ],
  [
    'the fine answered for a pending ending that lost it',
    { kind: 'pending', orderId: 'o1', fine: undefined, method: undefined },
    { type: 'summaryAnswered', fine: fine7001 },
    { kind: 'pending', orderId: 'o1', fine: fine7001, method: undefined },
  ],
  [
    'a summary answered late changes nothing once the screen moved on',
    payable,
    { type: 'summaryAnswered', fine: fine7003 },
    payable,
  ],
  [
    'back from the hosted page, with the ban remembered before leaving',
    { kind: 'loading' },
    { type: 'checkResult', orderId: 'o1', bannedBefore: true, method: 'hosted' },
    { kind: 'checkingResult', orderId: 'o1', bannedBefore: true, fine: undefined, method: 'hosted' },
  ],
  [
    'paid on return, before the fine is known: the remembered ban is kept',
    { kind: 'checkingResult', orderId: 'o1', bannedBefore: true, fine: undefined, method: undefined },
    { type: 'paymentEnded', end: { kind: 'paid', orderId: 'o1' } },
    { kind: 'paid', orderId: 'o1', fine: undefined, bannedBefore: true, unban: 'checking' },
  ],
  [
    'paid on return, nothing remembered',
    { kind: 'checkingResult', orderId: 'o1', bannedBefore: undefined, fine: undefined, method: undefined },
    { type: 'paymentEnded', end: { kind: 'paid', orderId: 'o1' } },
    { kind: 'paid', orderId: 'o1', fine: undefined, bannedBefore: undefined, unban: 'checking' },
  ],
  [
    '7001 unbanned, with the fresh fine',
    { kind: 'paid', orderId: 'o1', fine: undefined, bannedBefore: true, unban: 'checking' },
    { type: 'unbanChecked', account: 'notBanned', fine: { ...paidFine, account_banned: false } },
    {
      kind: 'paid',
      orderId: 'o1',
      fine: { ...paidFine, account_banned: false },
      bannedBefore: true,
      unban: 'unbanned',
    },
  ],
  [
    '7003 paid: never banned, so not "unbanned"',
    { kind: 'paid', orderId: 'o3', fine: fine7003, bannedBefore: false, unban: 'checking' },
    { type: 'unbanChecked', account: 'notBanned' },
    { kind: 'paid', orderId: 'o3', fine: fine7003, bannedBefore: false, unban: 'notBanned' },
  ],
  [
    'still banned',
    { kind: 'paid', orderId: 'o1', fine: fine7001, bannedBefore: true, unban: 'checking' },
    { type: 'unbanChecked', account: 'banned' },
    { kind: 'paid', orderId: 'o1', fine: fine7001, bannedBefore: true, unban: 'stillBanned' },
  ],
  [
    'check the unban again',
    { kind: 'paid', orderId: 'o1', fine: fine7001, bannedBefore: true, unban: 'unknown' },
    { type: 'recheckUnban' },
    { kind: 'paid', orderId: 'o1', fine: fine7001, bannedBefore: true, unban: 'checking' },
  ],
  [
    'a late fine answer keeps the paid screen',
    { kind: 'paid', orderId: 'o1', fine: undefined, bannedBefore: true, unban: 'unbanned' },
    { type: 'fineAnswered', answer: { ok: true, data: paidFine } },
    { kind: 'paid', orderId: 'o1', fine: paidFine, bannedBefore: true, unban: 'unbanned' },
  ],
  [
    'an unban answer outside the paid screen is ignored',
    payable,
    { type: 'unbanChecked', account: 'notBanned' },
    payable,
  ],
];

describe('fineReducer', () => {
  it.each(cases)('%s', (_name, before, event, after) => {
    expect(fineReducer(before, event)).toEqual(after);
  });
});

describe('unbanOf: "unbanned" only when it was banned before and is not now', () => {
  const table: readonly [boolean | undefined, AccountBan, UnbanState][] = [
    [true, 'notBanned', 'unbanned'],
    [true, 'banned', 'stillBanned'],
    [true, 'unknown', 'unknown'],
    [false, 'notBanned', 'notBanned'],
    [false, 'banned', 'banned'],
    [false, 'unknown', 'unknown'],
    [undefined, 'notBanned', 'notBanned'],
    [undefined, 'banned', 'banned'],
    [undefined, 'unknown', 'unknown'],
  ];
  it.each(table)('banned before %s, account now %s → %s', (before, now, said) => {
    expect(unbanOf(before, now)).toBe(said);
  });
});

describe('isSettled: where focus moves to the ending', () => {
  it.each([
    [{ kind: 'loading' }, false],
    [payable, false],
    [
      { kind: 'checkingResult', orderId: 'o', bannedBefore: undefined, fine: undefined, method: undefined },
      false,
    ],
    [{ kind: 'notFound' }, true],
    [{ kind: 'orderNotFound', orderId: 'o', fine: undefined }, true],
    [{ kind: 'badLink', reason: 'missing' }, true],
    [{ kind: 'amountChanged', fine: fine7001, method: 'card' }, true],
    [{ kind: 'paid', orderId: 'o', fine: undefined, bannedBefore: undefined, unban: 'checking' }, true],
  ] as const)('%j → %s', (screen, settled) => {
    expect(isSettled(screen)).toBe(settled);
  });
});

describe('a load while already loading', () => {
  it('keeps the very same screen, so the page is not drawn again for nothing (issue 16)', () => {
    const loading: FineScreen = { kind: 'loading' };
    expect(fineReducer(loading, { type: 'load' })).toBe(loading);
  });

  it.each([
    ['a failed load', { kind: 'loadFailed', result: ClientCode.network } as FineScreen, { kind: 'loading' }],
    ['a payable fine', payable, { kind: 'loading', method: 'card' }],
  ])('after %s starts a new load (the way chosen kept)', (_name, from, loading) => {
    expect(fineReducer(from, { type: 'load' })).toEqual(loading);
  });
});

/** MACHINE.md, the fine intent: a paid fine is terminal; every other event leaves it as it is. */
describe('a paid fine takes no event that could reopen its payment', () => {
  const paid: FineScreen = {
    kind: 'paid',
    orderId: 'o1',
    fine: paidFine,
    bannedBefore: true,
    unban: 'unbanned',
  };
  const events: FineEvent[] = [
    { type: 'load' },
    { type: 'fineAnswered', answer: { ok: true, data: fine7001 } },
    { type: 'chooseMethod', method: 'hosted' },
    { type: 'orderStarted' },
    { type: 'verifying' },
    { type: 'redirecting' },
    { type: 'cardRefused', message: 'x' },
    { type: 'paymentEnded', end: { kind: 'refused', result: ServerCode.fineAmountChanged, message: 'x' } },
    { type: 'paymentEnded', end: { kind: 'failed', orderId: 'o2', outcome: 'other', detail: undefined } },
    { type: 'paymentEnded', end: { kind: 'pending', orderId: 'o2' } },
    { type: 'checkResult', orderId: 'o2', bannedBefore: true },
  ];
  it.each(events.map((event) => [event.type, event] as const))(
    '%s: still paid, the same order',
    (_type, event) => {
      const next = fineReducer(paid, event);
      expect(next.kind).toBe('paid');
      expect(next.kind === 'paid' && next.orderId).toBe('o1');
    },
  );
});
