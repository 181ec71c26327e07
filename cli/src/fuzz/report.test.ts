import { describe, expect, it } from 'vitest';
import { parseXml } from '../../test/support/xml';
import { type FuzzReport, formatFuzzReport, replayLine } from './report';

const hostile = '<script>\u202Eevil\u0000\uD800';

const report: FuzzReport = {
  kind: 'fuzz',
  target: 'http://127.0.0.1:9/',
  seed: 42,
  runs: 20,
  startedAt: '2026-11-23T20:00:00.000Z',
  ms: 1200,
  budget: 'latency budget: 2000 ms a call',
  passed: false,
  calls: [
    {
      call: 'serverTime',
      method: 'GET',
      path: '/api/sys/ts/',
      status: 'passed',
      requests: 20,
      valid: 12,
      invalid: 8,
      rateLimited: 0,
      ms: 40,
    },
    {
      call: 'checkDisplayId',
      method: 'GET',
      path: '/api/web/check_display_id/',
      status: 'failed',
      requests: 9,
      valid: 5,
      invalid: 4,
      rateLimited: 0,
      ms: 50,
      failure: {
        problems: [{ kind: 'invalid-accepted', field: 'display_id', message: `answered 0 for ${hostile}` }],
        request: {
          wire: { display_id: hostile, source: '1' },
          mutation: { field: 'display_id', how: 'hostile-unicode' },
        },
        valid: false,
        answer: { status: 200, result: 0, body: `{"card":"4242424242424242"}` },
        curl: `curl -sS -X GET 'http://127.0.0.1:9/api/web/check_display_id/?display_id=x'`,
        shrinks: 3,
      },
    },
    {
      call: 'createCoinPay',
      method: 'GET',
      path: '/api/order/create_coin_pay/',
      status: 'skipped',
      requests: 0,
      valid: 0,
      invalid: 0,
      rateLimited: 0,
      ms: 0,
      skipReason: 'a write the fixtures do not mark safe',
    },
  ],
};

describe('fuzz reports', () => {
  it('prints the table, the smallest failing request with its curl line, and how to replay it', () => {
    const text = formatFuzzReport(report, 'pretty', false);
    expect(text).toMatch(/checkDisplayId {2}failed {3}9 {9}4 {8}1 problem\(s\)/);
    expect(text).toContain('smallest failing request after 3 shrinks');
    expect(text).toContain("curl -sS -X GET 'http://127.0.0.1:9/api/web/check_display_id/?display_id=x'");
    expect(text).toContain(
      'replay: topup contract fuzz --target http://127.0.0.1:9/ --seed 42 --runs 20 --only checkDisplayId',
    );
    expect(replayLine({ ...report, calls: [] })).toBe(
      'topup contract fuzz --target http://127.0.0.1:9/ --seed 42 --runs 20',
    );
    // A URL fuzzed as the mock is replayed as the mock: without --mock it would be sent other requests.
    expect(replayLine({ ...report, calls: [], mock: true })).toBe(
      'topup contract fuzz --target http://127.0.0.1:9/ --mock --seed 42 --runs 20',
    );
  });

  it('never prints a card number', () => {
    for (const kind of ['pretty', 'json', 'junit', 'html'] as const) {
      expect(formatFuzzReport(report, kind, false)).not.toContain('4242424242424242');
    }
  });

  it('writes JUnit XML that parses, hostile characters and all', () => {
    const xml = parseXml(formatFuzzReport(report, 'junit', false));
    expect(xml.attrs).toMatchObject({ tests: '3', failures: '1', skipped: '1' });
  });

  it('writes an HTML page with the hostile text escaped', () => {
    const html = formatFuzzReport(report, 'html', false);
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('<tr class="failed"><td>checkDisplayId</td>');
  });

  it('keeps the whole report in JSON', () => {
    const json = JSON.parse(formatFuzzReport(report, 'json', false)) as FuzzReport;
    expect(json.calls[1]?.failure?.request.mutation).toEqual({ field: 'display_id', how: 'hostile-unicode' });
    expect(json.seed).toBe(42);
  });
});
