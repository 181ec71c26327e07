// @vitest-environment node
import { Message, OUTCOMES, PAY_TYPES, type PayType } from '@topup/contracts';
import { describe, expect, it } from 'vitest';
import { payAr } from '../i18n/pay';
import { type ResultPanel, resultPanelOf, timeoutPanel } from './outcome';
import { forMethod, type MethodKind, methodKindOf, resultSentences } from './resultWording';

describe('the method kind of each pay type', () => {
  it.each([
    [23, 'card'], // provider 13's card fields
    [27, 'card'], // provider 17's card fields
    [24, 'card'], // mada: a card on its provider's page
    [26, 'card'], // Apple Pay: the sheet pays with a card in it (SPEC §8's wallet wording)
    [2528, 'card'],
    [25, 'noCard'], // STC Pay on its provider's page
    [31, 'noCard'],
    [28, 'noCard'],
    [29, 'noCard'],
    [30, 'noCard'],
  ] as const)('%i → %s', (payType, kind) => {
    expect(methodKindOf(payType)).toBe(kind);
  });

  it('covers every pay type, and a result without one is a card', () => {
    expect(new Set([23, 27, 24, 26, 2528, 25, 31, 28, 29, 30])).toEqual(new Set<PayType>(PAY_TYPES));
    expect(methodKindOf(undefined)).toBe('card');
  });
});

// [outcome, the decline's own message, method, the tip, the message kept]
const rows: readonly [ResultPanel['outcome'], string | undefined, MethodKind, string, boolean][] = [
  // A card: the decline's own message under "nothing was charged" (SPEC §8).
  ['other', Message.tryAnotherCard, 'card', 'pay.resultDeclinedTip', true],
  ['fail', Message.declineDefault, 'card', 'pay.resultDeclinedTip', true],
  ['other', undefined, 'card', 'pay.resultOtherTip', false],
  ['balance', Message.insufficientBalance, 'card', 'pay.resultBalanceTip', false],
  ['expire', Message.cardExpired, 'card', 'pay.resultExpireTip', false],
  // No card: a card's advice is never shown; the tip offers a retry or another method.
  ['fail', Message.declineDefault, 'noCard', 'pay.resultMethodDeclinedTip', false],
  ['other', Message.tryAnotherCard, 'noCard', 'pay.resultMethodDeclinedTip', false],
  ['other', Message.insufficientBalance, 'noCard', 'pay.resultMethodDeclinedTip', false],
  ['other', Message.cardExpired, 'noCard', 'pay.resultMethodDeclinedTip', false],
  ['other', Message.savedCardLocked, 'noCard', 'pay.resultMethodDeclinedTip', false],
  // No card, a reason that is not a card's: the server's reason is kept.
  ['fail', Message.tooManyPaymentAttempts, 'noCard', 'pay.resultDeclinedTip', true],
  ['other', Message.paymentFailed, 'noCard', 'pay.resultDeclinedTip', true],
  // No card, no reason: the outcome's own tip, made a method's where it speaks of a card.
  ['fail', undefined, 'noCard', 'pay.resultFailTip', false],
  ['other', '', 'noCard', 'pay.resultOtherTip', false],
  ['balance', undefined, 'noCard', 'pay.resultMethodBalanceTip', false],
  ['expire', Message.cardExpired, 'noCard', 'pay.resultMethodDeclinedTip', false],
  ['verify', undefined, 'noCard', 'pay.resultVerifyTip', false],
  ['highRisk', undefined, 'noCard', 'pay.resultHighRiskTip', false],
];

describe('resultSentences: what the panel says, by outcome, decline message and method', () => {
  it.each(rows)('%s with %j paid by %s: tip %s, message kept %s', (outcome, detail, method, tip, kept) => {
    const sentences = resultSentences(resultPanelOf(outcome), detail, method);
    expect(sentences.tip).toBe(tip);
    expect(sentences.detail).toBe(kept ? detail : undefined);
  });

  it('never tells a method that is no card to try another card, whatever the outcome and message', () => {
    const messages = [undefined, ...Object.values(Message)];
    for (const outcome of OUTCOMES.filter((o) => o !== 'success'))
      for (const detail of messages) {
        const said = resultSentences(resultPanelOf(outcome), detail, 'noCard');
        expect(`${payAr[said.tip]} ${said.detail ?? ''}`).not.toMatch(
          /بطاقة أخرى|رصيد البطاقة|صلاحية البطاقة/,
        );
      }
  });

  it('keeps a panel of its own (the time-out) as it is for either method', () => {
    for (const method of ['card', 'noCard'] as const)
      expect(resultSentences(timeoutPanel, undefined, method).tip).toBe('pay.resultTimeoutTip');
  });
});

describe('forMethod: the buttons of a method without the page’s card fields', () => {
  it('a wallet or hosted page offers another method, never another card nor an expiry update', () => {
    for (const outcome of OUTCOMES) {
      const panel = forMethod(resultPanelOf(outcome), false);
      const actions = [panel.primary.action, panel.secondary.action];
      expect(actions).not.toContain('anotherCard');
      expect(actions).not.toContain('updateAndPay');
      expect(forMethod(resultPanelOf(outcome), true)).toEqual(resultPanelOf(outcome));
    }
    expect(forMethod(resultPanelOf('balance'), false).primary.action).toBe('anotherMethod');
    expect(forMethod(resultPanelOf('expire'), false)).toMatchObject({
      primary: { action: 'retry' },
      secondary: { action: 'anotherMethod' },
    });
  });
});
