// @vitest-environment node
import type { ChargePackage } from '@topup/contracts/entities';
import { listedPackage as pkg } from '@topup/contracts/testdata/packages';
import { createStore } from 'jotai/vanilla';
import { describe, expect, it } from 'vitest';
import { loadPackage } from '../features/pay/load';
import { refusedPackages, visiblePackages } from '../features/recharge/packages';
import { envelope } from '../test/fakeTransport';
import { clientOver, noSleep } from '../test/faults';
import { trustedPackages } from './trustedPackages';

const ids = (list: readonly ChargePackage[]) => list.map((p) => `${p.recharge_id}@${p.amount}`);

describe('a recharge_id stands for one price (create_coin_pay carries no amount)', () => {
  it.each([
    {
      name: 'one id given to packages of different amounts: all of them refused',
      list: [pkg('rc_499', 0.99), pkg('rc_499', 4.99), pkg('rc_999', 9.99)],
      trusted: ['rc_999@9.99'],
      refused: ['rc_499@0.99', 'rc_499@4.99'],
    },
    {
      name: 'one id listed twice at one amount: one package, nothing refused',
      list: [pkg('a', 0.99), pkg('a', 0.99), pkg('b', 1.99)],
      trusted: ['a@0.99', 'b@1.99'],
      refused: [],
    },
    {
      name: 'a method ordering a package of another amount: its package refused',
      list: [pkg('rc_099', 0.99, 'rc_9999'), pkg('rc_9999', 99.99)],
      trusted: ['rc_9999@99.99'],
      refused: ['rc_099@0.99'],
    },
    {
      name: 'a method ordering a package not in the list: its package refused',
      list: [pkg('rc_099', 0.99, 'rc_gone'), pkg('b', 1.99)],
      trusted: ['b@1.99'],
      refused: ['rc_099@0.99'],
    },
    {
      name: 'a method ordering another package of the same amount: kept',
      list: [pkg('a', 0.99, 'a2'), pkg('a2', 0.99)],
      trusted: ['a@0.99', 'a2@0.99'],
      refused: [],
    },
    {
      name: 'a method ordering a package priced outside the contract: refused with it',
      list: [pkg('a', 0.99, 'odd'), pkg('odd', 0.991)],
      trusted: [],
      refused: ['a@0.99', 'odd@0.991'],
    },
    {
      name: 'one id at one price with other diamonds: all of them refused (350 shown, 1 given)',
      list: [pkg('rc_499', 4.99, 'rc_499', 1), pkg('rc_499', 4.99, 'rc_499', 350), pkg('b', 1.99)],
      trusted: ['b@1.99'],
      refused: ['rc_499@4.99', 'rc_499@4.99'],
    },
    {
      name: 'one id at one price, once for new visitors only: refused',
      list: [{ ...pkg('rc_499', 4.99), new_user_only: true }, pkg('rc_499', 4.99)],
      trusted: [],
      refused: ['rc_499@4.99', 'rc_499@4.99'],
    },
    {
      name: 'a method ordering a package of the same price but other diamonds: its package refused',
      list: [pkg('rc_499', 4.99, 'rc_499x', 350), pkg('rc_499x', 4.99, 'rc_499x', 1)],
      trusted: ['rc_499x@4.99'],
      refused: ['rc_499@4.99'],
    },
    {
      name: 'a method ordering a package that is itself refused: refused too (a chain)',
      list: [pkg('rc_099', 0.99, 'rc_099b'), pkg('rc_099b', 0.99, 'rc_9999'), pkg('rc_9999', 99.99)],
      trusted: ['rc_9999@99.99'],
      refused: ['rc_099@0.99', 'rc_099b@0.99'],
    },
    {
      name: 'two packages ordering each other at one price: both kept',
      list: [pkg('a', 0.99, 'b'), pkg('b', 0.99, 'a')],
      trusted: ['a@0.99', 'b@0.99'],
      refused: [],
    },
    {
      name: 'an id whose other entry is priced outside the contract: refused',
      list: [pkg('a', 0.991), pkg('a', 0.99)],
      trusted: [],
      refused: ['a@0.991', 'a@0.99'],
    },
    {
      name: 'a bonus the total does not hold (70 diamonds, "+100,000 bonus"): refused',
      list: [{ ...pkg('rc_099', 0.99, 'rc_099', 70), extra_coin: 100_000 }, pkg('b', 1.99)],
      trusted: ['b@1.99'],
      refused: ['rc_099@0.99'],
    },
    {
      name: 'a total above base plus bonus: refused',
      list: [{ ...pkg('rc_999', 9.99, 'rc_999', 735), origin_coin: 700, extra_coin: 0 }],
      trusted: [],
      refused: ['rc_999@9.99'],
    },
    {
      name: 'base plus bonus making the total (700 + 35 = 735): kept',
      list: [{ ...pkg('rc_999', 9.99, 'rc_999', 735), origin_coin: 700, extra_coin: 35 }],
      trusted: ['rc_999@9.99'],
      refused: [],
    },
    {
      name: 'a method ordering a package whose diamonds do not add up: refused with it',
      list: [pkg('a', 0.99, 'odd', 70), { ...pkg('odd', 0.99, 'odd', 70), extra_coin: 5 }],
      trusted: [],
      refused: ['a@0.99', 'odd@0.99'],
    },
  ])('$name', ({ list, trusted, refused }) => {
    const answer = trustedPackages(list);
    expect(ids(answer.trusted)).toEqual(trusted);
    expect(ids(answer.refused)).toEqual(refused);
  });

  it('the list leaves the refused out and counts them for its note', () => {
    const list = [
      pkg('rc_499', 0.99),
      pkg('rc_499', 4.99),
      pkg('rc_099', 0.99, 'rc_9999'),
      pkg('rc_9999', 99.99),
    ];
    expect(ids(visiblePackages(list, false))).toEqual(['rc_9999@99.99']);
    expect(refusedPackages(list, false)).toBe(3);
  });
});

describe('the pay step shows the price of the very recharge_id it orders', () => {
  const loadFrom = (list: readonly ChargePackage[], rechargeId: string) =>
    loadPackage(
      {
        api: clientOver(() =>
          envelope({
            list,
            is_new: false,
            is_new_uid: false,
            is_new_h5device: false,
            pay_group: [],
            extra_recommend: '',
            recommends: [],
          }),
        ).api,
        store: createStore(),
        deviceId: 'h5',
        sleep: noSleep,
      },
      1001,
      rechargeId,
    );

  it.each([
    { name: 'an id of two prices', list: [pkg('rc_499', 0.99), pkg('rc_499', 4.99)], id: 'rc_499' },
    {
      name: 'a package whose method orders another price',
      list: [pkg('a', 0.99, 'b'), pkg('b', 9.99)],
      id: 'a',
    },
  ])('refuses $name as a price that cannot be paid', async ({ list, id }) => {
    expect(await loadFrom(list, id)).toEqual({ ok: false, badPrice: true });
  });

  it("a new visitor's package, named by a link for a visitor who is not new: not offered", async () => {
    const list = [{ ...pkg('rc_199_new', 1.99), new_user_only: true }, pkg('b', 9.99)];
    expect(await loadFrom(list, 'rc_199_new')).toEqual({ ok: false, result: 0, message: '' });
    expect(await loadFrom(list, 'b')).toMatchObject({ ok: true, pack: { recharge_id: 'b' } });
  });

  it('loads a sound package, and says an unlisted one is not offered', async () => {
    const list = [pkg('a', 0.99), pkg('b', 9.99)];
    expect(await loadFrom(list, 'b')).toMatchObject({ ok: true, pack: { recharge_id: 'b', amount: 9.99 } });
    expect(await loadFrom(list, 'c')).toEqual({ ok: false, result: 0, message: '' });
  });
});
