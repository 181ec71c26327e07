import { describe, expect, it } from 'vitest';
import type { RunReport, ScenarioReport } from '../report/types';
import { compareRuns } from './merge';

const scenario = (name: string, status: ScenarioReport['status'], writeGated?: string): ScenarioReport => ({
  name,
  file: `${name}.yaml`,
  description: 'x',
  tags: [],
  status,
  ms: 1,
  steps: [],
  ...(writeGated === undefined ? {} : { writeGated }),
});
const run = (target: string, scenarios: ScenarioReport[]): RunReport => ({
  kind: 'scenarios',
  target,
  startedAt: '2026-11-21T09:00:00.000Z',
  ms: 1,
  passed: true,
  totals: { scenarios: { passed: 0, failed: 0, skipped: 0 }, steps: { passed: 0, failed: 0, skipped: 0 } },
  scenarios,
});

describe('compareRuns', () => {
  const mock = run('mock', [scenario('a', 'passed'), scenario('b', 'passed'), scenario('c', 'passed')]);
  const real = run('https://real', [
    scenario('a', 'skipped', 'not sent: step 2 is a write'),
    scenario('b', 'skipped'),
    scenario('c', 'failed'),
  ]);

  it('does not count a scenario skipped by design on one side; a failure still differs', () => {
    expect(compareRuns(mock, real, true)).toEqual({
      differences: ['c: passed vs failed'],
      notCompared: [
        'a (skipped by design against https://real)',
        'b (skipped by design against https://real)',
      ],
    });
  });

  it('without --allow-skipped, a scenario whose every step was skipped is a difference; a gated write is not', () => {
    expect(compareRuns(mock, real)).toEqual({
      differences: ['b: passed vs skipped', 'c: passed vs failed'],
      notCompared: ['a (skipped by design against https://real)'],
    });
  });
});
