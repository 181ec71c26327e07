import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { abTestKey, type ChargeListInfo, type PayType, type PkgInfo } from '@topup/contracts';
import { Provider } from 'jotai';
import { createStore } from 'jotai/vanilla';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AbTest } from '../../payments/gray';
import { pkgInfoAtom } from '../../platform/config';
import { signInAtom } from '../../session/session';
import { selectedMethodAtom, selectMethodAtom, selectPackageAtom } from './chargeState';
import { MethodList } from './MethodList';
import { chargeListAnsweredAtom, chargeListLoadingAtom } from './state';

/** The recharge list offers the methods the gray and AB rules give the visitor and selects among them. */

// These tests run as a browser with ApplePaySession (an iPhone's Safari); one below runs without it.
beforeEach(() => {
  Object.defineProperty(window, 'ApplePaySession', { value: class {}, configurable: true });
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  Reflect.deleteProperty(window, 'ApplePaySession');
});

const UID = 1001;
/** A name per pay type (each its own method), unless `names` groups some under one name. */
const info = (
  payTypes: readonly PayType[],
  names: Readonly<Record<number, string>> = {},
): ChargeListInfo => ({
  list: [
    {
      recharge_id: 'rc_499',
      amount: 4.99,
      coin: 350,
      extra_coin: 0,
      origin_coin: 350,
      icon: '',
      pay_sub_types: [...payTypes],
      new_user_only: false,
      payItemDisplayMethods: payTypes.map((subType) => ({
        displayName: names[subType] ?? `method ${subType}`,
        methods: [{ subType, recharge_id: 'rc_499' }],
      })),
    },
  ],
  is_new: false,
  is_new_uid: false,
  is_new_h5device: false,
  pay_group: [],
  extra_recommend: '',
  recommends: [],
});

const gray = (over: Partial<PkgInfo>) =>
  ({
    cko_new_rate: 0,
    cko_new_whitelist: [],
    adyen_card_ratio: 0,
    adyen_card_whitelist: [],
    applepay_gray_config: [],
    ...over,
  }) as PkgInfo;

function setUp(
  pkg: PkgInfo | undefined,
  payTypes: readonly PayType[],
  signedIn = true,
  names: Readonly<Record<number, string>> = {},
) {
  const store = createStore();
  if (signedIn)
    store.set(signInAtom, {
      session: {
        session_key: 'sk-10000001',
        user: { uid: UID, display_uid: '10000001', nickname: 'ريم', icon: '' },
      },
      loginType: 'account',
    });
  if (pkg !== undefined) store.set(pkgInfoAtom, pkg);
  store.set(chargeListLoadingAtom, 1002);
  store.set(chargeListAnsweredAtom, {
    uid: 1002,
    sessionKey: signedIn ? 'sk-10000001' : undefined,
    answer: { ok: true, data: info(payTypes, names) },
  });
  store.set(selectPackageAtom, 'rc_499');
  render(
    <Provider store={store}>
      <MethodList />
    </Provider>,
  );
  const shown = () => screen.getAllByRole('radio').map((radio) => Number((radio as HTMLInputElement).value));
  return { store, shown };
}

describe('the methods of the recharge list', () => {
  it.each([
    // The offered card first, the others in the server's order.
    ['whitelisted for Adyen', gray({ adyen_card_whitelist: [UID], cko_new_rate: 100 }), [27, 26, 24]],
    ['whitelisted for the new checkout', gray({ cko_new_whitelist: [UID] }), [23, 26, 24]],
    ['not reached by the new checkout', gray({ cko_new_rate: 0 }), [27, 26, 24]],
    [
      'a wallet outside its release',
      gray({
        cko_new_whitelist: [UID],
        applepay_gray_config: [{ pay_type: 26, gray_ratio: 0, whitelist: [] }],
      }),
      [23, 24],
    ],
  ] as const)('%s: offers %j, the card first and selected', (_name, pkg, offered) => {
    const { store, shown } = setUp(pkg, [26, 23, 24, 27]);
    expect(shown()).toEqual(offered);
    expect(store.get(selectedMethodAtom)?.payType).toBe(offered.find((p) => p === 23 || p === 27));
  });

  it('without a card among the methods, the first is selected', () => {
    const { store, shown } = setUp(undefined, [26, 24]);
    expect(shown()).toEqual([26, 24]);
    expect(store.get(selectedMethodAtom)?.payType).toBe(26);
  });

  it('a browser without ApplePaySession (Android Chrome) is not offered Apple Pay, nor has it selected', () => {
    Reflect.deleteProperty(window, 'ApplePaySession');
    const { store, shown } = setUp(undefined, [26, 24]);
    expect(shown()).toEqual([24]);
    expect(store.get(selectedMethodAtom)?.payType).toBe(24);
  });

  it('a card the visitor is not offered is replaced by the offered card, before "pay now" can use it', () => {
    localStorage.setItem(abTestKey(AbTest.newCheckout), '10');
    localStorage.setItem(abTestKey(AbTest.adyenCard), '90');
    const { store, shown } = setUp(gray({ cko_new_rate: 50, adyen_card_ratio: 50 }), [23, 24, 27]);
    expect(shown()).toEqual([23, 24]);
    act(() => store.set(selectMethodAtom, 27));
    expect(store.get(selectedMethodAtom)?.payType).toBe(23);
    expect(screen.getByRole('radio', { checked: true })).toHaveProperty('value', '23');
  });

  it('signed out, no whitelist applies: the stored scores decide', () => {
    localStorage.setItem(abTestKey(AbTest.newCheckout), '10');
    const pkg = gray({ cko_new_rate: 50, adyen_card_ratio: 0, adyen_card_whitelist: [UID] });
    expect(setUp(pkg, [23, 27], false).shown()).toEqual([23]);
    cleanup();
    expect(setUp(pkg, [23, 27], true).shown()).toEqual([27]);
  });

  it("each method is named by the server's name, a nameless one as a payment method", () => {
    setUp(undefined, [23, 26, 28, 24, 25, 99 as PayType], true, {
      23: 'Visa / Mastercard',
      26: 'Apple Pay',
      28: '',
      // An override and an unclosed isolate are not drawn (they would reorder the row).
      24: '\u202Eمدى\u2066',
      25: '\u2067STC Pay\u202E ',
    });
    // The words of each row (its scheme or method marks are decorative, hidden from assistive tech).
    const names = screen.getAllByRole('radio').map((radio) =>
      Array.from(radio.closest('label')?.children ?? [])
        .filter((el) => el.tagName === 'SPAN' && el.getAttribute('aria-hidden') !== 'true')
        .map((el) => el.textContent)
        .join('')
        .trim(),
    );
    expect(names).toEqual(['Visa / Mastercard', 'Apple Pay', 'طريقة دفع', 'مدى', 'STC Pay', 'method 99']);
  });

  it('pay types under one name are one choice: the chosen one, else the first offered', () => {
    const names = { 26: 'Apple Pay', 2528: 'Apple Pay', 24: 'مدى' };
    const { store, shown } = setUp(undefined, [2528, 26, 24], true, names);
    expect(shown()).toEqual([2528, 24]);
    cleanup();
    const again = setUp(undefined, [2528, 26, 24], true, names);
    act(() => again.store.set(selectMethodAtom, 26));
    expect(again.shown()).toEqual([26, 24]);
    expect(store.get(selectedMethodAtom)?.payType).toBe(2528);
  });

  it('without pkgInfo every method of the package is offered', () => {
    const { shown } = setUp(undefined, [23, 27]);
    expect(shown()).toEqual([23, 27]);
  });
});

/**
 * SPEC §2 method display mode 0, the last-used method: a stored last pay type the visitor is offered is shown
 * alone, marked and checked, and is what "pay now" carries (ChargePanel pays with `selectedMethodAtom`); «عرض كل
 * طرق الدفع» shows every channel (mode 1) with it still checked. A last pay type not offered shows every channel.
 */
describe('the last-used method (display mode 0) @spec:pay.lastMethod', () => {
  const pkg = gray({ cko_new_whitelist: [UID] });
  const checked = () => Number(screen.getByRole<HTMLInputElement>('radio', { checked: true }).value);
  const mode = () => screen.getByTestId('method-list').getAttribute('data-mode');

  it.each([24, 26, 23])(
    'last paid with %i: shown alone, marked and checked; "pay now" carries it',
    (last) => {
      localStorage.setItem('topup.last_pay_type', JSON.stringify(last));
      const { store, shown } = setUp(pkg, [26, 23, 24, 27]);
      expect(mode()).toBe('0');
      expect(shown()).toEqual([last]);
      expect(checked()).toBe(last);
      expect(screen.getByTestId('method').textContent).toContain('آخر طريقة دفع استخدمتها');
      expect(store.get(selectedMethodAtom)?.payType).toBe(last);

      fireEvent.click(screen.getByRole('button', { name: 'عرض كل طرق الدفع' }));
      expect(mode()).toBe('1');
      expect(shown()).toEqual([23, 26, 24]);
      expect(checked()).toBe(last);
      expect(store.get(selectedMethodAtom)?.payType).toBe(last);
    },
  );

  it('a last pay type the visitor is not offered: every channel, the card checked', () => {
    // 27 is Adyen's card: this visitor is given the new checkout's (23).
    localStorage.setItem('topup.last_pay_type', JSON.stringify(27));
    const { store, shown } = setUp(pkg, [26, 23, 24, 27]);
    expect(mode()).toBe('1');
    expect(shown()).toEqual([23, 26, 24]);
    expect(checked()).toBe(23);
    expect(store.get(selectedMethodAtom)?.payType).toBe(23);
    expect(screen.queryByRole('button', { name: 'عرض كل طرق الدفع' })).toBeNull();
  });
});
