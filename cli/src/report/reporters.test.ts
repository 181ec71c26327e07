import { describe, expect, it } from 'vitest';
import { parseXml } from '../../test/support/xml';
import { render } from '../commands/runReport';
import type { SentRequest } from '../http/client';
import { curlOf } from './curl';
import { scenariosToJUnit } from './junit';
import { mask } from './mask';
import { formatPretty } from './pretty';
import type { RunReport } from './types';

const report: RunReport = {
  kind: 'scenarios',
  target: 'http://127.0.0.1:1',
  startedAt: '2026-11-21T09:00:00.000Z',
  ms: 1234,
  passed: false,
  totals: { scenarios: { passed: 1, failed: 1, skipped: 0 }, steps: { passed: 2, failed: 1, skipped: 1 } },
  scenarios: [
    {
      name: 'card-visa-approved',
      file: 'a.yaml',
      description: '4242 4242 4242 4242 approved',
      tags: [],
      status: 'passed',
      ms: 20,
      steps: [
        {
          index: '1',
          label: 'tokenizeCard (provider 13)',
          kind: 'tokenizeCard',
          status: 'passed',
          ms: 5,
          failures: [],
        },
        {
          index: '2',
          label: 'createCoinPay',
          kind: 'call',
          status: 'passed',
          ms: 7,
          failures: [],
          result: 0,
        },
      ],
    },
    {
      name: 'weird <&> "names"',
      file: 'b.yaml',
      description: 'x',
      tags: [],
      status: 'failed',
      ms: 30,
      steps: [
        {
          index: '1',
          label: 'checkDisplayId',
          kind: 'call',
          status: 'failed',
          ms: 9,
          failures: ['expected result 0, got 20001 (محظور) card 4242424242424242 cvv: 123'],
          result: 20001,
        },
        {
          index: '2',
          label: 'control reset',
          kind: 'control',
          status: 'skipped',
          ms: 0,
          failures: [],
          skipReason: 'after step 1 failed',
        },
      ],
    },
  ],
};

describe('reporters', () => {
  it('masks card numbers, CVVs and passwords', () => {
    expect(mask('4242 4242 4242 4242 and 4242424242424241, "cvv":"123", password=Passw0rd!')).toBe(
      '••••4242 and ••••4241, "cvv":"•••", password=•••',
    );
    expect(mask('order PO20261121000001 ts 1763715600000 uid 1001')).toBe(
      'order PO20261121000001 ts 1763715600000 uid 1001',
    );
  });

  it('writes a valid JUnit file: suites per scenario, failures and skips, no card number', () => {
    const xml = scenariosToJUnit(report);
    const root = parseXml(xml);
    expect(root.name).toBe('testsuites');
    expect(root.attrs).toMatchObject({ tests: '4', failures: '1', skipped: '1' });
    const [ok, bad] = root.children;
    expect(ok?.attrs).toMatchObject({ name: 'card-visa-approved', tests: '2', failures: '0' });
    expect(bad?.attrs.name).toBe('weird <&> "names"');
    const failed = bad?.children[0];
    expect(failed?.children[0]?.name).toBe('failure');
    expect(failed?.children[0]?.attrs.message).toContain('got 20001');
    expect(bad?.children[1]?.children[0]?.name).toBe('skipped');
    expect(xml).not.toMatch(/4242424242424242|cvv: 123/);
  });

  it('writes server text into HTML and JUnit with its control characters and bidi overrides escaped', () => {
    const hostile = 'refused \u001b[2J\u0007\u0000 \u202Eevil\nPASSED 70 scenarios';
    const [ok, bad] = report.scenarios;
    if (ok === undefined || bad === undefined) throw new Error('the sample report has two scenarios');
    const step = { ...bad.steps[0], failures: [hostile] } as (typeof bad.steps)[number];
    const withServerText: RunReport = {
      ...report,
      scenarios: [ok, { ...bad, error: hostile, steps: [step] }],
    };
    for (const reporter of ['html', 'junit'] as const) {
      const out = render(withServerText, reporter, false);
      for (const raw of ['\u0000', '\u0007', '\u001b', '\u202e']) expect(out).not.toContain(raw);
      expect(out).not.toMatch(/\nPASSED 70/);
      expect(out).toContain('\\u202eevil\\x0aPASSED 70 scenarios');
    }
  });

  it('prints a line per step with its timing, then totals', () => {
    const text = formatPretty(report, { colour: false });
    expect(text).toContain('  ✓ 2. createCoinPay (result 0) 7 ms');
    expect(text).toContain('  ○ 2. control reset 0 ms\n      skipped: after step 1 failed');
    expect(text).toContain('FAILED: 1 of 2 scenarios failed against http://127.0.0.1:1 in 1.23 s');
    expect(text).not.toContain('4242424242424242');
  });

  it('heads a failed run with how many failed, or why it failed when none did', () => {
    const ran = (failed: number): RunReport => ({
      ...report,
      totals: { ...report.totals, scenarios: { passed: 2 - failed, failed, skipped: 0 } },
    });
    expect(formatPretty(ran(2), { colour: false })).toContain('FAILED: 2 of 2 scenarios failed against');
    const merged: RunReport = { ...ran(0), notRun: ['shard 2/2 is missing from the merge'] };
    const text = formatPretty(merged, { colour: false });
    expect(text).toContain(
      'FAILED: 0 of 2 scenarios failed against http://127.0.0.1:1 (not run: shard 2/2 is missing from the merge)',
    );
    expect(render(merged, 'html', false)).toContain(
      'FAILED · 0 of 2 scenarios failed against http://127.0.0.1:1 (not run: shard 2/2 is missing from the merge)',
    );
  });

  it.each([
    [1, 'PASSED 1 scenario against'],
    [2, 'PASSED 2 scenarios against'],
  ])('says %i scenario(s) in the right number', (n, line) => {
    const one = report.scenarios[0];
    if (one === undefined) throw new Error('the sample report has a scenario');
    const passed: RunReport = {
      ...report,
      passed: true,
      totals: { ...report.totals, scenarios: { passed: n, failed: 0, skipped: 0 } },
      scenarios: Array.from({ length: n }, () => one),
    };
    expect(formatPretty(passed, { colour: false })).toContain(line);
    expect(render(passed, 'html', false)).toContain(line.replace('PASSED', 'PASSED ·'));
  });

  const platformData = JSON.stringify({
    paymentMethod: {
      type: 'scheme',
      encryptedCardNumber: 'adyenjs_mock_79f01d6f',
      encryptedExpiryMonth: 'adyenjs_mock_d487d926',
      encryptedSecurityCode: 'adyenjs_mock_b5cf3d58',
    },
  });
  const maskedPlatformData = JSON.stringify({
    paymentMethod: {
      type: 'scheme',
      encryptedCardNumber: '•••',
      encryptedExpiryMonth: '•••',
      encryptedSecurityCode: '•••',
    },
  });

  it.each([
    ['/coin/pay?uid=1001&token=tok_4f9a2c&pay_type=23', '/coin/pay?uid=1001&token=•••&pay_type=23'],
    ['/coin/pay?token=tok_4f9a2c', '/coin/pay?token=•••'],
    ['/x?session_key=sk_9&cvv_token=ct_1&Token=abc#top', '/x?session_key=•••&cvv_token=•••&Token=•••#top'],
    ['/x?number=4242424242424242&number2=7', '/x?number=••••4242&number2=7'],
    ['/x?tokens=a&mytoken=b&token=', '/x?tokens=a&mytoken=b&token='],
    [
      '/x?cvv=737&securityCode=123&card_number=4111111111111111',
      '/x?cvv=•••&securityCode=•••&card_number=••••1111',
    ],
    ['/x?apple_pay_token=wallet-ok&password=Passw0rd!', '/x?apple_pay_token=•••&password=•••'],
    // JSON carried in a query value: masked inside, encoded again.
    [
      `/api/order/create_coin_pay/?uid=1002&platform_data=${encodeURIComponent(platformData)}&kind=normal`,
      `/api/order/create_coin_pay/?uid=1002&platform_data=${encodeURIComponent(maskedPlatformData)}&kind=normal`,
    ],
    [
      `/p?platform_data=${new URLSearchParams({ a: platformData }).toString().slice(2)}`,
      `/p?platform_data=${encodeURIComponent(maskedPlatformData)}`,
    ],
    [
      '/p?ext=%7B%22h5_deviceid%22%3A%22h5-device-1%22%7D',
      '/p?ext=%7B%22h5_deviceid%22%3A%22h5-device-1%22%7D',
    ],
  ])('masks secret fields of a request URL by name: %s', (url, masked) => {
    expect(mask({ url }).url).toBe(masked);
  });

  it('masks the query of a journal row path and a request url inside structured values', () => {
    expect(
      mask({
        path: '/api/pay?token=tok_1&uid=7',
        request: { url: 'http://h/p?cvv=737', note: 'a&token=x' },
      }),
    ).toEqual({
      path: '/api/pay?token=•••&uid=7',
      request: { url: 'http://h/p?cvv=•••', note: 'a&token=x' },
    });
  });

  it.each([
    ['uid=1001&token=tok_4f9a2c', 'uid=1001&token=•••'],
    ['{"uid":1001,"token":"tok_4f9a2c"}', '{"uid":1001,"token":"•••"}'],
    ['{ "uid": 1001 }', '{ "uid": 1001 }'],
    ['the token is here', 'the token is here'],
    // A form body whose field holds JSON; a JSON body whose field is JSON text.
    [
      `app_order=PO1&platform_data=${encodeURIComponent(platformData)}`,
      `app_order=PO1&platform_data=${encodeURIComponent(maskedPlatformData)}`,
    ],
    [
      JSON.stringify({ order_id: 'PO1', platform_data: platformData }),
      JSON.stringify({ order_id: 'PO1', platform_data: maskedPlatformData }),
    ],
    [
      '{"cvc":"737","holderName":"Test","number":"4242424242424242"}',
      '{"cvc":"•••","holderName":"Test","number":"••••4242"}',
    ],
    [
      '{"session_key":"sk-x1","x":{"encryptedSecurityCode":"e"}}',
      '{"session_key":"•••","x":{"encryptedSecurityCode":"•••"}}',
    ],
  ])('masks secret fields of a text body by name: %s', (body, masked) => {
    expect(mask({ body }).body).toBe(masked);
  });

  it.each([
    ['x-session-key', 'sk_live_1', '•••'],
    ['x-account-token', 'acc_1', '•••'],
    ['x-device-token', 'dev-1', 'dev-1'],
    ['x-cli-id', 'cli-1', 'cli-1'],
  ])('masks a secret header by name: %s', (name, value, shown) => {
    expect(mask({ headers: { [name]: value } }).headers[name]).toBe(shown);
  });

  it('masks a request the same in its -v lines and its curl line', () => {
    const request: SentRequest = {
      method: 'GET',
      url: `http://127.0.0.1:1/api/order/create_coin_pay/?uid=1002&platform_data=${encodeURIComponent(platformData)}`,
      headers: { 'x-session-key': 'sk_live_1' },
    };
    const text = formatPretty(
      {
        ...report,
        scenarios: [
          {
            name: 'adyen',
            file: 'a.yaml',
            description: 'x',
            tags: [],
            status: 'failed',
            ms: 1,
            steps: [
              {
                index: '1',
                label: 'createCoinPay',
                kind: 'call',
                status: 'failed',
                ms: 1,
                failures: ['expected result 0, got 10001'],
                request,
                response: { status: 200, body: { result: 10001, data: { echo: platformData } } },
                curl: curlOf(request),
              },
            ],
          },
        ],
      },
      { colour: false, verbose: true },
    );
    expect(text).not.toContain('adyenjs_mock_');
    expect(text).not.toContain('sk_live_1');
    expect(text).toContain(
      `→ GET http://127.0.0.1:1/api/order/create_coin_pay/?uid=1002&platform_data=${encodeURIComponent(maskedPlatformData)}`,
    );
  });

  it('never shows a card token from a request URL, body or curl line, in pretty -v, JSON or HTML', () => {
    const secret = 'tok_sandbox_8d1f7e2a';
    const request: SentRequest = {
      method: 'POST',
      url: `http://127.0.0.1:1/api/coin/pay?uid=1001&token=${secret}&pay_type=23`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `recharge_id=rc_1&token=${secret}`,
    };
    const curl = curlOf(request);
    expect(curl).toContain('token=•••&pay_type=23');
    expect(curl).not.toContain(secret);
    const multipart = curlOf({
      ...request,
      body: [
        ['token', secret],
        ['uid', '1001'],
      ],
    });
    expect(multipart).toContain("-F 'token=•••' -F 'uid=1001'");
    const withToken: RunReport = {
      ...report,
      scenarios: [
        {
          name: 'card-token',
          file: 'c.yaml',
          description: 'x',
          tags: [],
          status: 'failed',
          ms: 9,
          steps: [
            {
              index: '1',
              label: 'createCoinPay',
              kind: 'call',
              status: 'failed',
              ms: 9,
              failures: ['expected result 0, got 10001'],
              result: 10001,
              request,
              response: { status: 200, body: { result: 10001, data: { token: secret } } },
              curl,
            },
          ],
        },
      ],
    };
    for (const reporter of ['pretty', 'json', 'html'] as const) {
      const text = render(withToken, reporter, false, true);
      expect([reporter, text.includes(secret)]).toEqual([reporter, false]);
      expect(text).toContain('uid=1001&');
      expect(text).toContain('token=•••');
    }
  });
});
