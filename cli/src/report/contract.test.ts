import { describe, expect, it } from 'vitest';
import type { ContractReport } from '../contract/check';
import { contractToJUnit, formatContractTable } from './contract';
import { registerSecret } from './mask';

/** The table masks secrets in its free text only: a value equal to a secret (a CVV of 123) stays as a timing. */
describe('the contract table', () => {
  registerSecret('123');
  const report: ContractReport = {
    kind: 'contract',
    target: 'http://127.0.0.1:1/',
    startedAt: '2026-11-23T00:00:00.000Z',
    ms: 900,
    budget: 'latency budget: 2000 ms a call',
    calls: [
      {
        call: 'backupDomains',
        method: 'GET',
        path: '/api/x/',
        readOnly: true,
        outcome: 'ok',
        result: 0,
        ms: 123,
        problems: [],
      },
      {
        call: 'serverTime',
        method: 'GET',
        path: '/api/sys/ts/',
        readOnly: true,
        outcome: 'skipped',
        ms: 0,
        problems: [],
        skipReason: 'needs cvv 123',
      },
    ],
    counts: { ok: 1, skipped: 1 } as ContractReport['counts'],
    passed: true,
  };

  it.each([
    ['a timing equal to a secret is kept', /backupDomains\s+ok\s+0\s+123 /],
    ['a secret in the detail text is masked', /needs cvv •••/],
  ])('%s', (_name, pattern) => {
    expect(formatContractTable(report, false)).toMatch(pattern);
  });
});

describe('the contract JUnit file', () => {
  const call = { method: 'GET', path: '/api/web/x/', readOnly: true, ms: 5, problems: [] } as const;
  const report: ContractReport = {
    kind: 'contract',
    target: 'http://127.0.0.1:1/',
    startedAt: '2026-11-23T00:00:00.000Z',
    ms: 10,
    budget: 'latency budget: 2000 ms a call',
    calls: [
      { ...call, call: 'checkDisplayId', outcome: 'ok', result: 0 },
      { ...call, call: 'getOrderInfo', outcome: 'refused', result: 23001 },
    ],
    counts: { ok: 1, refused: 1 } as ContractReport['counts'],
    passed: true,
  };
  const xml = contractToJUnit(report);
  /** One testcase element's text, by its call name. */
  const testcase = (name: string) =>
    xml
      .split('<testcase ')
      .find((part) => part.includes(`name="${name} `))
      ?.split('</testcase>')[0] ?? '';

  it('tells an expected refusal from a verified answer', () => {
    const refused = testcase('getOrderInfo');
    expect(refused).toContain('<property name="outcome" value="refused"/>');
    expect(refused).toContain('<property name="result" value="23001"/>');
    expect(refused).toContain(
      '<system-out>refused as expected: 23001 (expectRefusals.getOrderInfo in the fixtures); its answer data was not checked</system-out>',
    );
    expect(refused).not.toContain('<failure');
    const verified = testcase('checkDisplayId');
    expect(verified).toContain('<property name="outcome" value="ok"/>');
    expect(verified).not.toContain('refused');
  });
});
