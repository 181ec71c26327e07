import type { ChargeListInfo } from '@topup/contracts/entities';
import { createStore } from 'jotai/vanilla';
import { afterEach, describe, expect, it } from 'vitest';
import { signInAtom, signOutAtom } from '../../session/session';
import { chargeListUnderWay } from './load';
import {
  type ChargeListState,
  chargeListAnsweredAtom,
  chargeListAtom,
  chargeListLoadingAtom,
  chargeListOf,
  shownChargeListAtom,
} from './state';

/** The charge list follows the account signed in: its packages depend on it (some only signed in). */

const listOf = (...ids: string[]): ChargeListInfo => ({
  list: ids.map((recharge_id) => ({
    recharge_id,
    amount: 1,
    coin: 70,
    extra_coin: 0,
    origin_coin: 70,
    icon: '',
    pay_sub_types: [23],
    new_user_only: false,
    payItemDisplayMethods: [],
  })),
  is_new: false,
  is_new_uid: false,
  is_new_h5device: false,
  pay_group: [],
  extra_recommend: '',
  recommends: [],
});
const signedOutList = listOf('rc_099');
const signedInList = listOf('rc_099', 'rc_19999');

const signIn = (store: ReturnType<typeof createStore>, key: string, uid: number) =>
  store.set(signInAtom, {
    session: {
      session_key: key,
      user: { uid, display_uid: String(10000000 + uid), nickname: 'n', icon: '' },
    },
    loginType: 'link',
  });

afterEach(() => localStorage.clear());

describe("a charge list is one target's, under one session", () => {
  const loaded = (uid: number | undefined, sessionKey: string | undefined): ChargeListState => ({
    status: 'loaded',
    uid,
    sessionKey,
    info: signedOutList,
  });
  it.each<[string, ChargeListState, number | undefined, string | undefined, boolean]>([
    ['nothing asked yet', { status: 'idle' }, 1002, undefined, false],
    ['the same target, signed out', loaded(1002, undefined), 1002, undefined, true],
    ['the same target and session', loaded(1002, 'sk-A'), 1002, 'sk-A', true],
    ['another target', loaded(1002, 'sk-A'), 1003, 'sk-A', false],
    ['signed in since', loaded(1002, undefined), 1002, 'sk-A', false],
    ['signed out since', loaded(1002, 'sk-A'), 1002, undefined, false],
    ['another account since', loaded(1002, 'sk-A'), 1002, 'sk-B', false],
    ['no target, signed in since', loaded(undefined, undefined), undefined, 'sk-A', false],
  ])('%s', (_what, state, uid, sessionKey, mine) => {
    expect(chargeListOf(state, uid, sessionKey)).toBe(mine);
  });
});

describe('the list after the account changes (here or in another window)', () => {
  it('is asked for again: the list loaded under the old account is not under way for the new one', () => {
    const store = createStore();
    signIn(store, 'sk-A', 1001);
    store.set(chargeListLoadingAtom, 1002);
    store.set(chargeListAnsweredAtom, {
      uid: 1002,
      sessionKey: 'sk-A',
      answer: { ok: true, data: signedInList },
    });
    expect(chargeListUnderWay(store, 1002)).toBe(true);
    store.set(signOutAtom);
    expect(chargeListUnderWay(store, 1002)).toBe(false);
    signIn(store, 'sk-B', 1010);
    expect(chargeListUnderWay(store, 1002)).toBe(false);
  });

  it("drops the old account's packages at once, and its late answer", () => {
    const store = createStore();
    signIn(store, 'sk-A', 1001);
    store.set(chargeListLoadingAtom, 1002);
    store.set(chargeListAnsweredAtom, {
      uid: 1002,
      sessionKey: 'sk-A',
      answer: { ok: true, data: signedInList },
    });
    store.set(chargeListLoadingAtom, 1002);
    store.set(signOutAtom);
    store.set(chargeListLoadingAtom, 1002);
    // A signed-in-only package is never shown to the signed-out visitor while theirs loads.
    expect(store.get(shownChargeListAtom)).toBeUndefined();
    // The answer asked under Reem's session arrives late: not the signed-out visitor's.
    store.set(chargeListAnsweredAtom, {
      uid: 1002,
      sessionKey: 'sk-A',
      answer: { ok: true, data: signedInList },
    });
    expect(store.get(chargeListAtom).status).toBe('loading');
    store.set(chargeListAnsweredAtom, {
      uid: 1002,
      sessionKey: undefined,
      answer: { ok: true, data: signedOutList },
    });
    expect(store.get(shownChargeListAtom)?.list.map((p) => p.recharge_id)).toEqual(['rc_099']);
  });

  it('keeps the list shown while another target of the same account loads', () => {
    const store = createStore();
    signIn(store, 'sk-A', 1001);
    store.set(chargeListLoadingAtom, 1002);
    store.set(chargeListAnsweredAtom, {
      uid: 1002,
      sessionKey: 'sk-A',
      answer: { ok: true, data: signedInList },
    });
    store.set(chargeListLoadingAtom, 1003);
    expect(store.get(shownChargeListAtom)).toBe(signedInList);
  });
});
