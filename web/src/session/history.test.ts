import type { PayTargetRecord } from '@topup/contracts/entities';
import { StorageKeys } from '@topup/contracts/storage';
import { createStore } from 'jotai/vanilla';
import { afterEach, describe, expect, it } from 'vitest';
import { historyAfterSignOut, historyStored } from './history';
import { signInAtom, signOutAtom } from './session';

/** A shared phone after sign-out: none of the account's history stays for the next visitor (SPEC §3 rows). */

afterEach(() => localStorage.clear());

const ACCOUNT = 1001;
const row = (to_uid: number, uid: number): PayTargetRecord => ({
  to_uid,
  to_display_uid: String(10_000_000 + to_uid - 1000),
  to_nickname: `n${to_uid}`,
  to_icon: '',
  is_guest: false,
  uid,
  h5_deviceid: 'h5',
  fill_times: 1,
  first_fill_time: 1_700_000_000,
  last_fill_time: 1_700_000_000 + to_uid,
  status2: 0,
});

describe('historyAfterSignOut', () => {
  it('keeps only what a signed-out visitor added, never the account’s own row nor whom it paid', () => {
    const own = row(ACCOUNT, ACCOUNT);
    const synced = row(1002, ACCOUNT);
    const visitors = row(1003, 0);
    const visitorsOfTheAccount = row(ACCOUNT, 0);
    expect(historyAfterSignOut([own, synced, visitors, visitorsOfTheAccount], ACCOUNT)).toEqual([visitors]);
  });

  it('drops a row another sign-in left (a payer uid that is not 0)', () => {
    expect(historyAfterSignOut([row(1004, 1010), row(1005, 0)], ACCOUNT)).toEqual([row(1005, 0)]);
  });
});

describe('signOutAtom', () => {
  it('prunes the stored history as it signs out', () => {
    const store = createStore();
    store.set(signInAtom, {
      session: {
        session_key: 'sk-10000001',
        user: {
          uid: ACCOUNT,
          display_uid: '10000001',
          nickname: 'ريم',
          icon: '',
          session_key: 'sk-10000001',
        },
      },
      loginType: 'account',
    });
    store.set(historyStored, [row(ACCOUNT, ACCOUNT), row(1002, ACCOUNT), row(1003, 0)]);
    store.set(signOutAtom);
    expect(store.get(historyStored)).toEqual([row(1003, 0)]);
    expect(JSON.parse(localStorage.getItem(StorageKeys.rechargeHistory) ?? 'null')).toEqual([row(1003, 0)]);
  });

  it('signed out already: the history is left as it is', () => {
    const store = createStore();
    store.set(historyStored, [row(1002, 0)]);
    store.set(signOutAtom);
    expect(store.get(historyStored)).toEqual([row(1002, 0)]);
  });
});
