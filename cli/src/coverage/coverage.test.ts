import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ServerCode } from '@topup/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { captureIo } from '../../test/support/capture';
import { runCli } from '../cli';
import { formatHtml, formatMarkdown, formatSummary } from './format';
import { buildMatrix, gaps } from './matrix';
import { playwrightRuns, readReports, vitestRuns } from './results';
import { specRows } from './rows';

const rows = specRows();
const root = '/repo';

/** A Vitest JSON report (`--reporter=json`) of one file's tests: [full name, status, tags?, meta?]. */
const vitestReport = (
  file: string,
  tests: readonly (readonly [string, string, (readonly string[])?, unknown?])[],
) => ({
  numPassedTests: tests.filter((t) => t[1] === 'passed').length,
  testResults: [
    {
      name: `${root}/${file}`,
      assertionResults: tests.map(([fullName, status, tags = [], meta = {}]) => ({
        fullName,
        title: fullName,
        status,
        tags,
        meta,
      })),
    },
  ],
});

/** A Playwright JSON report: one file suite, a describe, specs with their tags and one test per project. */
const playwrightReport = (
  specs: readonly {
    title: string;
    tags?: string[];
    statuses: string[];
    annotations?: { type: string; description?: string }[];
  }[],
) => ({
  config: { rootDir: `${root}/e2e/specs` },
  suites: [
    {
      title: 'pay/cards.spec.ts',
      file: 'pay/cards.spec.ts',
      specs: [],
      suites: [
        {
          title: 'cards',
          file: 'pay/cards.spec.ts',
          specs: specs.map((s) => ({
            title: s.title,
            file: 'pay/cards.spec.ts',
            tags: s.tags ?? [],
            tests: s.statuses.map((status, i) => ({
              projectName: i === 0 ? 'mobile' : 'desktop',
              status,
              annotations: s.annotations ?? [],
            })),
          })),
        },
      ],
    },
  ],
});

describe('the rows of the matrix', () => {
  it('have unique ids and cover every server code of the catalogue, every outcome and wallet reason', () => {
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    for (const code of Object.values(ServerCode).filter((c) => c !== 0)) {
      expect(rows.some((r) => r.id === `code.${code}`)).toBe(true);
    }
    expect(rows.filter((r) => r.group === 'result outcome')).toHaveLength(9);
    expect(rows.filter((r) => r.group === 'wallet failure reason')).toHaveLength(6);
    expect(new Set(rows.map((r) => r.section))).toEqual(
      new Set(['§8 codes', '§4 transitions', '§5 rules', '§7 calls', '§9 constants']),
    );
  });
});

describe('which test covers a row: tagged, reported by the runner, and passed', () => {
  const file = 'web/src/features/pay/outcome.test.ts';
  it.each([
    ['a tag in the name, passed', [['outcome @spec:outcome.balance', 'passed']], 'outcome.balance', 1],
    [
      'a tag in a describe (the full name), passed',
      [['panel @spec:rule.cvv digits', 'passed']],
      'rule.cvv',
      1,
    ],
    ['a Vitest tag spec:<id>', [['digits', 'passed', ['spec:rule.cvv']]], 'rule.cvv', 1],
    ['task.meta.spec', [['digits', 'passed', [], { spec: ['rule.cvv'] }]], 'rule.cvv', 1],
    ['the tag, but the test failed', [['outcome @spec:outcome.balance', 'failed']], 'outcome.balance', 0],
    [
      'the tag, but the test was skipped',
      [['outcome @spec:outcome.balance', 'skipped']],
      'outcome.balance',
      0,
    ],
    [
      'a test that only names the row (no tag)',
      [['outcome balance ServerCode 20051', 'passed']],
      'code.20051',
      0,
    ],
    ['a tag for another row', [['x @spec:rule.holder', 'passed']], 'rule.cvv', 0],
    [
      'two tests tagged: both listed',
      [
        ['a @spec:rule.cvv', 'passed'],
        ['b @spec:rule.cvv', 'passed'],
      ],
      'rule.cvv',
      2,
    ],
  ] as const)('%s', (_name, tests, id, count) => {
    const matrix = buildMatrix(rows, vitestRuns(vitestReport(file, tests), root));
    const row = matrix.rows.find((r) => r.id === id);
    expect(row?.unit).toHaveLength(count);
    if (count > 0) expect(row?.unit[0]).toMatch(new RegExp(`^${file} › `));
  });

  it.each([
    ['a Playwright tag, passed on both projects', ['spec:pay.back'], ['expected', 'expected'], [], 1],
    ['passed on a retry (flaky)', ['spec:pay.back'], ['flaky'], [], 1],
    ['failed on one project', ['spec:pay.back'], ['expected', 'unexpected'], [], 0],
    ['skipped', ['spec:pay.back'], ['skipped'], [], 0],
    ['an annotation', [], ['expected'], [{ type: 'spec', description: 'pay.back' }], 1],
    ['no tag', ['table'], ['expected'], [], 0],
  ] as const)('%s', (_name, tags, statuses, annotations, count) => {
    const report = playwrightReport([
      { title: 'back asks first', tags: [...tags], statuses: [...statuses], annotations: [...annotations] },
    ]);
    const row = buildMatrix(rows, playwrightRuns(report, root)).rows.find((r) => r.id === 'pay.back');
    expect(row?.e2e).toEqual(count === 0 ? [] : ['e2e/specs/pay/cards.spec.ts › cards › back asks first']);
    const didNotPass = (statuses as readonly string[]).some((s) => s === 'unexpected' || s === 'skipped');
    if (didNotPass && tags.length > 0) expect(row?.notPassed).toHaveLength(1);
  });

  it('scenario catalogue tests fill the scenarios column; a tag naming no row is reported', () => {
    const runs = [
      ...vitestRuns(
        vitestReport('cli/test/catalogue.test.ts', [['account-banned @spec:code.20001', 'passed']]),
        root,
      ),
      ...vitestRuns(vitestReport('web/src/x.test.ts', [['typo @spec:code.2OOO1', 'passed']]), root),
    ];
    const matrix = buildMatrix(rows, runs);
    expect(matrix.rows.find((r) => r.id === 'code.20001')).toMatchObject({
      unit: [],
      scenario: ['cli/test/catalogue.test.ts › account-banned @spec:code.20001'],
      e2e: [],
    });
    expect(matrix.unknownTags).toEqual(['code.2OOO1 in web/src/x.test.ts › typo @spec:code.2OOO1']);
    expect(formatSummary(matrix)).toContain('Tags that name no row:');
  });
});

describe('topup coverage over a reports folder', () => {
  const dir = mkdtempSync(join(tmpdir(), 'topup-coverage-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(
    join(dir, 'vitest.json'),
    JSON.stringify(
      vitestReport('contracts/src/messages.test.ts', [
        ['search refusals @spec:code.20001 banned', 'passed'],
        ['search refusals @spec:code.20186 deactivated', 'failed'],
      ]),
    ),
  );
  writeFileSync(
    join(dir, 'playwright.json'),
    JSON.stringify(playwrightReport([{ title: 'back', tags: ['spec:pay.back'], statuses: ['expected'] }])),
  );

  it('reads every runner report found', () => {
    const read = readReports(dir, root);
    expect(read.files).toEqual(['vitest.json', 'playwright.json']);
    expect(read.runs.map((r) => [r.kind, r.status])).toEqual([
      ['unit', 'passed'],
      ['unit', 'failed'],
      ['e2e', 'passed'],
    ]);
  });

  it('fails the check, naming the row, when its tagged test failed', async () => {
    const io = captureIo();
    expect(
      await runCli(['coverage', '--reports', dir, '--root', root, '--format', 'summary', '--check'], io),
    ).toBe(1);
    expect(io.stderr()).toMatch(
      /spec rows have no test:\n(?:.*\n)*\s+code\.20186\s+20186 account deactivated/,
    );
    expect(io.stderr()).not.toMatch(/^\s+code\.20001\s/m);
  });

  it('says what to do when there are no reports', async () => {
    const io = captureIo();
    const empty = mkdtempSync(join(tmpdir(), 'topup-coverage-none-'));
    expect(await runCli(['coverage', '--reports', empty], io)).toBe(1);
    expect(io.stderr()).toMatch(/no test reports in .*npm test/);
    rmSync(empty, { recursive: true, force: true });
  });

  it('writes md, json and html', async () => {
    const matrix = buildMatrix(rows, readReports(dir, root).runs);
    expect(formatMarkdown(matrix)).toContain(
      '| `code.20001` | 20001 account banned, cannot top up | `contracts/src/messages.test.ts › search refusals @spec:code.20001 banned` | — | — |',
    );
    expect(formatHtml(matrix)).toMatch(
      /^<!doctype html>[\s\S]*<code>e2e\/specs\/pay\/cards\.spec\.ts › cards › back<\/code>/,
    );
    const io = captureIo();
    expect(await runCli(['coverage', '--reports', dir, '--root', root, '--format', 'json'], io)).toBe(0);
    const json = JSON.parse(io.stdout()) as { rows: unknown[]; untested: { id: string }[] };
    expect(json.rows).toHaveLength(rows.length);
    expect(json.untested.map((r) => r.id)).toContain('code.20186');
    expect(gaps(matrix).untested.map((r) => r.id)).not.toContain('pay.back');
  });
});
