import type { Command } from 'commander';
import type { RunCommandOptions } from '../commands/scenario';
import { CHECK_TIMEOUT_MS, LAST_RUN_FILE, type Reporter } from '../defaults';
import type { Io } from '../io';
import { SCENARIO_DIR } from '../paths';
import { EXAMPLES } from './examples';
import {
  collect,
  int,
  MOCK_FLAG_HELP,
  reporterOption,
  type SetCode,
  timeoutMs,
  whileInterruptible,
} from './options';

const scenarios = () => import('../commands/scenario');
const catalogue = () => import('../commands/catalogue');

/** `topup scenario`: list, run, merge, schema, validate. */
export function registerScenario(program: Command, io: Io, setCode: SetCode): void {
  const scenario = program
    .command('scenario')
    .description('List, run and validate scenario files (scenarios/)')
    .addHelpText('after', EXAMPLES.scenario);
  scenario
    .command('list')
    .description('List the scenarios with their descriptions and tags (exit 2 on an unknown tag)')
    .option('--dir <dir>', 'folder of scenario files', SCENARIO_DIR)
    .option('--tag <tag>', 'only scenarios with this tag (repeatable)', collect, [])
    .addHelpText(
      'after',
      '\nExamples:\n  $ topup scenario list\n  $ topup scenario list --tag cards --tag wallets\n  $ topup scenario list --dir ./my-scenarios',
    )
    .action(async (opts: { dir: string; tag: string[] }) =>
      setCode((await catalogue()).listScenarios(opts.dir, opts.tag, io)),
    );

  scenario
    .command('run')
    .description(
      'Run scenarios by name or file path, by --tag, --grep or --all, against the mock or a base URL',
    )
    .argument('[names...]', 'scenario names (see topup scenario list), or paths of scenario files or folders')
    .option('--tag <tag>', 'run the scenarios with this tag (repeatable)', collect, [])
    .option('--all', 'run every scenario')
    .option(
      '--grep <regexp>',
      'only scenarios whose name, description or @tag matches (repeatable)',
      collect,
      [],
    )
    .option('--grep-invert <regexp>', 'leave out the scenarios that match', collect, [])
    .option(
      '--last-failed',
      'only the scenarios that failed, or were not run (Ctrl-C), in the last run (kept in .topup/last-run.json)',
    )
    .option('--repeat-each <n>', 'run each scenario n times', int('--repeat-each', 1, 1_000), 1)
    .option(
      '--retries <n>',
      'run a scenario that failed on timing (no answer, a poll or room that waited out its tries, a slow answer) again up to n times; a pass on a retry is reported flaky. A wrong answer (a wrong value, HTTP 5xx, 10005) is never retried',
      int('--retries', 0, 10),
      0,
    )
    .option(
      '--shard <i/n>',
      'run only the i-th of n deterministic slices (merge the JSON reports with topup scenario merge)',
    )
    .option('-v, --verbose', "print each step's request and response (redacted)")
    .option(
      '--last-run-file <file>',
      'where --last-failed reads and each run writes the failed names',
      LAST_RUN_FILE,
    )
    .option(
      '--target <target>',
      '"mock" (starts its own on a free port) or a base URL (a real backend unless --mock)',
      'mock',
    )
    .option('--mock', MOCK_FLAG_HELP)
    .option(
      '--fixtures <file>',
      'fixture values of a real backend (YAML or JSON), and its safeWrites: a scenario with any other write is not sent there',
    )
    .addOption(reporterOption())
    .option('--out <file>', 'write the report to this file')
    .option(
      '--concurrency <n>',
      'scenarios at once (one mock each with --target mock)',
      int('--concurrency', 1, 32),
      1,
    )
    .option(
      '--compare <url>',
      'also run against this base URL (a real backend; "mock" starts one) and print where the two differ',
    )
    .option('--room-url <ws>', "the room server's websocket URL on a real backend")
    .option(
      '--timeout <ms>',
      'time-out of each request (five times the 2 s latency budget: a hung backend fails each scenario in seconds, not CI)',
      timeoutMs(),
      CHECK_TIMEOUT_MS,
    )
    .option('--dir <dir>', 'folder of scenario files', SCENARIO_DIR)
    .option(
      '--mock-ports <from-to>',
      'with --target mock: listen on free ports of this range (one a mock), e.g. 9000-9099, instead of any free port',
    )
    .option(
      '--allow-skipped',
      'a scenario whose every step was skipped (control steps on a real backend, a room without --room-url) does not fail the run',
    )
    .addHelpText('after', EXAMPLES.run)
    .action(async (names: string[], opts: Omit<RunCommandOptions, 'names' | 'signal'>) => {
      // Ctrl-C (or SIGTERM from CI) stops the run; the report is still written with what finished.
      setCode(
        await whileInterruptible((signal) =>
          scenarios().then((m) => m.runScenarioCommand({ ...opts, names, signal }, io)),
        ),
      );
    });

  scenario
    .command('merge')
    .description('Merge JSON reports (of --shard runs) into one report, and judge it')
    .argument('<reports...>', 'JSON reports written by scenario run --reporter json --out …')
    .addOption(reporterOption())
    .option('--out <file>', 'write the merged report to this file')
    .addHelpText(
      'after',
      '\nExamples:\n  $ topup scenario merge reports/shard-*.json --reporter junit --out reports/scenarios.xml\n  $ topup scenario merge reports/shard-*.json --reporter html --out reports/scenarios.html',
    )
    .action(async (files: string[], opts: { reporter: Reporter; out?: string }) =>
      setCode((await import('../commands/merge')).mergeCommand(files, opts, io)),
    );

  scenario
    .command('schema')
    .description('Print the JSON Schema of scenario files (for editors)')
    .option('--write', 'write it to scenarios/scenario.schema.json instead')
    .option('--dir <dir>', 'folder of scenario files', SCENARIO_DIR)
    .addHelpText(
      'after',
      '\nExamples:\n  $ topup scenario schema --write                     # after changing a contract\n  $ topup scenario schema > my-scenarios/scenario.schema.json',
    )
    .action(async (opts: { write?: boolean; dir: string }) =>
      setCode((await catalogue()).printSchema(opts.dir, opts.write === true, io)),
    );

  scenario
    .command('validate')
    .description('Check scenario files without running them: every problem of every file, with its JSON path')
    .argument('[paths...]', 'files, folders or catalogue names; every catalogue file when absent')
    .option('--dir <dir>', 'folder of scenario files', SCENARIO_DIR)
    .addHelpText(
      'after',
      '\nExamples:\n  $ topup scenario validate\n  $ topup scenario validate ./my-scenarios/new-card.yaml',
    )
    .action(async (paths: string[], opts: { dir: string }) =>
      setCode((await catalogue()).validateScenarios(opts.dir, paths, io)),
    );
}
