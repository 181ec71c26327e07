import { describe, expect, it } from 'vitest';
import {
  countsOf,
  distinct,
  failedLines,
  playwrightOutcomes,
  summaryLine,
  vitestOutcomes,
} from './testCounts.mjs';

/** How `npm test` counts, on reports shaped as Vitest's and Playwright's JSON reporters write them. */

const vitestReport = (tests: [string, string][], extraFiles: object[] = []) => ({
  testResults: [
    {
      name: '/repo/web/src/a.test.ts',
      status: 'passed',
      assertionResults: tests.map(([title, status]) => ({ ancestorTitles: ['suite'], title, status })),
    },
    ...extraFiles,
  ],
});

const playwrightReport = (tests: { project: string; status: string }[], flaky = 0) => ({
  stats: { expected: 0, unexpected: 0, flaky, skipped: 0 },
  suites: [
    {
      title: 'pay/cards.spec.ts',
      file: 'pay/cards.spec.ts',
      specs: [],
      suites: [
        {
          title: 'saved cards',
          file: 'pay/cards.spec.ts',
          specs: [
            {
              title: 'deletes a card',
              file: 'pay/cards.spec.ts',
              tests: tests.map((t) => ({ projectName: t.project, status: t.status })),
            },
          ],
        },
      ],
    },
  ],
});

describe('Vitest under two Nodes', () => {
  it('counts each test once, not once per Node', () => {
    const here = vitestOutcomes(
      vitestReport([
        ['a', 'passed'],
        ['b', 'passed'],
      ]),
      '/repo',
    );
    const node24 = vitestOutcomes(
      vitestReport([
        ['a', 'passed'],
        ['b', 'passed'],
      ]),
      '/repo',
    );
    expect([...here.keys()]).toEqual([
      'vitest › web/src/a.test.ts › suite › a',
      'vitest › web/src/a.test.ts › suite › b',
    ]);
    expect(countsOf(distinct([here, node24]))).toEqual({ passed: 2, failed: 0, skipped: 0 });
  });

  it('counts a test that fails under Node 24 only as one failed test', () => {
    const here = vitestOutcomes(
      vitestReport([
        ['a', 'passed'],
        ['b', 'passed'],
      ]),
    );
    const node24 = vitestOutcomes(
      vitestReport([
        ['a', 'failed'],
        ['b', 'passed'],
      ]),
    );
    expect(countsOf(node24)).toEqual({ passed: 1, failed: 1, skipped: 0 });
    expect(countsOf(distinct([here, node24]))).toEqual({ passed: 1, failed: 1, skipped: 0 });
  });

  it('counts a file that did not load as one failed test, and skipped or todo tests apart', () => {
    const broken = { name: '/repo/web/src/b.test.ts', status: 'failed', assertionResults: [] };
    const outcomes = vitestOutcomes(
      vitestReport(
        [
          ['a', 'skipped'],
          ['b', 'todo'],
          ['c', 'passed'],
        ],
        [broken],
      ),
      '/repo',
    );
    expect(outcomes.get('vitest › web/src/b.test.ts › (file)')).toBe('failed');
    expect(countsOf(outcomes)).toEqual({ passed: 1, failed: 1, skipped: 2 });
  });

  it('counts a file whose hook failed (its tests skipped) as one failed test', () => {
    const hooked = {
      name: 'h.test.ts',
      status: 'failed',
      assertionResults: [{ title: 't', status: 'skipped' }],
    };
    expect(countsOf(vitestOutcomes({ testResults: [hooked] }))).toEqual({ passed: 0, failed: 1, skipped: 1 });
  });

  it('keeps two tests of the same title apart', () => {
    expect(
      countsOf(
        vitestOutcomes(
          vitestReport([
            ['same', 'passed'],
            ['same', 'failed'],
          ]),
        ),
      ),
    ).toEqual({
      passed: 1,
      failed: 1,
      skipped: 0,
    });
  });
});

describe('Playwright', () => {
  it('counts a test that needed a retry (flaky) as failed', () => {
    const outcomes = playwrightOutcomes(
      playwrightReport(
        [
          { project: 'mobile', status: 'flaky' },
          { project: 'desktop', status: 'expected' },
        ],
        1,
      ),
    );
    expect(outcomes).toEqual(
      new Map([
        ['playwright › mobile › pay/cards.spec.ts › saved cards › deletes a card', 'failed'],
        ['playwright › desktop › pay/cards.spec.ts › saved cards › deletes a card', 'passed'],
      ]),
    );
  });

  it('counts a failed and a skipped test as such, and an error outside any test as a failure', () => {
    const report = {
      ...playwrightReport([
        { project: 'mobile', status: 'unexpected' },
        { project: 'desktop', status: 'skipped' },
      ]),
      errors: [{ message: 'globalSetup threw' }],
    };
    expect(countsOf(playwrightOutcomes(report))).toEqual({ passed: 0, failed: 2, skipped: 1 });
  });
});

it('totals the runners in one line that ends the run', () => {
  const vitest = vitestOutcomes(vitestReport([['a', 'passed']]));
  const playwright = playwrightOutcomes(playwrightReport([{ project: 'mobile', status: 'flaky' }], 1));
  expect(summaryLine(countsOf(distinct([vitest, vitest, playwright])))).toBe('tests: 1 passed, 1 failed');
});

describe('the failed tests named at the end of the log', () => {
  const report = vitestReport([
    ['a', 'passed'],
    ['b', 'failed'],
    ['c', 'failed'],
    ['d', 'failed'],
  ]);

  it('names each failed test of a run with its runner, and no passed one', () => {
    expect(failedLines('vitest (node 24)', vitestOutcomes(report, '/repo'))).toEqual([
      '✘ vitest (node 24): vitest › web/src/a.test.ts › suite › b',
      '✘ vitest (node 24): vitest › web/src/a.test.ts › suite › c',
      '✘ vitest (node 24): vitest › web/src/a.test.ts › suite › d',
    ]);
  });

  it('stops at the limit and says how many more failed', () => {
    const lines = failedLines('vitest', vitestOutcomes(report, '/repo'), 2);
    expect(lines).toHaveLength(3);
    expect(lines[2]).toBe('… and 1 more failed in vitest');
  });

  it('is empty for a run with no failure', () => {
    expect(failedLines('vitest', vitestOutcomes(vitestReport([['a', 'passed']])))).toEqual([]);
  });
});
