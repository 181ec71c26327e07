import { existsSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/**
 * The tests the runners ran, read from their own JSON reports (what `npm test`, scripts/test-all.mjs, writes
 * to reports/): Vitest's `--reporter=json` and Playwright's `json` reporter. A test claims a matrix row with
 * the tag `@spec:<row id>`: in Vitest in its name (or a describe's: the report's fullName carries both), as
 * a Vitest tag `spec:<row id>` or in `task.meta.spec`; in Playwright as a tag (`{ tag: '@spec:<row id>' }`,
 * or `@spec:<row id>` in a title) or an annotation `{ type: 'spec', description: '<row id>' }`.
 */

/** Which runner and what kind of test: a unit test, the scenario catalogue's, or an end-to-end spec. */
export type TestKind = 'unit' | 'scenario' | 'e2e';
export type TestStatus = 'passed' | 'failed' | 'skipped';

export interface TestRun {
  readonly kind: TestKind;
  /** The test file, from the repository root, with forward slashes. */
  readonly file: string;
  /** The full name as the runner reports it (describes and title). */
  readonly name: string;
  readonly status: TestStatus;
  /** The rows it claims. */
  readonly specIds: readonly string[];
}

/** The report files scripts/test-all.mjs writes, and which runner wrote each. */
export const REPORT_FILES = [
  { file: 'vitest.json', runner: 'vitest' },
  { file: 'vitest-node24.json', runner: 'vitest' },
  { file: 'playwright.json', runner: 'playwright' },
] as const;

const TAG = /@spec:([\w.-]+)/g;
/** The row ids named by `@spec:<id>` in a text (a test's name). */
export const specTagsIn = (text: string): string[] => [...text.matchAll(TAG)].map((m) => m[1] ?? '');

const idsOfTags = (tags: unknown): string[] =>
  Array.isArray(tags)
    ? tags
        .filter((t): t is string => typeof t === 'string' && /^@?spec:/.test(t))
        .map((t) => t.replace(/^@?spec:/, ''))
    : [];

const idsOfMeta = (meta: unknown): string[] => {
  const spec = typeof meta === 'object' && meta !== null ? (meta as { spec?: unknown }).spec : undefined;
  if (typeof spec === 'string') return [spec];
  return Array.isArray(spec) ? spec.filter((s): s is string => typeof s === 'string') : [];
};

const unique = (ids: readonly string[]) => [...new Set(ids.filter((id) => id !== ''))];

const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const asString = (value: unknown): string => (typeof value === 'string' ? value : '');

function relativeFile(root: string, file: string): string {
  const path = file.startsWith('/') || /^[A-Za-z]:[\\/]/.test(file) ? relative(root, file) : file;
  return path.split(sep).join('/');
}

/** The scenario catalogue's tests (cli/test/catalogue.test.ts) count as scenarios. */
const kindOfVitest = (file: string): TestKind =>
  /(^|\/)catalogue\.test\.ts$/.test(file) ? 'scenario' : 'unit';

/** Vitest's JSON report (Jest's shape plus `meta` and `tags`). */
export function vitestRuns(report: unknown, root: string): TestRun[] {
  return asArray(asRecord(report).testResults).flatMap((fileResult) => {
    const file = relativeFile(root, asString(asRecord(fileResult).name));
    return asArray(asRecord(fileResult).assertionResults).map((assertion): TestRun => {
      const a = asRecord(assertion);
      const name = asString(a.fullName) || asString(a.title);
      const status = asString(a.status);
      return {
        kind: kindOfVitest(file),
        file,
        name,
        status: status === 'passed' ? 'passed' : status === 'failed' ? 'failed' : 'skipped',
        specIds: unique([...specTagsIn(name), ...idsOfTags(a.tags), ...idsOfMeta(a.meta)]),
      };
    });
  });
}

/** Playwright's JSON report: suites of specs, each spec's tests (one per project) with an outcome. */
export function playwrightRuns(report: unknown, root: string): TestRun[] {
  const runs: TestRun[] = [];
  const rootDir = asString(asRecord(asRecord(report).config).rootDir);
  const walk = (suite: unknown, titles: readonly string[]) => {
    const s = asRecord(suite);
    const title = asString(s.title);
    const inner = title === '' || /\.(?:spec|security)\.ts$/.test(title) ? titles : [...titles, title];
    for (const spec of asArray(s.specs)) {
      const sp = asRecord(spec);
      const specFile = asString(sp.file);
      const file = relativeFile(root, rootDir === '' ? specFile : join(rootDir, specFile));
      const name = [...inner, asString(sp.title)].join(' › ');
      for (const test of asArray(sp.tests)) {
        const t = asRecord(test);
        const annotations = asArray(t.annotations).map(asRecord);
        const outcome = asString(t.status);
        runs.push({
          kind: 'e2e',
          file,
          name,
          // Playwright's outcome: expected (passed as it should), flaky (passed on a retry), unexpected, skipped.
          status:
            outcome === 'expected' || outcome === 'flaky'
              ? 'passed'
              : outcome === 'unexpected'
                ? 'failed'
                : 'skipped',
          specIds: unique([
            ...idsOfTags(sp.tags),
            ...specTagsIn(name),
            ...annotations.filter((x) => x.type === 'spec').map((x) => asString(x.description)),
          ]),
        });
      }
    }
    for (const child of asArray(s.suites)) walk(child, inner);
  };
  for (const suite of asArray(asRecord(report).suites)) walk(suite, []);
  return runs;
}

export interface ReadReports {
  readonly runs: readonly TestRun[];
  /** The report files found (their names). */
  readonly files: readonly string[];
}

/** Every test run of the reports in `dir`; a report that is missing is skipped, one that is not JSON throws. */
export function readReports(dir: string, root: string): ReadReports {
  const runs: TestRun[] = [];
  const files: string[] = [];
  for (const { file, runner } of REPORT_FILES) {
    const path = join(dir, file);
    if (!existsSync(path)) continue;
    const report: unknown = JSON.parse(readFileSync(path, 'utf8'));
    files.push(file);
    runs.push(...(runner === 'vitest' ? vitestRuns(report, root) : playwrightRuns(report, root)));
  }
  return { runs, files };
}
