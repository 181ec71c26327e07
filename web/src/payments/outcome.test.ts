// @vitest-environment node
import { OUTCOMES, testCards, walletTokens } from '@topup/contracts';
import { WALLET_FAILURE_REASONS } from '@topup/contracts/outcomes';
import { describe, expect, it } from 'vitest';
import { payAr } from '../i18n/pay';
import { resultView } from './methodKind';
import {
  cancelledPanel,
  failureMessage,
  isCancel,
  isUncertain,
  outcomeOfPaymentFailure,
  processingPanel,
  refusedOrderPanel,
  resultPanelOf,
  walletDeclineNotice,
  walletFailureNotice,
} from './outcome';

describe('result panel for every outcome', () => {
  it('@spec:outcome.notActive an order refused as "pay type unavailable" (25001) is notActive; other refusals are not', () => {
    expect(refusedOrderPanel(25001)).toEqual(resultPanelOf('notActive'));
    expect(payAr[resultPanelOf('notActive').tip]).toContain('غير متاحة');
    expect(refusedOrderPanel(10001)).toBeUndefined();
    expect(refusedOrderPanel(23003)).toBeUndefined();
  });

  it('a saved card locked (23005) is a panel with another card first and another method, saying nothing was charged', () => {
    const panel = refusedOrderPanel(23005);
    expect(panel?.primary.action).toBe('anotherCard');
    expect(panel?.secondary.action).toBe('anotherMethod');
    expect(panel === undefined ? '' : payAr[panel.tip]).toContain('لم يُخصم أي مبلغ');
  });

  it('highRisk (SPEC §8): the wallet link is unstable, refresh — the tip and the refresh button say so', () => {
    const panel = resultPanelOf('highRisk');
    expect(payAr[panel.tip]).toContain('غير مستقر');
    expect(payAr[panel.tip]).toContain('حدّث الصفحة');
    expect(panel.primary).toEqual({ action: 'refresh', label: 'pay.resultRefresh' });
    expect(payAr[panel.primary.label]).toBe('تحديث الصفحة');
  });

  it('every failure tells that nothing was charged or what to change, never the same sentence twice', () => {
    const tips = OUTCOMES.filter((o) => o !== 'success').map((o) => payAr[resultPanelOf(o).tip]);
    expect(new Set(tips).size).toBe(tips.length);
  });

  it('a cancel on the provider page says nothing was charged and offers paying again', () => {
    expect(isCancel({ failDetail: 'userCancel' })).toBe(true);
    expect(isCancel({ failDetail: 'default' })).toBe(false);
    expect(payAr[cancelledPanel.tip]).toContain('لم يُخصم أي مبلغ');
    expect(cancelledPanel.primary.action).toBe('retry');
  });

  it('covers every outcome of the contracts', () => {
    for (const outcome of OUTCOMES) expect(resultPanelOf(outcome).outcome).toBe(outcome);
  });
});

describe("the result panel says SPEC §8's tip for each outcome", () => {
  // Title and tip as shown, written out here (not read from the catalogue), each with the SPEC §8 words it must carry.
  it.each([
    ['success', 'تم الدفع بنجاح', 'سيصل الماس إلى الحساب خلال دقائق', /خلال دقائق/],
    [
      'balance',
      'لم يكتمل الدفع',
      'رصيد البطاقة غير كافٍ، ولم يُخصم أي مبلغ. جرّب بطاقة أخرى أو باقة أصغر',
      /جرّب بطاقة أخرى أو باقة/,
    ],
    [
      'verify',
      'لم يكتمل الدفع',
      'لم يكتمل التحقق من البنك، ولم يُخصم أي مبلغ. أعد المحاولة',
      /لم يكتمل التحقق.*أعد المحاولة/,
    ],
    [
      'not_support_apple_pay',
      'لم يكتمل الدفع',
      'هذا المتصفح لا يدعم Apple Pay. افتح الصفحة في Safari أو اختر طريقة دفع أخرى',
      /Safari/,
    ],
    [
      'expire',
      'لم يكتمل الدفع',
      'انتهت صلاحية البطاقة، ولم يُخصم أي مبلغ. حدّث تاريخ الانتهاء ثم ادفع',
      /حدّث تاريخ الانتهاء ثم ادفع/,
    ],
    [
      'highRisk',
      'لم يكتمل الدفع',
      'الاتصال بمحفظة الدفع غير مستقر، ولم يُخصم أي مبلغ. حدّث الصفحة ثم أعد المحاولة',
      /غير مستقر.*حدّث الصفحة/,
    ],
    [
      'other',
      'لم يكتمل الدفع',
      'لم يكتمل التحقق من الدفع، ولم يُخصم أي مبلغ. أعد المحاولة أو اختر طريقة دفع أخرى',
      /لم يكتمل التحقق/,
    ],
    ['notActive', 'لم يكتمل الدفع', 'طريقة الدفع هذه غير متاحة حاليًا. اختر طريقة دفع أخرى', /غير متاحة/],
    ['fail', 'لم يكتمل الدفع', 'لم يُخصم أي مبلغ. أعد المحاولة', /أعد المحاولة/],
  ] as const)('@spec:outcome.%s: «%s», «%s»', (outcome, title, tip, spec) => {
    const panel = resultPanelOf(outcome);
    expect(payAr[panel.title]).toBe(title);
    expect(payAr[panel.tip]).toBe(tip);
    expect(payAr[panel.tip]).toMatch(spec);
  });
});

describe('every declined TESTDATA card maps to its outcome', () => {
  const declined = testCards.flatMap((card) =>
    card.behaviour.kind === 'declined' ? [[card.number, card.behaviour.decline] as const] : [],
  );
  it.each(declined)('%s', (_, decline) => {
    const failure = {
      errCode: decline.err_code,
      failDetail: decline.fail_detail ?? '',
      refusalReasonCode: decline.refusal_code === null ? undefined : String(decline.refusal_code),
    };
    expect(outcomeOfPaymentFailure(failure)).toBe(decline.outcome);
    // provider 13 knows no refusal code: the detail and err_code alone must give the same outcome
    expect(outcomeOfPaymentFailure({ errCode: failure.errCode, failDetail: failure.failDetail })).toBe(
      decline.outcome,
    );
  });

  it.each([
    ['20051', '', 'رصيد البطاقة غير كافٍ. تحقّق من رصيدك أو جرّب بطاقة أخرى'],
    ['200P1', '', 'جرّب بطاقة أخرى أو طريقة دفع أخرى'],
    ['20005', 'Card expired', 'انتهت صلاحية البطاقة. تحقّق من تاريخ الانتهاء أو جرّب بطاقة أخرى'],
    ['20005', 'Refused', 'أعد المحاولة أو جرّب بطاقة أخرى'],
  ])('code %s (%s) → its message', (errCode, summary, message) => {
    expect(failureMessage({ errCode, summary })).toBe(message);
  });

  it.each([
    ['6', 'expire', '@spec:provider17.refusal.6'],
    ['11', 'verify', '@spec:provider17.refusal.11'],
    ['24', 'verify', '@spec:provider17.refusal.24'],
    ['12', 'balance', '@spec:provider17.refusal.12'],
    ['99', 'other', ''],
  ] as const)('provider 17 refusal %s with no detail gives %s %s', (refusalReasonCode, outcome, _tag) => {
    expect(outcomeOfPaymentFailure({ refusalReasonCode })).toBe(outcome);
    expect(outcomeOfPaymentFailure({ errCode: '', failDetail: 'default', refusalReasonCode })).toBe(outcome);
  });
});

describe('wallet failure wording', () => {
  it.each([
    ['userCancel', 'ألغيت الدفع، ولم يُخصم أي مبلغ', 0, undefined],
    ['networkTimeout', 'تعذّر الاتصال بالشبكة. تحقّق من اتصالك وأعد المحاولة', 0, 'fail'],
    ['highRisk', payAr['pay.walletChannelRisk'], 0, 'highRisk'],
    ['verifyFailed', payAr['pay.wallet3dFailed'], 0, 'verify'],
    ['insufficientFunds', 'رصيد البطاقة غير كافٍ. تحقّق من رصيدك أو جرّب بطاقة أخرى', 0, 'balance'],
    ['default', 'تعذّر بدء الدفع. أعد المحاولة أو اختر طريقة دفع أخرى', 1200, 'fail'],
  ] as const)('@spec:wallet.%s: its wording and delay', (reason, text, delayMs, outcome) => {
    const notice = walletFailureNotice(reason);
    expect(payAr[notice.text]).toBe(text);
    expect(notice.delayMs).toBe(delayMs);
    expect(notice.panel?.outcome).toBe(outcome);
  });

  it.each(WALLET_FAILURE_REASONS.filter((reason) => reason !== 'networkTimeout'))(
    '%s after the visitor authorised: the same delay and outcome',
    (reason) => {
      const notice = walletDeclineNotice(reason);
      expect(notice.delayMs).toBe(walletFailureNotice(reason).delayMs);
      expect(notice.panel).toEqual(walletFailureNotice(reason).panel);
    },
  );

  it('default after the visitor authorised: said as a refusal, after 1.2 s', () => {
    expect(walletDeclineNotice('default')).toEqual({
      text: 'pay.walletDeclined',
      delayMs: 1200,
      panel: resultPanelOf('fail'),
    });
  });

  // What the panel claims, and what its buttons do, by when the wallet failed: before the token was sent nothing
  // can have been charged; after it, a time-out leaves the charge unknown (the card's time-out panel).
  const shown = (notice: ReturnType<typeof walletFailureNotice>) => {
    const view = resultView(notice.panel ?? resultPanelOf('fail'), payAr[notice.text], 'walletSheet');
    return {
      said: `${payAr[view.tip]} ${view.detail ?? ''}`,
      buttons: [view.panel.primary.action, view.panel.secondary.action],
      kept: notice.panel !== undefined && isUncertain(notice.panel),
    };
  };
  it.each([
    [
      'session wait or order timed out (no token sent)',
      walletFailureNotice('networkTimeout'),
      true,
      ['retry', 'anotherMethod'],
      false,
    ],
    [
      'declined after the token (default)',
      walletDeclineNotice('default'),
      true,
      ['retry', 'anotherMethod'],
      false,
    ],
    [
      'timed out after the token',
      walletDeclineNotice('networkTimeout'),
      false,
      ['close', 'anotherMethod'],
      true,
    ],
  ] as const)(
    '@spec:wallet.networkTimeout %s: "nothing charged" %s, buttons, order kept',
    (_, notice, claims, buttons, kept) => {
      const view = shown(notice);
      expect(view.said.includes('لم يُخصم')).toBe(claims);
      expect(view.buttons).toEqual(buttons);
      expect(view.kept).toBe(kept);
      if (!claims) {
        // SPEC §4's network message stays, under the card time-out's "check your bank before paying again".
        expect(view.said).toContain(payAr['pay.resultTimeoutTip']);
        expect(view.said).toContain('تعذّر الاتصال بالشبكة. تحقّق من اتصالك وأعد المحاولة');
      }
    },
  );

  it('a pending result with a message under it (the bank answer unsent) never says nothing was charged', () => {
    const view = resultView(processingPanel, payAr['pay.bankAnswerUnsent'], 'walletSheet');
    expect(view.tip).toBe('pay.resultProcessingTip');
    expect(view.detail).toBe(payAr['pay.bankAnswerUnsent']);
  });

  it('every failing wallet token has wording', () => {
    for (const token of walletTokens) {
      if (token.failure_reason !== null) expect(walletFailureNotice(token.failure_reason).text).toBeTruthy();
    }
  });
});
