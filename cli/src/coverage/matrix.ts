import type { TestKind, TestRun } from './results';
import type { Section, SpecRow } from './rows';

/**
 * The matrix: each row of the spec with the tests that claim it (the tag `@spec:<row id>`) and PASSED in the
 * runners' reports. A tagged test that failed or was skipped covers nothing; a tag naming no row is an error
 * the check reports (a typo would otherwise leave a row looking covered by nothing, silently).
 */
export interface MatrixRow {
  readonly id: string;
  readonly section: Section;
  readonly group: string;
  readonly title: string;
  readonly unit: readonly string[];
  readonly scenario: readonly string[];
  readonly e2e: readonly string[];
  /** Tagged tests that did not pass (failed or skipped): listed, never counted. */
  readonly notPassed: readonly string[];
  readonly untested?: string;
}

export interface CoverageMatrix {
  readonly rows: readonly MatrixRow[];
  /** Test results read from the reports. */
  readonly tests: number;
  /** Tags that name no row: `<row id> in <test>`. */
  readonly unknownTags: readonly string[];
}

/** How a test is listed: its file and full name. */
export const testLabel = (run: TestRun) => `${run.file} › ${run.name}`;

const uniqueSorted = (items: readonly string[]) => [...new Set(items)].sort();

export function buildMatrix(rows: readonly SpecRow[], runs: readonly TestRun[]): CoverageMatrix {
  const known = new Set(rows.map((r) => r.id));
  const unknownTags = uniqueSorted(
    runs.flatMap((run) =>
      run.specIds.filter((id) => !known.has(id)).map((id) => `${id} in ${testLabel(run)}`),
    ),
  );
  return {
    tests: runs.length,
    unknownTags,
    rows: rows.map((row) => {
      const claiming = runs.filter((run) => run.specIds.includes(row.id));
      // A test run in several projects (phone and desktop) or Node versions is listed once; it covers the row
      // when it passed in any of them and failed in none.
      const failed = new Set(claiming.filter((r) => r.status === 'failed').map(testLabel));
      const passed = claiming.filter((r) => r.status === 'passed' && !failed.has(testLabel(r)));
      const of = (kind: TestKind) => uniqueSorted(passed.filter((r) => r.kind === kind).map(testLabel));
      const passedLabels = new Set(passed.map(testLabel));
      return {
        id: row.id,
        section: row.section,
        group: row.group,
        title: row.title,
        unit: of('unit'),
        scenario: of('scenario'),
        e2e: of('e2e'),
        notPassed: uniqueSorted(claiming.map(testLabel).filter((label) => !passedLabels.has(label))),
        ...(row.untested === undefined ? {} : { untested: row.untested }),
      };
    }),
  };
}

export const testCount = (row: MatrixRow) => row.unit.length + row.scenario.length + row.e2e.length;

/**
 * The CI gate: a row with no passing test and no explanation has lost its last test (or never had one); a
 * row with passing tests and an explanation carries a stale one.
 */
export function gaps(matrix: CoverageMatrix): { untested: MatrixRow[]; staleExplanations: MatrixRow[] } {
  return {
    untested: matrix.rows.filter((r) => testCount(r) === 0 && r.untested === undefined),
    staleExplanations: matrix.rows.filter((r) => testCount(r) > 0 && r.untested !== undefined),
  };
}
