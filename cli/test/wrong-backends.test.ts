// Integration test: contract check against the mock (no control API) behind a proxy that answers as a wrong
// backend would (QA's qa7 fakes), one way per case: each fails the check (exit 1) at the call and field that
// say why. The rules come from SPEC (agreement.ts, the contracts' schemas).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
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
/** Alters the data of a successful answer on one path. */
const onPath =
  (part: string, change: (data: Data) => void): Alteration =>
  (path, json) => {
    if (path.includes(part) && json.result === 0 && json.data !== null && typeof json.data === 'object')
      change(json.data as Data);
    return json;
  };
const items = (d: Data, key: string) => d[key] as Data[];
/** An order's fast result that says paid (0) once, then pending (-1) again. */
const paidOnce = (): Alteration => {
  let paid = false;
  return onPath('pay_result_by_order_fast', (d) => {
    if (d.result !== 0) return;
    if (paid) d.result = -1;
    paid = true;
  });
};

const cases: readonly {
  readonly name: string;
  readonly alter: Alteration;
  readonly args: readonly string[];
  readonly call: string;
  readonly outcome: 'disagrees' | 'drift';
  readonly field: string;
  readonly says: string;
}[] = [
  // 1: the plan's made-up 3-D Secure result must be refused
  {
    name: 'a made-up 3-D Secure result accepted as paid',
    alter: (path, json) =>
      path.includes('submit_authentication_result')
        ? { result: 0, message: 'success', data: { status: 'paid', resultCode: 'Authorised' } }
        : json,
    args: writes('createCoinPay', 'submitAuthenticationResult'),
    call: 'submitAuthenticationResult',
    outcome: 'disagrees',
    field: 'result',
    says: 'answered 0 (status "paid") to parameters made up on purpose',
  },
  {
    name: 'a made-up redirect result accepted',
    alter: (path, json) =>
      path.includes('submit_payment_token')
        ? { result: 0, message: 'success', data: { status: 'failed' } }
        : json,
    args: writes('createCoinPay', 'submitPaymentToken'),
    call: 'submitPaymentToken',
    outcome: 'disagrees',
    field: 'result',
    says: 'any backend refuses them (10001)',
  },
  // 2: the session's own cards and history
  {
    name: "another account's saved cards",
    alter: onPath('get_card_source', (d) => {
      for (const c of items(d, 'items')) Object.assign(c, { uid: 4242, to_uid: 4242 });
    }),
    args: only('getCardSource'),
    call: 'getCardSource',
    outcome: 'disagrees',
    field: 'data.items',
    says: "entry 0 uid 4242, entry 1 uid 4242, entry 2 uid 4242 and 5 more, but the uid of the fixtures account whose session_key was sent is 1001: another account's saved card",
  },
  {
    name: "another payer's recharge history",
    alter: onPath('recharge_fill_record', (d) => {
      for (const r of items(d, 'list')) r.uid = 4242;
    }),
    args: only('rechargeFillRecord'),
    call: 'rechargeFillRecord',
    outcome: 'disagrees',
    field: 'data.list',
    says: "entry 0 uid 4242, entry 1 uid 4242, entry 2 uid 4242 and 3 more, but the uid of the fixtures account whose session_key was sent is 1001: another payer's history",
  },
  {
    name: 'a saved card for the order this run made with no card (--writes)',
    alter: (path, json) =>
      path.includes('get_card_info_by_order') && json.result === 0
        ? {
            ...json,
            data: {
              card: {
                source_id: 'src_someone',
                last4: '4242',
                bin: '424242',
                to_uid: 4242,
                scheme: 'visa',
                fingerprint: 'fp',
                issuer_country: 'US',
                card_valid_date: '12/29',
                is_bank_expire: 0,
                h5_deviceid: 'd',
                is_remember: 1,
                last_use_at: 0,
                login: 1,
                uid: 4242,
              },
            },
          }
        : json,
    args: writes('createCoinPay', 'getCardInfoByOrder'),
    call: 'getCardInfoByOrder',
    outcome: 'disagrees',
    field: 'data.card',
    says: 'answered the saved card "src_someone" (uid 4242), but the order this run made was made with no saved card',
  },
  // 3: the packages the fixtures name, at their prices
  {
    name: 'packages 100 times cheaper than the fixtures say',
    alter: onPath('get_recharge_list_v3', (d) => {
      for (const p of items(d, 'list')) Object.assign(p, { amount: 0.01, coin: (p.coin as number) * 100 });
    }),
    args: only('getRechargeListV3'),
    call: 'getRechargeListV3',
    outcome: 'disagrees',
    field: 'data.list',
    says: `lists "rc_999" at amount 0.01, but the fixtures' package.rc_999.amount is 9.99; lists "rc_999" at coin 73500, but the fixtures' package.rc_999.coin is 735`,
  },
  {
    name: 'a non-empty list without the package the fixtures name',
    alter: onPath('get_recharge_list_v3', (d) => {
      d.list = items(d, 'list').filter((p) => p.recharge_id !== 'rc_999');
    }),
    args: only('getRechargeListV3'),
    call: 'getRechargeListV3',
    outcome: 'disagrees',
    field: 'data.list',
    says: 'does not list package.rc_999 (recharge_id "rc_999")',
  },
  // 4: SPEC §9 wallet sheet currency USD
  {
    name: 'a wallet sheet in EUR',
    alter: onPath('/api/sys/config/', (d) => {
      ((d.pkgInfo as Data).applepay_config as Data).currencyCode = 'EUR';
    }),
    args: only('config'),
    call: 'config',
    outcome: 'drift',
    field: 'data.pkgInfo.applepay_config.currencyCode',
    says: 'expected "USD"',
  },
  // 5: order states
  {
    name: 'a new wallet order already paid (--writes)',
    alter: onPath('create_coin_pay', (d) => {
      d.platform_data = { status: 'paid', resultCode: 'Authorised' };
    }),
    args: writes('createCoinPay'),
    call: 'createCoinPay',
    outcome: 'disagrees',
    field: 'data.platform_data.status',
    says: 'answered "paid" for an order created with no card, token or provider data (pay type 26)',
  },
  {
    name: 'a fast result outside -1/0/1',
    alter: onPath('pay_result_by_order_fast', (d) => {
      d.result = 7;
    }),
    args: writes('createCoinPay', 'payResultByOrderFast'),
    call: 'payResultByOrderFast',
    outcome: 'drift',
    field: 'data.result',
    says: 'result is -1 (pending), 0 (paid) or 1 (failed)',
  },
  {
    name: 'a wallet payment paid with a failure detail (--writes)',
    alter: onPath('adyen_verify_pay', (d) =>
      Object.assign(d, { code: 0, fail_detail: 'Insufficient Funds or Exceeds Amount Limits' }),
    ),
    args: writes('createCoinPay', 'adyenVerifyPay'),
    call: 'adyenVerifyPay',
    outcome: 'disagrees',
    field: 'data.fail_detail',
    says: 'answered code 0 (paid) with the failure detail "Insufficient Funds or Exceeds Amount Limits"',
  },
  {
    name: 'a wallet payment said paid whose order then reads as failed (--writes)',
    alter: onPath('pay_result_by_order_fast', (d) => {
      d.result = 1;
    }),
    args: writes('createCoinPay', 'adyenVerifyPay'),
    call: 'adyenVerifyPay',
    outcome: 'disagrees',
    field: 'data.code',
    says: 'answered code 0 (paid), but payResultByOrderFast then answered result 1 for the same order',
  },
  // qa9 #3, #4: after paying, the history shows it and the order stays paid
  {
    name: 'a history that drops the payment just made (--writes, qa9)',
    alter: onPath('/api/web/recharge_fill_record/', (d) => {
      d.list = items(d, 'list').slice(1);
    }),
    args: writes('rechargeFillRecord', 'createCoinPay', 'adyenVerifyPay'),
    call: 'adyenVerifyPay',
    outcome: 'disagrees',
    field: 'history',
    says: 'rechargeFillRecord then listed no entry for uid 1001, the target of the order paid',
  },
  {
    name: 'an empty history after paying (--writes, qa9)',
    alter: onPath('/api/web/recharge_fill_record/', (d) => {
      d.list = [];
    }),
    args: writes('createCoinPay', 'adyenVerifyPay'),
    call: 'adyenVerifyPay',
    outcome: 'disagrees',
    field: 'history',
    says: 'listed no entry for uid 1001, the target of the order paid (0 entries)',
  },
  {
    name: 'a paid order that reads as pending again (--writes, qa9)',
    alter: paidOnce(),
    args: writes('createCoinPay', 'adyenVerifyPay'),
    call: 'adyenVerifyPay',
    outcome: 'disagrees',
    field: 'data.code',
    says: 'but read again it answered result -1 for the same order: a paid order stays paid',
  },
  // 6: card writes
  {
    name: 'a delete of a fingerprint no card has that deletes cards (--writes)',
    alter: onPath('delete_card_source', (d) => {
      d.deleted = 3;
    }),
    args: writes('getCardSource', 'deleteCardSource'),
    call: 'deleteCardSource',
    outcome: 'disagrees',
    field: 'data.deleted',
    says: 'answered 3 deleted, but getCardSource listed 0 cards with the fingerprint asked for',
  },
  {
    name: 'an update answering the card remembered when asked to forget it (--writes)',
    alter: onPath('update_card_source', (d) => {
      (d.card as Data).is_remember = 1;
    }),
    args: writes('getCardSource', 'updateCardSource'),
    call: 'updateCardSource',
    outcome: 'disagrees',
    field: 'data.card.is_remember',
    says: 'answered 1, but the is_remember sent',
  },
  {
    name: 'an update answering another expiry than the card had (--writes)',
    alter: onPath('update_card_source', (d) => {
      (d.card as Data).card_valid_date = '01/31';
    }),
    args: writes('getCardSource', 'updateCardSource'),
    call: 'updateCardSource',
    outcome: 'disagrees',
    field: 'data.card.card_valid_date',
    says: `answered "01/31", but the card_valid_date sent (else getCardSource's card_valid_date of that card) is "05/28"`,
  },
  {
    name: 'saved cards expiring in month 13',
    alter: onPath('get_card_source', (d) => {
      for (const c of items(d, 'items')) c.card_valid_date = '13/99';
    }),
    args: only('getCardSource'),
    call: 'getCardSource',
    outcome: 'drift',
    field: 'data.items.0.card_valid_date',
    says: 'expiry must be MM/YY',
  },
  // 8
  {
    name: 'a status map calling banned the account the lookup called normal',
    alter: onPath('check_user_status', (d) => {
      for (const v of Object.values(d.user_map as Data)) (v as Data).status = 2;
    }),
    args: only('checkDisplayId', 'checkUserStatus'),
    call: 'checkUserStatus',
    outcome: 'disagrees',
    field: 'data.user_map',
    says: 'answered status 2 for uid 1001, but checkDisplayId answered status 0 for it',
  },
  {
    name: 'a batch whose server time is 0',
    alter: onPath('batch_request', (d) => {
      for (const k of Object.keys(d)) {
        const e = JSON.parse(d[k] as string) as { data: Data };
        e.data.ts = 0;
        d[k] = JSON.stringify(e);
      }
    }),
    args: only('batchRequest'),
    call: 'batchRequest',
    outcome: 'disagrees',
    field: 'data.ts.data.ts',
    says: 'serverTime: answered 0 (1970-01-01T00:00:00.000Z), more than a day from',
  },
  {
    name: 'a room status that is not JSON',
    alter: onPath('room_status', (d) => Object.assign(d, { sn: 3, room_status: 'this is not json' })),
    args: only('roomStatus'),
    call: 'roomStatus',
    outcome: 'drift',
    field: 'data.room_status',
    says: 'room_status is not the JSON string of a status table',
  },
  {
    name: 'a room table whose SPEC keys hold the wrong kinds of value (qa9)',
    alter: onPath('room_status', (d) => {
      const table = JSON.parse(d.room_status as string) as Data;
      Object.assign(table, {
        fans_count: 'lots',
        pk_status: { state: 'one', red_score: 'many', blue_score: null },
        room_mics_new: 'garbage',
      });
      d.room_status = JSON.stringify(table);
    }),
    args: only('roomStatus'),
    call: 'roomStatus',
    outcome: 'drift',
    field: 'data.room_status',
    says: 'room_status.pk_status.state',
  },
  {
    name: 'the live room answered as unknown',
    alter: onPath('room_status', (d) => Object.assign(d, { sn: -1, room_status: '{}' })),
    args: only('roomStatus'),
    call: 'roomStatus',
    outcome: 'disagrees',
    field: 'data.sn',
    says: "answered sn -1 (no status) for room 5001, the fixtures' live room",
  },
  {
    name: 'a wallet session that is no session (--writes)',
    alter: onPath('apple_pay_session_data', (d) => {
      d.session_json_string = 'not a session';
    }),
    args: writes('createCoinPay', 'adyenApplePaySessionData'),
    call: 'adyenApplePaySessionData',
    outcome: 'drift',
    field: 'data.session_json_string',
    says: 'not a base64 JSON merchant session',
  },
  {
    name: 'a domain check for a pay type that does not exist',
    alter: onPath('check_domain_payable', (d) =>
      Object.assign(d, { is_payable: false, domain: 'evil.example', pay_type: 99 }),
    ),
    args: only('checkDomainPayable'),
    call: 'checkDomainPayable',
    outcome: 'drift',
    field: 'data.pay_type',
    says: 'not a pay type (SPEC §3 pay types)',
  },
  {
    name: 'a domain check for another pay type than the one asked',
    alter: onPath('check_domain_payable', (d) => Object.assign(d, { pay_type: 24 })),
    args: only('checkDomainPayable'),
    call: 'checkDomainPayable',
    outcome: 'disagrees',
    field: 'data.pay_type',
    says: 'answered 24, but the pay type asked for is 26',
  },
  {
    name: 'backup hosts for any host, naming a URL',
    alter: (path, json) =>
      path.includes('backup_domains') && json.result === 0
        ? { ...json, data: JSON.stringify({ domains: { 'api.example': ['http://10.0.0.1:1'] } }) }
        : json,
    args: only('backupDomains'),
    call: 'backupDomains',
    outcome: 'drift',
    field: 'data.domains.api.example.0',
    says: 'not a host',
  },
];

describe('contract check fails each wrong backend QA found green (qa7)', () => {
  it.each(cases)('fails $name', async ({ alter, args, call, outcome, field, says }) => {
    const backend = await startAlteredBackend(alter);
    try {
      const { code, report } = await check(backend.url, args);
      const judged = report.calls.find((c) => c.call === call);
      expect(judged?.outcome).toBe(outcome);
      expect(judged?.problems).toContainEqual(
        expect.objectContaining({ field, message: expect.stringContaining(says) }),
      );
      expect(report.passed).toBe(false);
      expect(code).toBe(1);
    } finally {
      await backend.close();
    }
  });

  it('fails backup hosts keyed by a wildcard', async () => {
    const backend = await startAlteredBackend((path, json) =>
      path.includes('backup_domains') && json.result === 0
        ? { ...json, data: JSON.stringify({ domains: { '*': ['evil.example'] } }) }
        : json,
    );
    try {
      const { code, report } = await check(backend.url, only('backupDomains'));
      expect(report.calls[0]?.outcome).toBe('drift');
      expect(report.calls[0]?.problems[0]?.field).toBe('data.domains.*');
      expect(code).toBe(1);
    } finally {
      await backend.close();
    }
  });
});

describe('contract check of a backend without the fixtures it needs (qa9)', () => {
  const run = async (url: string, args: readonly string[]) => {
    const io = captureIo();
    const code = await runCli(['contract', 'check', '--target', url, '--reporter', 'json', ...args], io);
    return { code, io, report: JSON.parse(io.stdout()) as Report & { runProblem?: string } };
  };

  it('fails when calls were skipped for missing fixture values, unless --allow-skips', async () => {
    // A backend serving only the calls that need no fixture value: the rest is a 404 page.
    const backend = await startAlteredBackend((path, json) =>
      /^\/api\/(sys\/|gm\/hii|timeline\/position|web\/page_view_id_result|order\/check_domain_payable)/.test(
        path,
      )
        ? json
        : { result: 10004, message: 'not found', data: null },
    );
    try {
      const bare = await run(backend.url, []);
      expect(bare.report.passed).toBe(false);
      expect(bare.report.runProblem).toMatch(
        /^\d+ of \d+ calls were not checked: the fixtures lack the values they need \(.*checkUid.*\); give --fixtures with those values, or --allow-skips/,
      );
      expect(bare.code).toBe(1);
      expect(bare.io.stderr()).toContain('the run fails for them unless --allow-skips');
      const allowed = await run(backend.url, ['--allow-skips']);
      expect(allowed.report.runProblem).toBeUndefined();
      expect(allowed.code).toBe(0);
      // A selection that needs no fixture value is checked in full: nothing skipped, nothing to allow.
      expect((await run(backend.url, only('serverTime', 'hii'))).code).toBe(0);
    } finally {
      await backend.close();
    }
  });

  it('fails a fixtures file that lacks values the check needs, naming the calls not checked', async () => {
    const backend = await startAlteredBackend((_path, json) => json);
    const dir = mkdtempSync(join(tmpdir(), 'topup-fx-'));
    const file = join(dir, 'partial.yaml');
    writeFileSync(
      file,
      'version: 1\nfixtures:\n  device: { h5_deviceid: h5-device-10000001, uuid: ci-device-uuid-1 }\n',
    );
    try {
      const { code, report } = await run(backend.url, ['--fixtures', file]);
      expect(report.runProblem).toMatch(/not checked: .*\(.*checkUid.*getCardSource.*\)/);
      expect(report.runProblem).not.toContain('addEvent');
      expect(code).toBe(1);
    } finally {
      await backend.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
