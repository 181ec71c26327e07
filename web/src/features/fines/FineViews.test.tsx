import { cleanup, render, screen } from '@testing-library/react';
import { OUTCOMES } from '@topup/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { FailedEnding } from './FineViews';
import type { FineScreen } from './state';

afterEach(cleanup);

const failed = (
  outcome: (typeof OUTCOMES)[number],
  method: 'card' | 'hosted',
): Extract<FineScreen, { kind: 'payFailed' }> => ({
  kind: 'payFailed',
  orderId: 'o1',
  outcome,
  detail: undefined,
  fine: undefined,
  method,
});

const tipOf = (state: Extract<FineScreen, { kind: 'payFailed' }>) => {
  render(<FailedEnding state={state} headingRef={null} onRetry={() => {}} />);
  return screen.getByTestId('fine-failed-tip').textContent ?? '';
};

describe('a failed fine payment never offers a package: a fine has none', () => {
  it('card 4544 2491 6767 3670 on fine 7001 (insufficient balance): check the balance or try another card', () => {
    expect(tipOf(failed('balance', 'card'))).toBe(
      'رصيد البطاقة غير كافٍ، ولم يُخصم أي مبلغ. تحقّق من رصيدك أو جرّب بطاقة أخرى',
    );
  });

  it('not enough balance on the hosted page: another method', () => {
    expect(tipOf(failed('balance', 'hosted'))).toBe(
      'الرصيد غير كافٍ لإتمام الدفع، ولم يُخصم أي مبلغ. اختر طريقة دفع أخرى',
    );
  });

  it.each(OUTCOMES.flatMap((outcome) => [[outcome, 'card'] as const, [outcome, 'hosted'] as const]))(
    '%s by %s: no word of a package',
    (outcome, method) => {
      expect(tipOf(failed(outcome, method))).not.toMatch(/باق/);
    },
  );
});
