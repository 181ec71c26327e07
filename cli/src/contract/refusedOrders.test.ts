import { ServerCode } from '@topup/contracts';
import { describe, expect, it } from 'vitest';
import { REFUSED_ACCOUNTS } from './refusedAccounts';
import { judgeRefusedOrder, type OrderSaid } from './refusedOrders';

describe('an order for an account that cannot be topped up is refused with its state’s code', () => {
  const rows: readonly [string, number, OrderSaid, string | undefined][] = [
    ['banned: refused 20001', ServerCode.banned, { result: 20001 }, undefined],
    ['deactivated: refused 20186', ServerCode.deactivated, { result: 20186 }, undefined],
    ['deactivating: refused 20187', ServerCode.deactivating, { result: 20187 }, undefined],
    [
      'banned: an order made',
      ServerCode.banned,
      { result: 0, orderId: 'PO-made' },
      'it answered 0 (order "PO-made" made), so it could be paid: top-up is refused for x, with 20001',
    ],
    ['banned: another refusal', ServerCode.banned, { result: 20186 }, 'it answered 20186: top-up'],
    ['deactivating: the guest’s code', ServerCode.deactivating, { result: 20189 }, 'answered 20189'],
    [
      'deactivated: no answer',
      ServerCode.deactivated,
      { why: 'no answer within 5000 ms' },
      'it answered no answer (no answer within 5000 ms)',
    ],
  ];
  it.each(rows)('%s', (_name, code, said, wrong) => {
    const message = judgeRefusedOrder('banned', code, 'x', 1003, 'rc_999', said);
    if (wrong === undefined) expect(message).toBeUndefined();
    else {
      expect(message).toContain(wrong);
      expect(message).toContain(`ordered "rc_999" for the fixtures' account.banned (uid 1003)`);
      expect(message).toContain('SPEC §4 account states');
    }
  });

  it('asks for each account TESTDATA refuses, with its lookup code', () => {
    expect(REFUSED_ACCOUNTS.map(([name, code]) => [name, code])).toEqual([
      ['banned', 20001],
      ['deactivated', 20186],
      ['deactivating', 20187],
    ]);
  });
});
