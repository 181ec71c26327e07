import type { ChargeListInfo } from '@topup/contracts/entities';
import { createStore } from 'jotai/vanilla';
import { describe, expect, it } from 'vitest';
import { notePaymentMadeAtom } from '../../payments/payHandOver';
import { selectedMethodAtom, selectedPackageAtom, selectMethodAtom, selectPackageAtom } from './chargeState';
import { chooseTargetAtom } from './choose';
import { chargeListAnsweredAtom, chargeListLoadingAtom } from './state';

const pack = (recharge_id: string, amount: number, subTypes: readonly number[] = [23]) => ({
  recharge_id,
  amount,
  coin: 350,
  extra_coin: 0,
  origin_coin: 350,
  icon: '',
  pay_sub_types: [...subTypes],
  new_user_only: false,
  payItemDisplayMethods: subTypes.map((subType) => ({
    displayName: `method ${subType}`,
    methods: [{ subType, recharge_id }],
  })),
});

const info: ChargeListInfo = {
  list: [pack('rc_099', 0.99), pack('rc_499', 4.99)],
  is_new: false,
  is_new_uid: false,
  is_new_h5device: false,
  pay_group: [],
  extra_recommend: '',
  recommends: [],
};

describe('the chosen package and a confirmed payment', () => {
  it('a package chosen before a payment is no longer chosen after it; a new choice is', () => {
    const store = createStore();
    store.set(chargeListLoadingAtom, 1002);
    store.set(chargeListAnsweredAtom, { uid: 1002, sessionKey: undefined, answer: { ok: true, data: info } });
    store.set(selectPackageAtom, 'rc_499');
    expect(store.get(selectedPackageAtom)?.recharge_id).toBe('rc_499');
    store.set(notePaymentMadeAtom);
    expect(store.get(selectedPackageAtom)).toBeUndefined();
    store.set(selectPackageAtom, 'rc_099');
    expect(store.get(selectedPackageAtom)?.recharge_id).toBe('rc_099');
  });
});

describe('the method picked and choosing an account', () => {
  const listFor = (uid: number, subTypes: readonly number[]) => ({
    uid,
    sessionKey: undefined,
    answer: { ok: true as const, data: { ...info, list: [pack('rc_499', 4.99, subTypes)] } },
  });
  const choose = (store: ReturnType<typeof createStore>, uid: number) =>
    store.set(chooseTargetAtom, {
      target: { uid, displayUid: String(10000000 + uid - 1000), nickname: 'N', icon: '', living: false },
      deviceId: 'device',
      nowSeconds: 1,
    });

  it.each([
    { offered: [23, 25, 27], shown: 25, why: 'the new account offers it: still the one picked' },
    { offered: [23, 27], shown: 23, why: 'not offered: the list falls back to a card, the pick is not lost' },
  ])(
    'a method picked while the search was on its way, then the account is chosen ($why)',
    ({ offered, shown }) => {
      const store = createStore();
      store.set(chargeListLoadingAtom, 1002);
      store.set(chargeListAnsweredAtom, listFor(1002, [23, 25, 27]));
      store.set(selectMethodAtom, 25);
      choose(store, 1011);
      store.set(chargeListLoadingAtom, 1011);
      store.set(chargeListAnsweredAtom, listFor(1011, offered));
      expect(store.get(selectedMethodAtom)?.payType).toBe(shown);
      store.set(chargeListAnsweredAtom, listFor(1011, [23, 25, 27]));
      expect(store.get(selectedMethodAtom)?.payType).toBe(25);
    },
  );
});
