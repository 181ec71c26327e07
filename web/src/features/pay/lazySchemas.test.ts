import { describe, expect, it, vi } from 'vitest';

/**
 * The pay step's own schemas are built on their first use, not when its chunks load (issue 16: building
 * them at load was part of the pay step's long task on a slow phone). Loading the modules builds none; the
 * first read builds it, later reads reuse the same object, and what it accepts and refuses is unchanged.
 */
const seen = vi.hoisted(() => ({ builds: 0 }));

vi.mock('@topup/contracts/lazy', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@topup/contracts/lazy')>();
  return {
    ...actual,
    once: (<T>(build: () => T) =>
      actual.once(() => {
        seen.builds += 1;
        return build();
      })) as typeof actual.once,
  };
});

const attempt = {
  key: '["rc_499",1001,23,"normal","",""]',
  requestId: 'rid-1',
  resendable: true,
  payType: 23,
  at: 1,
};
const pageInfo = {
  h5_deviceid: 'h5_0123',
  to_uid: 1001,
  history: [],
  last_card: { source_id: 'src_1', bin: '424242', last4: '4242', scheme: 'visa' },
  charge: { recharge_id: 'rc_499', pay_type: 26 },
};

interface Case {
  readonly name: string;
  readonly schema: () => Promise<() => { safeParse: (value: unknown) => { success: boolean } }>;
  readonly good: unknown;
  readonly bad: readonly unknown[];
}

const cases: readonly Case[] = [
  {
    name: 'the order attempt kept in sessionStorage',
    schema: async () => (await import('./orderAttempt')).AttemptSchema,
    good: { ...attempt, orderId: 'o_1', intent: { recharge_id: 'rc_499', uid: 1001, kind: 'retry' } },
    bad: [
      { ...attempt, payType: 99999 },
      { ...attempt, intent: { recharge_id: 'rc_499', uid: 1001, kind: 'bogus' } },
      { ...attempt, requestId: '' },
    ],
  },
  {
    name: 'the #pageinfo hand-over',
    schema: async () => (await import('./pageInfo')).PageInfoSchema,
    good: pageInfo,
    bad: [
      { ...pageInfo, last_card: { ...pageInfo.last_card, cvv: '123' } },
      { ...pageInfo, user: { uid: -1 } },
      { ...pageInfo, history: [{}, {}, {}, {}] },
    ],
  },
  {
    name: 'the pay intent in the URL',
    schema: async () => (await import('../../platform/payIntentSchema')).PayIntentSchema,
    good: { recharge_id: 'rc_499', pay_type: '23', to_uid: '1001' },
    bad: [
      { recharge_id: '', pay_type: '23', to_uid: '1001' },
      { recharge_id: 'rc_499', pay_type: '-1', to_uid: '1001' },
      { recharge_id: 'rc_499', pay_type: '23', to_uid: 'x' },
    ],
  },
];

describe('the pay step schemas, built on first use', () => {
  // (wallet.ts also reads lazySimulators, but imports the contracts' index, which an unbundled test loads whole.)
  it('loading their modules (and the mock provider adapters) builds none', async () => {
    await Promise.all([
      import('./orderAttempt'),
      import('./pageInfo'),
      import('../../platform/payIntentSchema'),
      import('../providers/mock/simulatorClient'),
      import('../providers/mock/mockThreeDs'),
    ]);
    expect(seen.builds).toBe(0);
  });

  it.each(cases)('$name: built on its first use, the same object after, checks unchanged', async (c) => {
    const accessor = await c.schema();
    const before = seen.builds;
    const schema = accessor();
    expect(seen.builds).toBeGreaterThan(before);
    const after = seen.builds;
    expect(accessor()).toBe(schema);
    expect(seen.builds).toBe(after);
    expect(schema.safeParse(c.good).success).toBe(true);
    for (const bad of c.bad) expect(schema.safeParse(bad).success).toBe(false);
  });
});
