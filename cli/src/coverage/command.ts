import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Command, Option } from 'commander';
import { emitReport } from '../commands/output';
import { ExitCode, type Io } from '../io';
import { checkOutputFile } from '../writeText';
import { COVERAGE_FORMATS, type CoverageFormat, formatMatrix } from './format';
import { buildMatrix, gaps } from './matrix';
import { readReports } from './results';
import { specRows } from './rows';

/** The repository root (cli/src/coverage → ../../..). */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Where `npm test` (scripts/test-all.mjs) writes the runners' JSON reports. */
export const DEFAULT_REPORTS = process.env.TEST_REPORTS_DIR || join(REPO_ROOT, 'reports');

export interface CoverageOptions {
  /** The repository root, to name test files from. */
  readonly root: string;
  /** The folder of the runners' JSON reports. */
  readonly reports: string;
  readonly format: CoverageFormat;
  readonly out?: string;
  readonly check?: boolean;
}

export function coverageCommand(options: CoverageOptions, io: Io): number {
  if (options.out !== undefined) checkOutputFile('--out', options.out);
  const read = readReports(options.reports, options.root);
  if (read.files.length === 0) {
    io.err(
      `no test reports in ${options.reports}: the matrix is made from the runners' results; run \`npm test\` (it writes them there) or give --reports\n`,
    );
    return ExitCode.failed;
  }
  const matrix = buildMatrix(specRows(), read.runs);
  const text = formatMatrix(matrix, options.format);
  emitReport(io, options.out, text);
  const { untested, staleExplanations } = gaps(matrix);
  for (const r of staleExplanations) {
    io.err(`note: ${r.id} has passing tests now; its explanation "${r.untested}" can go\n`);
  }
  for (const tag of matrix.unknownTags) io.err(`unknown row tagged: ${tag}\n`);
  if (!options.check) return ExitCode.ok;
  if (untested.length === 0 && matrix.unknownTags.length === 0) {
    io.err(
      `every one of ${matrix.rows.length} spec rows has a passing test or an explained gap (${matrix.tests} test results in ${read.files.join(', ')})\n`,
    );
    return ExitCode.ok;
  }
  if (untested.length === 0) return ExitCode.failed;
  io.err(`${untested.length} spec rows have no test:\n`);
  for (const r of untested) io.err(`  ${r.id}  ${r.title}\n`);
  io.err(
    "Tag a test that asserts the row's values with `@spec:<row id>` (and make it pass), or explain the gap in cli/src/coverage/rows.ts.\n",
  );
  return ExitCode.failed;
}

/** `topup coverage`. */
export function registerCoverage(program: Command, io: Io, setCode: (code: number) => void): void {
  program
    .command('coverage')
    .description(
      "The spec coverage matrix: every server code of SPEC §8, transition of §4 and validation rule of §5, with the tests that assert it (tagged @spec:<row id> and passed, read from the test runners' JSON reports)",
    )
    .addOption(
      new Option('--format <format>', 'md (the matrix), json, html, or summary (the README table)')
        .choices(COVERAGE_FORMATS)
        .default('md'),
    )
    .option('--out <file>', 'write the matrix to this file')
    .option('--check', 'exit 1 when a row has no passing test and no explanation, or a tag names no row (CI)')
    .option('--reports <dir>', "the runners' JSON reports (vitest.json, playwright.json)", DEFAULT_REPORTS)
    .option('--root <dir>', 'the repository the reports name files of', REPO_ROOT)
    .addHelpText(
      'after',
      `
Examples:
  $ topup coverage                              # the matrix as Markdown
  $ topup coverage --format html --out reports/coverage.html
  $ topup coverage --format summary --check     # CI: fails when a row loses its last test
The matrix is made from the reports \`npm test\` writes to reports/. A test counts for a row only when it
carries the tag \`@spec:<row id>\` (Vitest: in its name or a describe's; Playwright: { tag: '@spec:<row id>' })
and passed; tag only a test that asserts the row's values.`,
    )
    .action((opts: CoverageOptions) => setCode(coverageCommand(opts, io)));
}
