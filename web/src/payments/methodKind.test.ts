// @vitest-environment node
import { Message, OUTCOMES, type Outcome, PAY_TYPES, type PayType } from '@topup/contracts';
import { describe, expect, it } from 'vitest';
import { type PayKey, payAr } from '../i18n/pay';
import { type MethodKind, methodKindOf, panelOfFailure, resultView } from './methodKind';
import {
  cancelledPanel,
  challengeCancelledPanel,
  processingPanel,
  type ResultAction,
  type ResultPanel,
  refusedPagePanel,
  resultPanelOf,
  timeoutPanel,
} from './outcome';

const KINDS = ['newCard', 'savedCard', 'hostedCard', 'walletSheet', 'hostedMethod'] as const;

describe('the method kind of each payment', () => {
  it.each([
    [23, undefined, 'newCard'], // provider 13's card fields
    [27, 'newCard', 'newCard'], // provider 17's card fields
    [23, 'savedCard', 'savedCard'],
    [27, 'savedCard', 'savedCard'],
    [24, 'channel', 'hostedCard'], // mada: a card on its provider's page
    [24, undefined, 'hostedCard'], // … back from it
    [26, undefined, 'walletSheet'], // Apple Pay's sheet
    [2528, undefined, 'walletSheet'],
    [25, 'channel', 'hostedMethod'], // STC Pay on its provider's page
    [31, undefined, 'hostedMethod'],
    [28, undefined, 'hostedMethod'],
    [29, undefined, 'hostedMethod'],
    [30, undefined, 'hostedMethod'],
  ] as const)('%i paid with %s → %s', (payType, paidWith, kind) => {
    expect(methodKindOf(payType, paidWith)).toBe(kind);
  });

  it('covers every pay type; a result with none is the card fields’', () => {
    expect(new Set([23, 27, 24, 26, 2528, 25, 31, 28, 29, 30])).toEqual(new Set<PayType>(PAY_TYPES));
    expect(methodKindOf(undefined)).toBe('newCard');
  });
});

/**
 * A button as `action` (its usual label) or `action:label` (pay.result… or pay.… key's tail after "result").
 * `retry:AnotherCard` is "use another card" that pays again: the card is chosen off the page.
 */
type Button = string;
// [kind, outcome, decline message, tip, message kept, primary, secondary]
type Row = readonly [MethodKind, Outcome, string | undefined, PayKey, boolean, Button, Button];

const PAGE = ['newCard', 'savedCard'] as const;
const OFF_PAGE = ['hostedCard', 'walletSheet'] as const;
const CARDS = [...PAGE, ...OFF_PAGE] as const;
const each = (kinds: readonly MethodKind[], rest: (kind: MethodKind) => Row): Row[] => kinds.map(rest);

const rows: readonly Row[] = [
  // Every kind alike.
  ...each(KINDS, (k) => [k, 'success', undefined, 'pay.resultSuccessTip', false, 'close:done', 'again']),
  ...each(KINDS, (k) => [k, 'fail', undefined, 'pay.resultFailTip', false, 'retry', 'anotherMethod']),
  ...each(KINDS, (k) => [k, 'other', undefined, 'pay.resultOtherTip', false, 'retry', 'anotherMethod']),
  ...each(KINDS, (k) => [
    k,
    'notActive',
    undefined,
    'pay.resultNotActiveTip',
    false,
    'anotherMethod',
    'close',
  ]),
  ...each(KINDS, (k) => [
    k,
    'not_support_apple_pay',
    undefined,
    'pay.resultNotSupportTip',
    false,
    'anotherMethod',
    'close',
  ]),
  // balance: another card where a card is chosen; a method's balance otherwise.
  ...each(PAGE, (k) => [k, 'balance', undefined, 'pay.resultBalanceTip', false, 'anotherCard', 'close']),
  ...each(OFF_PAGE, (k) => [
    k,
    'balance',
    undefined,
    'pay.resultBalanceTip',
    false,
    'retry:AnotherCard',
    'close',
  ]),
  ['hostedMethod', 'balance', undefined, 'pay.resultMethodBalanceTip', false, 'anotherMethod', 'close'],
  // expire: an expiry is updated in the page only; off the page the card is replaced there.
  ...each(PAGE, (k) => [k, 'expire', undefined, 'pay.resultExpireTip', false, 'updateAndPay', 'anotherCard']),
  ...each(OFF_PAGE, (k) => [
    k,
    'expire',
    undefined,
    'pay.resultCardExpiredTip',
    false,
    'retry:AnotherCard',
    'anotherMethod',
  ]),
  ['hostedMethod', 'expire', undefined, 'pay.resultMethodDeclinedTip', false, 'retry', 'anotherMethod'],
  // verify: the bank's check; another card only as the page's own step (paying again is the retry).
  ...each(PAGE, (k) => [k, 'verify', undefined, 'pay.resultVerifyTip', false, 'retry', 'anotherCard']),
  ...each([...OFF_PAGE, 'hostedMethod'], (k) => [
    k,
    'verify',
    undefined,
    'pay.resultVerifyTip',
    false,
    'retry',
    'anotherMethod',
  ]),
  // highRisk: a card refused for risk says so; SPEC §8's unstable wallet link is a wallet's.
  ...each(PAGE, (k) => [
    k,
    'highRisk',
    undefined,
    'pay.resultCardRiskTip',
    false,
    'anotherCard',
    'anotherMethod',
  ]),
  ['hostedCard', 'highRisk', undefined, 'pay.resultCardRiskTip', false, 'retry:AnotherCard', 'anotherMethod'],
  ...each(['walletSheet', 'hostedMethod'], (k) => [
    k,
    'highRisk',
    undefined,
    'pay.resultHighRiskTip',
    false,
    'refresh',
    'anotherMethod',
  ]),
  // A decline's own message (SPEC §8) under "nothing was charged", for a card; "try another card" does not offer
  // the same card again first.
  ...each(PAGE, (k) => [
    k,
    'other',
    Message.tryAnotherCard,
    'pay.resultDeclinedTip',
    true,
    'anotherCard',
    'anotherMethod',
  ]),
  ...each(PAGE, (k) => [
    k,
    'fail',
    Message.declineDefault,
    'pay.resultDeclinedTip',
    true,
    'retry',
    'anotherMethod',
  ]),
  // … off the page, its "another card" is paying again there (mada's declined card page).
  ...each(OFF_PAGE, (k) => [
    k,
    'fail',
    Message.declineDefault,
    'pay.resultDeclinedTip',
    true,
    'retry:AnotherCard',
    'anotherMethod',
  ]),
  ...each(OFF_PAGE, (k) => [
    k,
    'other',
    Message.tryAnotherCard,
    'pay.resultDeclinedTip',
    true,
    'retry:AnotherCard',
    'anotherMethod',
  ]),
  ...each(CARDS, (k) => [
    k,
    'fail',
    Message.paymentFailed,
    'pay.resultDeclinedTip',
    true,
    'retry',
    'anotherMethod',
  ]),
  // A decline's message is kept only for a generic failure: another outcome's tip says it.
  ...each(PAGE, (k) => [
    k,
    'verify',
    Message.declineDefault,
    'pay.resultVerifyTip',
    false,
    'retry',
    'anotherCard',
  ]),
  ...each(OFF_PAGE, (k) => [
    k,
    'verify',
    Message.declineDefault,
    'pay.resultVerifyTip',
    false,
    'retry',
    'anotherMethod',
  ]),
  // No card: a card's advice is never shown; a reason that is not a card's is kept.
  [
    'hostedMethod',
    'fail',
    Message.declineDefault,
    'pay.resultMethodDeclinedTip',
    false,
    'retry',
    'anotherMethod',
  ],
  [
    'hostedMethod',
    'other',
    Message.tryAnotherCard,
    'pay.resultMethodDeclinedTip',
    false,
    'retry',
    'anotherMethod',
  ],
  [
    'hostedMethod',
    'other',
    Message.insufficientBalance,
    'pay.resultMethodDeclinedTip',
    false,
    'retry',
    'anotherMethod',
  ],
  [
    'hostedMethod',
    'other',
    Message.cardExpired,
    'pay.resultMethodDeclinedTip',
    false,
    'retry',
    'anotherMethod',
  ],
  [
    'hostedMethod',
    'other',
    Message.savedCardLocked,
    'pay.resultMethodDeclinedTip',
    false,
    'retry',
    'anotherMethod',
  ],
  [
    'hostedMethod',
    'fail',
    Message.tooManyPaymentAttempts,
    'pay.resultDeclinedTip',
    true,
    'retry',
    'anotherMethod',
  ],
  ['hostedMethod', 'other', Message.paymentFailed, 'pay.resultDeclinedTip', true, 'retry', 'anotherMethod'],
  ['hostedMethod', 'other', '', 'pay.resultOtherTip', false, 'retry', 'anotherMethod'],
];

const LABELS: Readonly<Record<ResultAction, PayKey>> = {
  again: 'pay.resultAgain',
  retry: 'pay.resultRetry',
  anotherCard: 'pay.resultAnotherCard',
  anotherMethod: 'pay.resultAnotherMethod',
  updateAndPay: 'pay.resultUpdateAndPay',
  refresh: 'pay.resultRefresh',
  checkAgain: 'pay.resultCheckAgain',
  giveUp: 'pay.resultGiveUp',
  close: 'pay.close',
};
const button = (written: Button) => {
  const [action, label] = written.split(':') as [ResultAction, string | undefined];
  if (label === undefined) return { action, label: LABELS[action] };
  return { action, label: label === 'done' ? 'pay.done' : `pay.result${label}` };
};

describe('resultView: each kind × outcome (× decline message) → its tip, message and buttons', () => {
  it('has a row for every kind and outcome', () => {
    const covered = new Set(
      rows.filter((r) => r[2] === undefined).map(([kind, outcome]) => `${kind} ${outcome}`),
    );
    expect(covered.size).toBe(KINDS.length * OUTCOMES.length);
  });

  const cases = rows.map(([kind, outcome, message, tip, kept, primary, secondary]) => ({
    kind,
    outcome,
    message,
    tip,
    kept,
    primary,
    secondary,
  }));
  // The title is built here rather than by it.each's `$name`, which quotes strings: the coverage matrix
  // reads the row id from `@spec:outcome.<outcome>` (cli/src/coverage).
  it.each(
    cases.map((c) => [
      `@spec:outcome.${c.outcome} paid by ${c.kind}, message ${String(c.message)}: ${c.tip}, ${c.primary} / ${c.secondary}`,
      c,
    ]),
  )('%s', (_title, { kind, outcome, message, tip, kept, primary, secondary }) => {
    const view = resultView(resultPanelOf(outcome), message, kind);
    expect(view.tip).toBe(tip);
    expect(view.detail).toBe(kept ? message : undefined);
    expect(view.panel.primary).toEqual(button(primary));
    expect(view.panel.secondary).toEqual(button(secondary));
    expect(view.offerRemember).toBe(outcome === 'success' && kind === 'newCard');
    expect(payAr[view.tip]).toMatch(/[\u0600-\u06ff]/);
    // A failure never reads as a success (a tip swapped for the success words would pass the key checks).
    if (outcome !== 'success') expect(payAr[view.tip]).not.toMatch(/تم الدفع بنجاح|سيصل الماس/);
  });
});

describe('what every view holds to, for every kind, outcome and decline message', () => {
  // An outcome's panel with any decline message; a panel of its own with the message it is shown with.
  const shown: readonly (readonly [ResultPanel, string | undefined])[] = [
    ...OUTCOMES.flatMap((o) =>
      [undefined, ...Object.values(Message)].map((message) => [resultPanelOf(o), message] as const),
    ),
    [cancelledPanel, undefined],
    [processingPanel, undefined],
    [timeoutPanel, undefined],
    [refusedPagePanel, payAr['pay.paymentPageRefused']],
    [challengeCancelledPanel(true), undefined],
    [challengeCancelledPanel(false), undefined],
  ];
  const views = KINDS.flatMap((kind) =>
    shown.map(([panel, message]) => ({ kind, view: resultView(panel, message, kind) })),
  );
  const words = (view: (typeof views)[number]['view']) => `${payAr[view.tip]} ${view.detail ?? ''}`;
  const labels = (view: (typeof views)[number]['view']) => [
    view.panel.primary.label,
    view.panel.secondary.label,
  ];

  it('words that advise another card come with a button for it (mada’s card page: issue 30)', () => {
    for (const { kind, view } of views)
      if (kind !== 'newCard' && kind !== 'savedCard' && /جرّب بطاقة أخرى|استخدم بطاقة أخرى/.test(words(view)))
        expect(labels(view), `${kind} ${words(view)}`).toContain('pay.resultAnotherCard');
  });

  it('a method that is no card is never told of a card, nor offered one, nor an expiry update', () => {
    for (const { kind, view } of views) {
      if (kind !== 'hostedMethod') continue;
      expect(words(view)).not.toMatch(/بطاقة أخرى|رصيد البطاقة|صلاحية البطاقة/);
      expect(labels(view)).not.toContain('pay.resultAnotherCard');
      expect(labels(view)).not.toContain('pay.resultUpdateAndPay');
    }
  });

  it('off the page there is no expiry to update, and "another card" pays again there', () => {
    for (const { kind, view } of views) {
      if (kind !== 'hostedCard' && kind !== 'walletSheet') continue;
      const buttons = [view.panel.primary, view.panel.secondary];
      expect(buttons.map((b) => b.action)).not.toContain('anotherCard');
      expect(buttons.map((b) => b.action)).not.toContain('updateAndPay');
    }
  });

  it('no two buttons do the same', () => {
    for (const { view } of views) expect(view.panel.primary.action).not.toBe(view.panel.secondary.action);
  });

  it('a panel of its own (cancel, processing, time-out, refused page) keeps its tip for every kind', () => {
    for (const kind of KINDS)
      for (const panel of [cancelledPanel, processingPanel, timeoutPanel, refusedPagePanel])
        expect(resultView(panel, undefined, kind).tip).toBe(panel.tip);
  });
});

describe('panelOfFailure: a verify refusal by kind and 3-D Secure', () => {
  it.each([
    ['newCard', false, 'pay.resultWrongCvvTip'],
    ['savedCard', false, 'pay.resultWrongCvvTip'],
    ['newCard', true, 'pay.resultVerifyTip'],
    ['savedCard', true, 'pay.resultVerifyTip'],
    // A card order found again after a reload: the page did not see whether a challenge ran.
    ['newCard', undefined, 'pay.resultVerifyTip'],
    ['hostedCard', false, 'pay.resultVerifyTip'],
    ['walletSheet', false, 'pay.resultVerifyTip'],
  ] as const)('%s, challenged %s: %s', (kind, challenged, tip) => {
    const { panel } = panelOfFailure({ refusalReasonCode: '24' }, { kind, challenged });
    expect(panel.outcome).toBe('verify');
    expect(resultView(panel, undefined, kind).tip).toBe(tip);
  });

  it('a cancel and a provider time-out have panels of their own, with no decline message', () => {
    const context = { kind: 'newCard', challenged: false } as const;
    expect(panelOfFailure({ failDetail: 'userCancel' }, context)).toEqual({
      panel: cancelledPanel,
      detail: undefined,
    });
    expect(panelOfFailure({ failDetail: 'time_out' }, context)).toEqual({
      panel: timeoutPanel,
      detail: undefined,
    });
  });
});

describe('a card order declined with an err_code of SPEC §8: the result panel the visitor sees', () => {
  // Written out as the page must show them, not read from the catalogue: SPEC §8's message for the code and
  // §4's outcome (20051 → balance, 20054 → expire, the rest → other with the code's own message).
  const tryAnother = 'جرّب بطاقة أخرى أو طريقة دفع أخرى';
  it.each([
    [
      '20051',
      '@spec:decline.20051 @spec:code.20051',
      'balance',
      'رصيد البطاقة غير كافٍ، ولم يُخصم أي مبلغ. جرّب بطاقة أخرى أو باقة أصغر',
      undefined,
      'anotherCard',
    ],
    [
      '20054',
      '@spec:decline.20054 @spec:code.20054',
      'expire',
      'انتهت صلاحية البطاقة، ولم يُخصم أي مبلغ. حدّث تاريخ الانتهاء ثم ادفع',
      undefined,
      'updateAndPay',
    ],
    ...['200P1', '20061', '20065', '200P9', '20121', '30021', '30022'].map(
      (code) =>
        [
          code,
          `@spec:decline.${code}`,
          'other',
          'لم يُخصم أي مبلغ من حسابك',
          tryAnother,
          'anotherCard',
        ] as const,
    ),
  ] as const)('err_code %s %s: %s', (errCode, _tag, outcome, tip, detail, primary) => {
    for (const challenged of [false, true]) {
      const failure = panelOfFailure({ errCode, failDetail: 'default' }, { kind: 'newCard', challenged });
      const view = resultView(failure.panel, failure.detail, 'newCard');
      expect(view.panel.outcome).toBe(outcome);
      expect(payAr[view.tip]).toBe(tip);
      expect(view.detail).toBe(detail);
      expect(view.panel.primary.action).toBe(primary);
      // SPEC's words advise another card or method: the panel offers another method (a new card is one).
      if (detail !== undefined)
        expect([view.panel.primary.action, view.panel.secondary.action]).toContain('anotherMethod');
    }
  });
});
