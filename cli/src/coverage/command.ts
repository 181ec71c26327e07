import { fileURLToPath } from 'node:url';
import { type Command, Option } from 'commander';
import { emitReport } from '../commands/output';
import { ExitCode, type Io } from '../io';
import { COVERAGE_FORMATS, type CoverageFormat, formatMatrix } from './format';
import { specRows } from './rows';
import { buildMatrix, findTests, gaps } from './scan';

/** The repository root (cli/src/coverage → ../../..). */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export interface CoverageOptions {
  readonly root: string;
  readonly format: CoverageFormat;
  readonly out?: string;
  readonly check: boolean;
}

export function coverageCommand(options: CoverageOptions, io: Io): number {
  const matrix = buildMatrix(specRows(), findTests(options.root));
  const text = formatMatrix(matrix, options.format);
  emitReport(io, options.out, text);
  const { untested, staleExplanations } = gaps(matrix);
  for (const r of staleExplanations) {
    io.err(`note: ${r.id} has tests now; its explanation "${r.untested}" can go\n`);
  }
  if (!options.check) return ExitCode.ok;
  if (untested.length === 0) {
    io.err(
      `every one of ${matrix.rows.length} spec rows has a test or an explained gap (${matrix.tests} test files)\n`,
    );
    return ExitCode.ok;
  }
  io.err(`${untested.length} spec rows have no test:\n`);
  for (const r of untested) io.err(`  ${r.id}  ${r.title}\n`);
  io.err(
    'Add a test that exercises each (or tag one with `@spec <row id>`), or explain the gap in cli/src/coverage/rows.ts.\n',
  );
  return ExitCode.failed;
}

/** `topup coverage`. */
export function registerCoverage(program: Command, io: Io, setCode: (code: number) => void): void {
  program
    .command('coverage')
    .description(
      'The spec coverage matrix: every server code of SPEC §8, transition of §4 and validation rule of §5, with the unit tests, scenarios and e2e specs that exercise it (found in the tests themselves)',
    )
    .addOption(
      new Option('--format <format>', 'md (the matrix), json, html, or summary (the README table)')
        .choices(COVERAGE_FORMATS as string[])
        .default('md'),
    )
    .option('--out <file>', 'write the matrix to this file')
    .option('--check', 'exit 1 when a row has no test and no explanation (CI)')
    .option('--root <dir>', 'the repository to scan', REPO_ROOT)
    .addHelpText(
      'after',
      `
Examples:
  $ topup coverage                              # the matrix as Markdown
  $ topup coverage --format html --out reports/coverage.html
  $ topup coverage --format summary --check     # CI: fails when a row loses its last test
A test counts for a row when it uses the row's catalogue names or values (ServerCode.banned, 20001,
'balance' in an outcome test, ...), or carries the tag \`@spec <row id>\` in a comment or title.`,
    )
    .action((opts: { format: CoverageFormat; out?: string; check?: boolean; root: string }) =>
      setCode(
        coverageCommand(
          {
            root: opts.root,
            format: opts.format,
            check: opts.check === true,
            ...(opts.out === undefined ? {} : { out: opts.out }),
          },
          io,
        ),
      ),
    );
}
