import { describe, expect, it } from 'vitest';
import type { ContractReport } from '../contract/check';
import { formatContractTable } from './contract';
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
