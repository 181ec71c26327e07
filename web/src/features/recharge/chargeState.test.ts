import type { ChargeListInfo } from '@topup/contracts/entities';
import { createStore } from 'jotai/vanilla';
import { describe, expect, it } from 'vitest';
import { notePaymentMadeAtom } from '../../payments/payHandOver';
import { selectedPackageAtom, selectPackageAtom } from './chargeState';
import { chargeListAnsweredAtom, chargeListLoadingAtom } from './state';

const pack = (recharge_id: string, amount: number) => ({
  recharge_id,
  amount,
  coin: 350,
  extra_coin: 0,
  origin_coin: 350,
  icon: '',
  pay_sub_types: [23],
  new_user_only: false,
  payItemDisplayMethods: [{ displayName: 'Visa', methods: [{ subType: 23, recharge_id }] }],
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
