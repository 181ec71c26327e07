// Integration test: contract check against the mock (no control API) behind a proxy that answers with
// well-formed data that disagrees with the request, one way per case, each failing the check.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli';
import { type StartedMock, startMock } from '../src/commands/mockServer';
import { type Alteration, startAlteredBackend } from './support/alteredBackend';
import { captureIo } from './support/capture';
import { check, only, onPath, user } from './support/contractCheck';

const cases: readonly {
  readonly name: string;
  readonly alter: Alteration;
  readonly args: readonly string[];
  readonly call: string;
  readonly field: string;
  readonly says: string;
}[] = [
  {
    name: 'a display id lookup answered with another account',
    alter: onPath('check_display_id', (d) => Object.assign(d, { display_id: '10000099', uid: 424242 })),
    args: only('checkDisplayId'),
    call: 'checkDisplayId',
    field: 'data.display_id',
    says: 'answered "10000099", but the display id asked for is "10000001": the answer is about another account',
  },
  {
    name: 'a uid lookup answered with another user',
    alter: onPath('check_uid', (d) => Object.assign(user(d), { uid: 1002 })),
    args: only('checkUid'),
    call: 'checkUid',
    field: 'data.user.uid',
    says: 'answered 1002, but the uid asked for is 1001',
  },
  {
    name: "a session's user who is not the session's account",
    alter: onPath('get_pay_user_info', (d) => Object.assign(user(d), { uid: 1002, display_uid: '10000002' })),
    args: only('getPayUserInfo'),
    call: 'getPayUserInfo',
    field: 'data.user.uid',
    says: "the uid of the fixtures account whose session_key was sent is 1001: the answer is not the session's own",
  },
  {
    name: "a session's user whose key is not the key sent (the key never printed)",
    alter: onPath('get_pay_user_info', (d) => Object.assign(user(d), { session_key: 'sk-somebody-else' })),
    args: only('getPayUserInfo'),
    call: 'getPayUserInfo',
    field: 'data.user.session_key',
    says: "is not the session key sent: the answer is not the session's own",
  },
  {
    name: "a sign-in whose session key is not its user's",
    alter: onPath('account_login', (d) => Object.assign(user(d), { session_key: 'sk-somebody-else' })),
    args: only('accountLogin'),
    call: 'accountLogin',
    field: 'data.user.session_key',
    says: 'is not the session key it answered (data.session_key)',
  },
  {
    name: 'a fine lookup answered with another fine',
    alter: onPath('get_fine_info', (d) => Object.assign(d, { id: 999999 })),
    args: only('getFineInfo'),
    call: 'getFineInfo',
    field: 'data.id',
    says: 'answered 999999, but the fine id asked for is 7001: the answer is about another fine',
  },
  {
    name: 'a user-status map without the uid asked for',
    alter: onPath('check_user_status', (d) =>
      Object.assign(d, { user_map: { 999: { status: 0, is_guest: false } } }),
    ),
    args: only('checkUserStatus'),
    call: 'checkUserStatus',
    field: 'data.user_map',
    says: 'has no entry for 1001 (the uids asked for); it answered "999"',
  },
  {
    name: 'a charge list that lists a package twice',
    alter: onPath('get_recharge_list_v3', (d) => {
      const list = d.list as unknown[];
      list.push(structuredClone(list[0]));
    }),
    args: only('getRechargeListV3'),
    call: 'getRechargeListV3',
    field: 'data.list',
    says: 'lists recharge_id "rc_099" more than once',
  },
  {
    name: 'saved cards that list a card twice',
    alter: onPath('get_card_source', (d) => {
      const items = d.items as unknown[];
      items.push(structuredClone(items[0]));
    }),
    args: only('getCardSource'),
    call: 'getCardSource',
    field: 'data.items',
    says: 'lists source_id "src_visa4242" more than once',
  },
  {
    name: 'an empty charge list for an account the fixtures name packages of',
    alter: onPath('get_recharge_list_v3', (d) => Object.assign(d, { list: [] })),
    args: only('getRechargeListV3'),
    call: 'getRechargeListV3',
    field: 'data.list',
    says: 'is empty, but the fixtures name package.rc_999: the account has packages to list',
  },
  {
    name: 'a server time of 0',
    alter: onPath('/api/sys/ts/', (d) => Object.assign(d, { ts: 0 })),
    args: only('serverTime'),
    call: 'serverTime',
    field: 'data.ts',
    says: "answered 0 (1970-01-01T00:00:00.000Z), more than a day from this machine's clock",
  },
  {
    name: 'a dialing timestamp in seconds',
    alter: onPath('/api/gm/hii', (d) => Object.assign(d, { timestamp: Math.floor(Date.now() / 1000) })),
    args: only('hii'),
    call: 'hii',
    field: 'data.timestamp',
    says: '(it reads as seconds; the time is in milliseconds)',
  },
  {
    name: 'the order read is another order than the one made (--writes)',
    alter: onPath('get_order_info', (d) =>
      Object.assign(d, { recharge_id: 'rc_099', to_uid: 1010, amount: 0.99 }),
    ),
    args: ['--writes', ...only('getRechargeListV3', 'createCoinPay', 'getOrderInfo')],
    call: 'getOrderInfo',
    field: 'data.recharge_id',
    says: 'answered "rc_099", but the package ordered is "rc_999": the order read is not the order made',
  },
  {
    name: 'an order just made, not paid yet, said to be paid (--writes)',
    alter: onPath('pay_result_by_order_fast', (d) => Object.assign(d, { result: 0 })),
    args: ['--writes', ...only('createCoinPay', 'payResultByOrderFast')],
    call: 'payResultByOrderFast',
    field: 'data.result',
    says: 'answered 0 (paid) for the order this run just made and has not paid yet',
  },
  {
    name: 'an order both paid and declined (--writes)',
    alter: (path, json) =>
      onPath('pay_result_by_order_fast', (d) => Object.assign(d, { result: 0 }))(
        path,
        onPath('get_pay_error', (d) => Object.assign(d, { err_code: '20051' }))(path, json) as never,
      ),
    args: ['--writes', ...only('createCoinPay', 'payResultByOrderFast', 'getPayError')],
    call: 'getPayError',
    field: 'data.err_code',
    says: 'answered the decline "20051", but payResultByOrderFast answered 0 (paid) for the same order',
  },
];

describe('contract check holds each answer to what it must mean given its request', () => {
  it.each(cases)('fails $name', async ({ alter, args, call, field, says }) => {
    const backend = await startAlteredBackend(alter);
    try {
      const { code, report } = await check(backend.url, args);
      const judged = report.calls.find((c) => c.call === call);
      expect(judged?.outcome).toBe('disagrees');
      expect(judged?.problems).toContainEqual({
        kind: 'meaning',
        field,
        message: expect.stringContaining(says),
      });
      expect(JSON.stringify(report)).not.toContain('sk-somebody-else');
      expect(report.passed).toBe(false);
      expect(code).toBe(1);
    } finally {
      await backend.close();
    }
  });
});

describe('the mock agrees with every request it is asked', () => {
  let mock: StartedMock;
  beforeAll(async () => {
    mock = await startMock({ control: false });
  });
  afterAll(async () => {
    await mock.close();
  });

  it.each([[[]], [['--writes']]])('passes with the mock’s own fixtures file %j', async (args) => {
    const { code, report } = await check(mock.target.baseUrl, args);
    expect(report.calls.filter((c) => c.outcome === 'disagrees')).toEqual([]);
    expect(report.passed).toBe(true);
    expect(code).toBe(0);
  });
});

describe('a server time is held to the clock of what is checked', () => {
  it('holds a mock marked --mock, its clock frozen days away, to its own clock', async () => {
    const frozen = await startMock({ now: new Date('2026-01-05T09:00:00Z') });
    try {
      const io = captureIo();
      const args = ['contract', 'check', '--target', frozen.target.baseUrl, '--mock', '--only', 'serverTime'];
      expect(await runCli([...args, '--reporter', 'json'], io)).toBe(0);
      // The same server as a real backend is held to this machine's clock.
      const real = await check(frozen.target.baseUrl, ['--only', 'serverTime']);
      expect(real.report.calls[0]?.problems[0]?.message).toContain(
        "more than a day from this machine's clock",
      );
      expect(real.code).toBe(1);
    } finally {
      await frozen.close();
    }
  });
});
