// Integration test: contract check against the mock (no control API) behind a proxy that answers with wrong
// values inside valid types (a flipped flag, a past expires_at, an upload token's result -1, …), one lie per
// row: each fails the check (exit 1) with one line at the call and field that say why (VALUE_RULES,
// agreementValueRules.ts; the card read-back, cardsReadBack.ts). The honest mock passes `--writes`.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../src/cli';
import { type Alteration, startAlteredBackend } from './support/alteredBackend';
import { captureIo } from './support/capture';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'mock-backend.yaml');

interface Report {
  readonly passed: boolean;
  readonly calls: readonly {
    call: string;
    outcome: string;
    problems: readonly { kind: string; field?: string; message: string }[];
  }[];
}

async function check(url: string, args: readonly string[]): Promise<{ code: number; report: Report }> {
  const io = captureIo();
  const base = ['contract', 'check', '--target', url, '--fixtures', FIXTURES, '--reporter', 'json'];
  const code = await runCli([...base, ...args], io);
  return { code, report: JSON.parse(io.stdout()) as Report };
}

const only = (...calls: string[]) => calls.flatMap((c) => ['--only', c]);
const writes = (...calls: string[]) => ['--writes', ...only(...calls)];
type Data = Record<string, unknown>;
/** Alters the data of a successful answer on one path (from its `from`th answer on: 2 = the read-back). */
const onPath = (part: string, change: (data: Data) => void, from = 1): Alteration => {
  let seen = 0;
  return (path, json) => {
    if (!path.includes(part) || json.result !== 0 || json.data === null || typeof json.data !== 'object')
      return json;
    seen += 1;
    if (seen >= from) change(json.data as Data);
    return json;
  };
};
const items = (d: Data, key: string) => d[key] as Data[];
const card = (d: Data, id: string) => items(d, 'items').find((c) => c.source_id === id) as Data;
const firstToken = (d: Data) => items(d, 'tokens')[0] as Data;
const HOUR_AGO = () => Math.floor(Date.now() / 1000) - 3600;

const lies: readonly {
  readonly lie: string;
  readonly alter: Alteration;
  /** The paths sent to another backend instead, where what they do changes nothing here. */
  readonly elsewhere?: RegExp;
  readonly args: readonly string[];
  /** The call the line is on; two when either may be judged second (they run at once). */
  readonly call: string | readonly [string, string];
  readonly field: string | readonly [string, string];
  readonly says: string;
  /** Calls that fail too, for another fact the same lie breaks (the lookup against the fixtures). */
  readonly alsoFails?: readonly string[];
}[] = [
  {
    lie: 'an upload token answered result -1 (not granted) taken as success',
    alter: onPath('upload_token', (d) => {
      firstToken(d).result = -1;
    }),
    args: only('uploadToken'),
    call: 'uploadToken',
    field: 'data.tokens.0',
    says: 'answered tokens[0].result -1 for the one PNG of 1024 bytes asked',
  },
  {
    lie: 'an upload token with an empty key',
    alter: onPath('upload_token', (d) => {
      const t = firstToken(d);
      t.body = JSON.stringify({ ...(JSON.parse(t.body as string) as Data), key: '' });
    }),
    args: writes('uploadToken'),
    call: 'uploadToken',
    field: 'data.tokens.0',
    says: 'answered tokens[0] with an empty body.key',
  },
  {
    lie: 'a signed-in session with a negative expires_at',
    alter: onPath('check_session', (d) => {
      d.expires_at = -1;
    }),
    args: only('checkSession'),
    call: 'checkSession',
    field: 'data.expires_at',
    says: 'answered -1 (1969-12-31T23:59:59.000Z), not after',
  },
  {
    lie: 'a signed-in session that expired an hour ago',
    alter: onPath('check_session', (d) => {
      d.expires_at = HOUR_AGO();
    }),
    args: only('checkSession'),
    call: 'checkSession',
    field: 'data.expires_at',
    says: 'a session answered valid has not expired',
  },
  {
    lie: 'a login ticket issued already expired',
    alter: onPath('get_login_ticket', (d) => {
      d.expires_at = HOUR_AGO();
    }),
    args: only('getLoginTicket'),
    call: 'getLoginTicket',
    field: 'data.expires_at',
    says: 'a ticket handed over to sign in with answered valid has not expired',
  },
  {
    lie: 'the account ordered for looked up as a guest (is_guest flipped, --writes)',
    alter: onPath('check_display_id', (d) => {
      d.is_guest = true;
    }),
    args: writes('checkDisplayId', 'createCoinPay'),
    call: 'createCoinPay',
    field: 'data.order_id',
    says: 'checkDisplayId answered is_guest true for uid 1001: a guest account cannot be topped up',
    alsoFails: ['checkDisplayId'],
  },
  {
    lie: 'a normal account looked up as a guest (is_guest flipped)',
    alter: onPath('check_display_id', (d) => {
      d.is_guest = true;
    }),
    args: only('checkDisplayId'),
    call: 'checkDisplayId',
    field: 'data.is_guest',
    says: 'answered true, but the is_guest of the fixtures account whose display_uid was sent is false',
  },
  {
    lie: 'a charge list calling the account new (is_new flipped)',
    alter: onPath('get_recharge_list_v3', (d) => {
      d.is_new = true;
    }),
    args: only('getRechargeListV3'),
    call: 'getRechargeListV3',
    field: 'data.is_new',
    says: 'answered true, but the is_new of the fixtures account whose uid was sent is false',
  },
  {
    lie: 'the account ordered for looked up as banned (status 2, --writes)',
    alter: onPath('check_display_id', (d) => {
      d.status = 2;
    }),
    args: writes('checkDisplayId', 'createCoinPay'),
    call: 'createCoinPay',
    field: 'data.order_id',
    says: 'checkDisplayId answered status 2 (banned) for uid 1001: top-up is refused for it',
  },
  {
    lie: 'the account ordered for with a banned user row (--writes)',
    alter: onPath('/api/user/check_uid/', (d) => {
      (d.user as Data).status = 2;
    }),
    args: writes('checkUid', 'createCoinPay'),
    call: 'createCoinPay',
    field: 'data.order_id',
    says: 'checkUid answered status 2 (banned) for uid 1001',
  },
  {
    lie: 'a user row banned that the lookup calls normal',
    alter: onPath('/api/user/check_uid/', (d) => {
      (d.user as Data).status = 2;
    }),
    args: only('checkUid', 'checkDisplayId'),
    call: ['checkUid', 'checkDisplayId'],
    field: ['data.user.status', 'data.status'],
    says: 'both are 2 when the account is banned (SPEC §3',
  },
  {
    lie: 'a wallet card with a real last4',
    alter: onPath('get_card_source', (d) => {
      card(d, 'apple_pay').last4 = '4242';
    }),
    args: only('getCardSource'),
    call: 'getCardSource',
    field: 'data.items',
    says: 'has last4 "4242" and bin "000000", but a wallet card has last4 "0000" and bin "000000" (SPEC §3',
  },
  {
    lie: 'a remembered saved card listed forgotten (is_remember flipped)',
    alter: onPath('get_card_source', (d) => {
      card(d, 'src_mc5454').is_remember = 0;
    }),
    args: only('getCardSource'),
    call: 'getCardSource',
    field: 'data.items',
    says: `lists "src_mc5454" with is_remember 0, but the fixtures' savedCard.src_mc5454.is_remember is 1`,
  },
  {
    lie: 'a valid saved card listed bank-expired (is_bank_expire flipped)',
    alter: onPath('get_card_source', (d) => {
      card(d, 'src_mc5454').is_bank_expire = 1;
    }),
    args: only('getCardSource'),
    call: 'getCardSource',
    field: 'data.items',
    says: `lists "src_mc5454" with is_bank_expire 1, but the fixtures' savedCard.src_mc5454.is_bank_expire is 0`,
  },
  {
    lie: 'an update answering the card bank-expired, a field it was not sent (--writes)',
    alter: onPath('update_card_source', (d) => {
      (d.card as Data).is_bank_expire = 1;
    }),
    args: writes('getCardSource', 'updateCardSource'),
    call: 'updateCardSource',
    field: 'data.card.is_bank_expire',
    says: "answered 1, but getCardSource's is_bank_expire of that card is 0: an update changes only",
  },
  {
    lie: 'an update answered forgotten whose card the list then shows remembered (--writes)',
    alter: onPath(
      'get_card_source',
      (d) => {
        card(d, 'src_mc5454').is_remember = 1;
      },
      2,
    ),
    args: writes('getCardSource', 'updateCardSource'),
    call: 'updateCardSource',
    field: 'data.card',
    says: 'answered is_remember 0 for "src_mc5454", but getCardSource then listed is_remember 1',
  },
  {
    lie: 'an update that does nothing: sent to another backend (--writes)',
    alter: (_path, json) => json,
    elsewhere: /update_card_source/,
    args: writes('getCardSource', 'updateCardSource'),
    call: 'updateCardSource',
    field: 'data.card',
    says: 'answered is_remember 0 for "src_mc5454", but getCardSource then listed is_remember 1',
  },
  {
    lie: 'a card set back whose list then shows it still forgotten (--writes)',
    alter: onPath(
      'get_card_source',
      (d) => {
        card(d, 'src_mc5454').is_remember = 0;
      },
      3,
    ),
    args: writes('getCardSource', 'updateCardSource'),
    call: 'updateCardSource',
    field: 'data.card',
    says: 'setting "src_mc5454" back (is_remember true) was then listed is_remember 0',
  },
  {
    lie: 'a cancel answered done that does nothing: sent to another backend (--writes)',
    alter: (path, json) =>
      path.includes('click_cancel') ? { result: 0, message: 'success', data: { cancelled: true } } : json,
    elsewhere: /click_cancel/,
    args: writes('createCoinPay', 'clickCancel'),
    call: 'clickCancel',
    field: 'data.cancelled',
    says: 'but payResultByOrderFast then answered result -1 for it (still pending)',
  },
  {
    lie: 'a cancel of the pending order this run made answered not cancelled (--writes)',
    alter: onPath('click_cancel', (d) => {
      d.cancelled = false;
    }),
    args: writes('createCoinPay', 'clickCancel'),
    call: 'clickCancel',
    field: 'data.cancelled',
    says: 'answered cancelled false for order',
  },
  {
    lie: 'a cancelled order read as failed for another reason than the cancel (--writes)',
    alter: onPath('get_pay_error_by_order', (d) => {
      d.fail_detail = 'default';
    }),
    args: writes('createCoinPay', 'clickCancel'),
    call: 'clickCancel',
    field: 'data.cancelled',
    says: 'getPayError then answered fail_detail "default" for it, not "userCancel"',
  },
  {
    lie: 'a delete answered success (1 deleted) for a fingerprint no card has (--writes)',
    alter: onPath('delete_card_source', (d) => {
      d.deleted = 1;
    }),
    args: writes('getCardSource', 'deleteCardSource'),
    call: 'deleteCardSource',
    field: 'data.deleted',
    says: 'answered 1 deleted, but getCardSource listed 0 cards with the fingerprint asked for',
  },
  {
    lie: 'a delete answered done whose fingerprint the list then still shows (--writes)',
    alter: onPath(
      'get_card_source',
      (d) => {
        card(d, 'src_mc5454').fingerprint = 'fp-topup-contract-check-no-card';
      },
      2,
    ),
    args: writes('getCardSource', 'deleteCardSource'),
    call: 'deleteCardSource',
    field: 'data.deleted',
    says: 'answered 0 deleted, but getCardSource then still listed "src_mc5454" with the fingerprint deleted',
  },
  {
    lie: 'a delete of no card after which another card is gone (--writes)',
    alter: onPath(
      'get_card_source',
      (d) => {
        d.items = items(d, 'items').filter((c) => c.source_id !== 'src_mc5454');
      },
      2,
    ),
    args: writes('getCardSource', 'deleteCardSource'),
    call: 'deleteCardSource',
    field: 'data.deleted',
    says: 'but getCardSource then no longer listed "src_mc5454", listed before with another fingerprint',
  },
  {
    lie: "an order read with other coins than the package's (--writes)",
    alter: onPath('get_order_info_by_pay2_order_id', (d) => {
      d.coin = 1;
    }),
    args: writes('getRechargeListV3', 'createCoinPay', 'getOrderInfo'),
    call: 'getOrderInfo',
    field: 'data.coin',
    says: "answered 1, but the ordered package's coin in getRechargeListV3 is 735",
  },
  {
    lie: 'a coin order read as a fine order (--writes)',
    alter: onPath('get_order_info_by_pay2_order_id', (d) => {
      d.kind = 'fine';
    }),
    args: writes('createCoinPay', 'getOrderInfo'),
    call: 'getOrderInfo',
    field: 'data.kind',
    says: 'answered "fine", but the kind of order createCoinPay makes is "coin"',
  },
  {
    lie: 'the success wallet token answered failed (code 1, --writes)',
    alter: onPath('adyen_verify_pay', (d) => Object.assign(d, { code: 1, fail_detail: 'default' })),
    args: writes('createCoinPay', 'adyenVerifyPay'),
    call: 'adyenVerifyPay',
    field: 'data.code',
    says: `answered code 1 (fail_detail "default") for the fixtures' wallet.success token, which pays at once`,
  },
  {
    lie: 'the success wallet token answered pending (code -1, --writes)',
    alter: onPath('adyen_verify_pay', (d) => Object.assign(d, { code: -1, fail_detail: 'pending' })),
    args: writes('createCoinPay', 'adyenVerifyPay'),
    call: 'adyenVerifyPay',
    field: 'data.code',
    says: 'answered code -1 (fail_detail "pending")',
  },
  {
    lie: 'a fine order paid at creation with nothing to pay it (--writes)',
    alter: onPath('/api/order/create_fine_pay/', (d) => {
      d.platform_data = { status: 'paid' };
    }),
    args: writes('createFinePay'),
    call: 'createFinePay',
    field: 'data.platform_data.status',
    says: 'answered "paid" for an order created with no card, token or provider data (pay type 24)',
  },
  {
    lie: 'a hosted-page fine order paid at creation (--writes)',
    alter: onPath('/api/payer_max/create_fine_pay/', (d) => {
      d.platform_data = { status: 'paid' };
    }),
    args: writes('payerMaxCreateFinePay'),
    call: 'payerMaxCreateFinePay',
    field: 'data.platform_data.status',
    says: 'answered "paid" for an order created with no card, token or provider data: nothing has paid it',
  },
  {
    lie: "an outstanding fine's account not banned (account_banned flipped)",
    alter: onPath('get_fine_info', (d) => {
      d.account_banned = false;
    }),
    args: only('getFineInfo'),
    call: 'getFineInfo',
    field: 'data.account_banned',
    says: 'answered false for an unpaid fine.outstanding: its account stays banned until the fine is paid',
  },
  {
    lie: 'the outstanding fine answered paid',
    alter: onPath('get_fine_info', (d) => {
      Object.assign(d, { status: 'paid', account_banned: false });
    }),
    args: only('getFineInfo'),
    call: 'getFineInfo',
    field: 'data.status',
    says: 'answered "paid" for fine.outstanding, the fine the writes order: it is unpaid',
  },
  {
    lie: 'a history entry first filled after its last fill',
    alter: onPath('recharge_fill_record', (d) => {
      const row = items(d, 'list')[0] as Data;
      row.first_fill_time = (row.last_fill_time as number) + 1000;
    }),
    args: only('rechargeFillRecord'),
    call: 'rechargeFillRecord',
    field: 'data.list',
    says: 'entry 0 first_fill_time',
  },
  {
    lie: 'a history entry last filled in milliseconds (years ahead)',
    alter: onPath('recharge_fill_record', (d) => {
      (items(d, 'list')[0] as Data).last_fill_time = Date.now();
    }),
    args: only('rechargeFillRecord'),
    call: 'rechargeFillRecord',
    field: 'data.list',
    says: "is more than a day after this machine's clock: fill times are seconds",
  },
];

describe('contract check fails wrong values inside valid types, one line per lie', () => {
  it.each(lies)('fails $lie', async ({ alter, elsewhere, args, call, field, says, alsoFails = [] }) => {
    const backend = await startAlteredBackend(alter, elsewhere);
    try {
      const { code, report } = await check(backend.url, args);
      const calls = typeof call === 'string' ? [call] : call;
      const fields = typeof field === 'string' ? [field] : field;
      const failing = report.calls.filter((c) => c.outcome !== 'ok' && c.outcome !== 'refused');
      // One failing call (besides those another broken fact fails), with one line that says the lie.
      const judged = failing.find((c) => !alsoFails.includes(c.call));
      expect(failing.map((c) => c.call).sort()).toEqual([judged?.call, ...alsoFails].sort());
      expect(calls).toContain(judged?.call);
      expect(judged?.outcome).toBe('disagrees');
      expect(judged?.problems).toHaveLength(1);
      expect(fields).toContain(judged?.problems[0]?.field);
      expect(judged?.problems[0]?.message).toContain(says);
      expect(report.passed).toBe(false);
      expect(code).toBe(1);
    } finally {
      await backend.close();
    }
  });

  it('passes the honest mock under --writes, every value as SPEC says', async () => {
    const backend = await startAlteredBackend((_path, json) => json);
    try {
      const { code, report } = await check(backend.url, ['--writes']);
      const failing = report.calls.filter((c) => c.outcome !== 'ok' && c.outcome !== 'refused');
      expect(failing).toEqual([]);
      expect(report.passed).toBe(true);
      expect(code).toBe(0);
    } finally {
      await backend.close();
    }
  });
});
