import { cleanup, render, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import { createStore } from 'jotai/vanilla';
import { afterEach, describe, expect, it } from 'vitest';
import { resultPanelOf } from '../../payments/outcome';
import { type ChargeShownView, chargeShown } from './orderCharge';
import { ResultPanel } from './ResultPanel';
import { showResultAtom } from './state';

/**
 * Attacker review, finding 3: get_order_info_by_pay2_order_id answered to_uid 1010, amount 199.99 and coin
 * 999999 for a payment for 10000002 (uid 1002). The panel warned of the amount but still said the diamonds reach
 * Omar (10000002). The account and coins the server booked are said as the amount is, and the success text no
 * longer names the account chosen.
 */

afterEach(cleanup);

const omar = { nickname: 'Omar', displayUid: '10000002' };
const pack = { origin_coin: 350, extra_coin: 0 };

function panel(charge: ChargeShownView) {
  const store = createStore();
  store.set(showResultAtom, {
    panel: resultPanelOf('success'),
    orderId: 'PO_1',
    detail: undefined,
    payType: 23,
    sourceId: undefined,
    kind: 'savedCard',
  });
  render(
    <Provider store={store}>
      <ResultPanel
        onAction={() => {}}
        onRemember={undefined}
        remembered={false}
        rememberOffer="none"
        recipient={omar}
        pack={pack}
        amount="$4.99"
        charge={charge}
      />
    </Provider>,
  );
}

const chosen = { amount: 4.99, coin: 350, toUid: 1002 };

describe('a paid order the server booked otherwise than chosen', () => {
  it('another account, amount and coins: each said, and the diamonds never said to reach Omar', () => {
    panel(chargeShown({ amount: 199.99, coin: 999999, toUid: 1010 }, chosen));
    expect(screen.getByTestId('result-tip').textContent).toBe(
      'تم الدفع، لكن الطلب سُجّل لحساب غير الذي اخترته',
    );
    expect(screen.getByTestId('result-panel').textContent).not.toContain('سيصل الماس إلى حساب');
    expect(screen.getByTestId('result-other-account').textContent).toBe(
      'انتبه: سجّل الخادم هذا الطلب للحساب ذي الرقم الداخلي 1010، لا للحساب 10000002 الذي اخترته، فلا نؤكد وصول الماس إليه. تواصل مع الدعم ومعك رقم الطلب',
    );
    expect(screen.getByTestId('result-coins-differ').textContent).toBe(
      'انتبه: سُجّل الطلب بـ999,999 ماسة، لا 350 ماسة التي عُرضت قبل الدفع. إن لم تكن تتوقّع ذلك فتواصل مع الدعم ومعك رقم الطلب',
    );
    expect(screen.getByTestId('result-charge-differs').textContent).toContain('$199.99');
  });

  it('booked as chosen: the diamonds reach Omar, with nothing to warn of', () => {
    panel(chargeShown({ amount: 4.99, coin: 350, toUid: 1002 }, chosen));
    expect(screen.getByTestId('result-tip').textContent).toContain('سيصل الماس إلى حساب Omar');
    expect(screen.queryByTestId('result-other-account')).toBeNull();
    expect(screen.queryByTestId('result-coins-differ')).toBeNull();
    expect(screen.queryByTestId('result-charge-differs')).toBeNull();
  });

  it('the order’s info still asked: no account named yet', () => {
    panel({ ...chargeShown(undefined, chosen), asking: true });
    expect(screen.getByTestId('result-tip').textContent).toBe('سيصل الماس إلى الحساب خلال دقائق');
    expect(screen.getByTestId('result-panel').textContent).not.toContain('Omar');
  });
});
