import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { Section, SpecRow } from './rows';

/** Where a test lives: a unit test (vitest), a scenario (topup scenario run), or an end-to-end spec (Playwright). */
export type TestKind = 'unit' | 'scenario' | 'e2e';

export interface TestFile {
  /** Path from the repository root, with forward slashes. */
  readonly path: string;
  readonly kind: TestKind;
  readonly text: string;
}

/** Folders never searched: dependencies, builds, and the matrix's own code (its rows name every code). */
const SKIPPED = new Set(['node_modules', 'dist', '.tsbuild', 'test-results', 'playwright-report', '.git']);
const OWN_DIR = ['cli', 'src', 'coverage'].join('/');

function kindOf(path: string): TestKind | undefined {
  if (/^scenarios\/[^/]+\.(?:ya?ml|json)$/.test(path) && !path.endsWith('.schema.json')) return 'scenario';
  if (/^e2e\/.*\.spec\.ts$/.test(path)) return 'e2e';
  if (/\.test\.tsx?$/.test(path)) return 'unit';
  return undefined;
}

/** Every test file of the repository: unit tests of each package, scenarios, e2e specs. */
export function findTests(root: string): TestFile[] {
  const out: TestFile[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (SKIPPED.has(entry.name)) continue;
      const full = join(dir, entry.name);
      const path = relative(root, full).split(sep).join('/');
      if (entry.isDirectory()) {
        if (path !== OWN_DIR) walk(full);
        continue;
      }
      const kind = kindOf(path);
      if (kind !== undefined) out.push({ path, kind, text: readFileSync(full, 'utf8') });
    }
  };
  walk(root);
  return out.sort((a, b) => a.path.localeCompare(b.path));
}

/** `@spec <row id>` in a test (a comment or a title) says it exercises that row, whatever its text shows. */
const TAG = /@spec\s+([\w.-]+)/g;

export function tagsOf(text: string): Set<string> {
  return new Set([...text.matchAll(TAG)].map((m) => m[1] ?? ''));
}

export function exercises(row: SpecRow, test: TestFile): boolean {
  if (tagsOf(test.text).has(row.id)) return true;
  if (row.context !== undefined && !row.context.test(test.text)) return false;
  return row.evidence.some((pattern) => pattern.test(test.text));
}

export interface MatrixRow {
  readonly id: string;
  readonly section: Section;
  readonly group: string;
  readonly title: string;
  readonly unit: readonly string[];
  readonly scenario: readonly string[];
  readonly e2e: readonly string[];
  readonly untested?: string;
}

export interface CoverageMatrix {
  readonly rows: readonly MatrixRow[];
  readonly tests: number;
}

/** Scenario files are listed by name (what `topup scenario run` takes), the others by path. */
const nameOf = (test: TestFile) =>
  test.kind === 'scenario'
    ? (test.path.split('/').pop() ?? test.path).replace(/\.(?:ya?ml|json)$/, '')
    : test.path;

export function buildMatrix(rows: readonly SpecRow[], tests: readonly TestFile[]): CoverageMatrix {
  return {
    tests: tests.length,
    rows: rows.map((row) => {
      const hits = tests.filter((test) => exercises(row, test));
      const of = (kind: TestKind) => hits.filter((t) => t.kind === kind).map(nameOf);
      return {
        id: row.id,
        section: row.section,
        group: row.group,
        title: row.title,
        unit: of('unit'),
        scenario: of('scenario'),
        e2e: of('e2e'),
        ...(row.untested === undefined ? {} : { untested: row.untested }),
      };
    }),
  };
}

export const testCount = (row: MatrixRow) => row.unit.length + row.scenario.length + row.e2e.length;

/**
 * The CI gate: a row with no test and no explanation has lost its last test (or never had one); a row with
 * tests and an explanation carries a stale one.
 */
export function gaps(matrix: CoverageMatrix): { untested: MatrixRow[]; staleExplanations: MatrixRow[] } {
  return {
    untested: matrix.rows.filter((r) => testCount(r) === 0 && r.untested === undefined),
    staleExplanations: matrix.rows.filter((r) => testCount(r) > 0 && r.untested !== undefined),
  };
}
