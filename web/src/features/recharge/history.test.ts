import type { PayTargetRecord } from '@topup/contracts/entities';
import { describe, expect, it } from 'vitest';
import { earlierTargets, recordTarget, targetDisplayMode, trimHistory } from './history';
import { mergeHistory } from './historySync';

const record = (
  to_uid: number,
  last_fill_time: number,
  extra: Partial<PayTargetRecord> = {},
): PayTargetRecord => ({
  to_uid,
  to_display_uid: String(10000000 + to_uid),
  to_nickname: `n${to_uid}`,
  to_icon: '',
  is_guest: false,
  uid: 0,
  h5_deviceid: 'd',
  fill_times: 0,
  first_fill_time: 1,
  last_fill_time,
  status2: 0,
  ...extra,
});

describe('recharge history', () => {
  it('lists earlier targets most recent first without the own account or guests', () => {
    const history = [record(1, 5), record(2, 9), record(1001, 99), record(3, 7, { is_guest: true })];
    expect(earlierTargets(history, 1001).map((r) => r.to_uid)).toEqual([2, 1]);
  });

  it('keeps the own account first and the 40 most recent others @spec:limit.history', () => {
    // Stored oldest first: the cut to 40 keeps the newest, so they are sorted before it.
    const many = Array.from({ length: 50 }, (_, i) => record(i + 1, i));
    const trimmed = trimHistory([...many, record(1001, 0)], 1001);
    expect(trimmed).toHaveLength(41);
    expect(trimmed[0]?.to_uid).toBe(1001);
    expect(trimmed.slice(1).map((r) => r.to_uid)).toEqual(Array.from({ length: 40 }, (_, i) => 50 - i));
    expect(trimHistory(many, undefined)).toHaveLength(40);
  });

  it.each([
    ['bidi controls and words', '10000002) \u202Eوهو حسابك الموثّق ('],
    ['3,000 characters', '1'.repeat(3000)],
    ['letters', 'abc12345'],
    ['empty', ''],
  ])('leaves out a stored record whose display id is %s, that record alone', (_label, id) => {
    const kept = trimHistory([record(1, 5), record(2, 9, { to_display_uid: id }), record(1001, 1)], 1001);
    expect(kept.map((r) => r.to_uid)).toEqual([1001, 1]);
  });

  it('records a chosen target as most recent, merging an earlier entry', () => {
    const next = recordTarget(
      [record(2, 5, { fill_times: 3, first_fill_time: 2 })],
      { to_uid: 2, to_display_uid: '10000002', to_nickname: 'Omar', to_icon: '', is_guest: false },
      { payerUid: 1001, deviceId: 'dev', nowSeconds: 100 },
      1001,
    );
    expect(next).toEqual([
      expect.objectContaining({
        to_uid: 2,
        fill_times: 3,
        first_fill_time: 2,
        last_fill_time: 100,
        uid: 1001,
      }),
    ]);
  });

  it("a row naming the chosen account's display id under another uid (forged or stale) goes: the server's row stays", () => {
    const forged = record(1003, 50, { to_display_uid: '10000099', to_nickname: 'Trusted' });
    const next = recordTarget(
      [forged, record(2, 5)],
      { to_uid: 1099, to_display_uid: '10000099', to_nickname: 'Real', to_icon: '', is_guest: false },
      { payerUid: 0, deviceId: 'dev', nowSeconds: 100 },
      undefined,
    );
    expect(next.map((r) => [r.to_uid, r.to_display_uid, r.to_nickname])).toEqual([
      [1099, '10000099', 'Real'],
      [2, '10000002', 'n2'],
    ]);
  });

  it('merges remote history: per target the most recent wins', () => {
    const merged = mergeHistory(
      [record(2, 5), record(3, 1)],
      [record(2, 8, { to_nickname: 'new' }), record(4, 2)],
      undefined,
    );
    expect(merged.map((r) => [r.to_uid, r.last_fill_time])).toEqual([
      [2, 8],
      [4, 2],
      [3, 1],
    ]);
  });

  it.each([
    ['an override and words of its own', '10000005) \u202Eحسابك الموثّق ('],
    ['3,000 characters', '1'.repeat(3000)],
    ['letters', 'abcdefgh'],
  ])("leaves out the server's record whose display id holds %s, that record alone", (_name, id) => {
    const merged = mergeHistory(
      [record(2, 5)],
      [record(5, 9, { to_display_uid: id }), record(4, 2)],
      undefined,
    );
    expect(merged.map((r) => r.to_uid)).toEqual([2, 4]);
  });

  it.each([
    [true, 0, 'switch'],
    [false, 2, 'list'],
    [false, 0, 'enter'],
  ] as const)('display mode with target %s and %i earlier is %s', (hasTarget, count, mode) => {
    expect(targetDisplayMode(hasTarget, count)).toBe(mode);
  });
});
