import { describe, expect, it } from 'vitest';
import { nestFixtures } from '../scenario/fixtures';
import type { JudgedAnswer } from './conformance';
import type { StepAnswers } from './prepare';
import {
  CARD_FIELDS,
  cardPayType,
  describeSaid,
  judgeFresh,
  judgeLate,
  judgeLookup,
  judgeRetry,
  judgeReused,
  madeUpCard,
  otherParameter,
  type Said,
  saidOf,
  sentSummary,
} from './requestIds';

const order = (orderId: string): Said => ({ kind: 'order', orderId });
const refused = (result: number): Said => ({ kind: 'refused', result });
const broken: Said = { kind: 'broken', why: 'no answer within 5000 ms' };
const FIRST = 'PO-first';

describe('the X-CLI-RID rules judge what each answer said', () => {
  const rows: readonly [string, (said: Said) => string | undefined, Said, string | undefined][] = [
    // 1: the retry answers the id's order
    ['retry: the same order', (s) => judgeRetry(FIRST, s), order(FIRST), undefined],
    [
      'retry: a second order',
      (s) => judgeRetry(FIRST, s),
      order('PO-other'),
      "a second order, not the id's order PO-first",
    ],
    ['retry: refused as reused', (s) => judgeRetry(FIRST, s), refused(10009), "not the id's order PO-first"],
    ['retry: no answer', (s) => judgeRetry(FIRST, s), broken, "not the id's order PO-first"],
    // 2: another parameter under a used id is 10009
    ['reused: 10009', (s) => judgeReused(FIRST, s), refused(10009), undefined],
    ['reused: a fresh order', (s) => judgeReused(FIRST, s), order('PO-other'), 'a new order for a used id'],
    [
      'reused: the id’s order',
      (s) => judgeReused(FIRST, s),
      order(FIRST),
      "the id's order PO-first, for another request",
    ],
    ['reused: another refusal', (s) => judgeReused(FIRST, s), refused(10001), 'not 10009 (requestIdReused)'],
    ['reused: no answer', (s) => judgeReused(FIRST, s), broken, 'not 10009 (requestIdReused)'],
    // 2b: the same request under a fresh id is another order, with an id of its own
    ['fresh: another order', (s) => judgeFresh(FIRST, s), order('PO-other'), undefined],
    [
      'fresh: the first order id again',
      (s) => judgeFresh(FIRST, s),
      order(FIRST),
      "the order id this run's createCoinPay already answered earlier in this run (order PO-first, under another X-CLI-RID)",
    ],
    [
      'fresh: refused (judged where the order is needed)',
      (s) => judgeFresh(FIRST, s),
      refused(25001),
      undefined,
    ],
    // 3: the cardless lookup under a fresh id is refused, with any code (the scope names none)
    ['lookup: the mock’s 10001', judgeLookup, refused(10001), undefined],
    ['lookup: another backend’s own code', judgeLookup, refused(23005), undefined],
    ['lookup: an order', judgeLookup, order('PO-made'), 'an order made by a lookup'],
    [
      'lookup: the server’s internal error',
      judgeLookup,
      refused(10005),
      'a code that says the call was not served, not a refusal',
    ],
    ['lookup: no answer', judgeLookup, broken, 'no refusal'],
    // 3: the late request with its card under the spent id is 10009
    ['late: 10009', judgeLate, refused(10009), undefined],
    ['late: an order', judgeLate, order('PO-late'), 'an order made under a spent id'],
    ['late: the made-up card refused', judgeLate, refused(10001), 'not 10009 (requestIdReused)'],
    ['late: no answer', judgeLate, broken, 'not 10009 (requestIdReused)'],
  ];
  it.each(rows)('%s', (_name, judge, said, wrong) => {
    expect(judge(said)).toBe(wrong);
  });
});

describe('what an answer said', () => {
  const judged = (over: Partial<JudgedAnswer>): JudgedAnswer => ({
    status: 200,
    ms: 1,
    data: undefined,
    problems: [],
    ...over,
  });
  const envelope = (result: number, data: unknown = null) => ({ result, message: '', data });
  it.each([
    ['an order', judged({ envelope: envelope(0), data: { order_id: 'PO1' } }), order('PO1')],
    ['a refusal', judged({ envelope: envelope(10009) }), refused(10009)],
    [
      '0 without an order id',
      judged({ envelope: envelope(0), data: {} }),
      { kind: 'broken', why: '0 with no order_id' },
    ],
    [
      'no envelope',
      judged({ problems: [{ kind: 'network', message: 'connection refused' }] }),
      { kind: 'broken', why: 'connection refused' },
    ],
  ] as const)('%s', (_name, answer, said) => {
    expect(saidOf(answer)).toEqual(said);
  });

  it('never says a card number or CVV a backend put in its answer', () => {
    const said = describeSaid({ kind: 'broken', why: 'declined 4242 4242 4242 4242 with cvv 123' });
    expect(said).toBe('no order answer (declined ••••4242 with cvv •••)');
    expect(describeSaid(refused(10009))).toBe('10009 (requestIdReused)');
  });
});

describe('what the rules send', () => {
  const params = { recharge_id: 'rc_999', uid: 1001, pay_type: 26, source: 1, ext: { h5_deviceid: 'd' } };

  it('drops exactly the fields the web app’s cardless lookup drops', () => {
    expect([...CARD_FIELDS].sort()).toEqual(
      [
        'bin',
        'card_valid_date',
        'cvv_token',
        'is_remember',
        'last4',
        'name',
        'platform_data',
        'scheme',
        'token',
      ].sort(),
    );
    expect(CARD_FIELDS).not.toContain('source_id');
    expect(CARD_FIELDS).not.toContain('session_key');
  });

  it.each([
    ['another account’s uid', { 'account.omar': { uid: 1002 } }, { field: 'uid', value: 1002 }],
    [
      'the next account when the first is the one ordered for',
      { 'account.omar': { uid: 1001 }, 'account.fined': { uid: 1009 } },
      { field: 'uid', value: 1009 },
    ],
    ['another kind without another account', {}, { field: 'kind', value: 'retry' }],
  ])('changes %s', (_name, flat, change) => {
    expect(otherParameter(params, nestFixtures(flat))).toEqual(change);
  });

  const listing = (types: number[]): StepAnswers => ({
    getRechargeListV3: { result: 0, data: { list: [{ recharge_id: 'rc_999', pay_sub_types: types }] } },
  });
  it.each([
    ['23 when the run did not read the list', {}, 23],
    ['23 when listed', listing([26, 27, 23]), 23],
    ['27 when 23 is not', listing([26, 27]), 27],
    ['none without a card pay type', listing([26, 2528]), undefined],
  ] as const)('orders its card with %s', (_name, steps, payType) => {
    expect(cardPayType('rc_999', steps)).toBe(payType);
  });

  it('names card fields, never their values', () => {
    const full = { ...params, pay_type: 23, ...madeUpCard(23) };
    expect(sentSummary(full)).toBe('recharge_id rc_999, uid 1001, pay_type 23, card fields token (made up)');
    expect(sentSummary(params)).toBe('recharge_id rc_999, uid 1001, pay_type 26, no card field');
    expect(Object.keys(madeUpCard(27))).toEqual(['platform_data']);
  });
});
