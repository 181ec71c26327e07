import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { contractCheckCommand, openApiCommand } from './commands/contract';
import {
  type MockTailOptions,
  mockForceCommand,
  mockTailCommand,
  roomControlCommand,
} from './commands/control';
import { mergeCommand } from './commands/merge';
import { roomWatchCommand } from './commands/room';
import {
  LAST_RUN_FILE,
  listScenarios,
  printSchema,
  REPORTERS,
  type Reporter,
  runScenarioCommand,
  validateScenarios,
} from './commands/scenario';
import { registerCoverage } from './coverage/command';
import { registerContractFuzz } from './fuzz/command';
import { DEFAULT_TIMEOUT_MS } from './http/client';
import { ExitCode, type Io, processIo, UsageError } from './io';
import { SCENARIO_DIR } from './paths';
import { registerRecord } from './record/command';
import { maskSecrets } from './report/mask';
import { FixturesFileError } from './scenario/fixturesFile';
import { ScenarioFileError, ScenarioLoadErrors } from './scenario/load';

const EXAMPLES = {
  top: `
Examples:
  $ topup mock --now 2026-11-21T09:00:00Z                       # a mock for the app and for QA
  $ topup scenario run card-3ds-challenge-passed -v             # one scenario on a fresh mock
  $ topup scenario run --all --concurrency 4 --reporter html --out reports/run.html
  $ topup scenario validate ./my-scenarios/new-card.yaml        # every problem, with its JSON path
  $ topup contract check --target https://staging.example --fixtures ci/staging.yaml
  $ topup room watch --url ws://127.0.0.1:8080/ws/room --rid 5002

Run it as npm exec --no -- topup (never a bare npx topup): see cli/README.md.`,
  mock: `
Examples:
  $ topup mock --now 2026-11-21T09:00:00Z          # a mock on :8080 with its clock frozen
  $ topup mock --port 0 --no-control --quiet       # a free port, only the real API surface
  $ topup mock force createCoinPay 25001           # the next createCoinPay answers 25001
  $ topup mock tail --call createCoinPay           # the journal, live`,
  run: `
Examples:
  $ topup scenario run card-3ds-challenge-passed                 # one scenario on a fresh mock
  $ topup scenario run ./my-scenarios/new-card.yaml -v           # a file by path, requests and answers shown
  $ topup scenario run --all --concurrency 4 --retries 1         # everything; flaky passes reported apart
  $ topup scenario run --grep 3ds --repeat-each 5                # by title, five times each
  $ topup scenario run --last-failed                             # only what failed last time
  $ topup scenario run --all --shard 2/4 --reporter json --out reports/shard-2.json
  $ topup scenario run --tag accounts --target http://127.0.0.1:8080 --fixtures cli/fixtures/mock-backend.yaml
  $ topup scenario run --all --reporter html --out reports/run.html`,
  contract: `
Examples:
  $ topup contract check --target mock
  $ topup contract check --target https://staging.example --fixtures ci/staging.yaml --reporter junit --out reports/contract.xml`,
  room: `
Examples:
  $ topup room watch --url ws://127.0.0.1:8080/ws/room --rid 5002
  $ topup room watch --url ws://127.0.0.1:8080/ws/room --rid 5001 --count 10 --json | jq .kind
  $ topup room push 5002 '[{"op":"mset","values":{"fans_count":7}}]'
  $ topup room fault 5002 --sn 3 --fault drop
  $ topup room close 5002`,
  scenario: `
Examples:
  $ topup scenario list --tag cards
  $ topup scenario run card-visa-approved
  $ topup scenario validate
  $ topup scenario schema --write
  $ topup scenario merge reports/shard-*.json --reporter html --out reports/scenarios.html`,
  watch: `
Examples:
  $ topup room watch --url ws://127.0.0.1:8080/ws/room --rid 5002
  $ topup room watch --url ws://127.0.0.1:8080/ws/room --rid 5001 --count 20 --json | jq .kind
  $ topup room watch --url wss://rooms.staging.example/ws/room --rid 5001 --api https://staging.example --duration 60000
  $ topup room watch --url ws://127.0.0.1:8080/ws/room --rid 5002 --no-reconnect   # stop when the server closes`,
  push: `
Examples:
  $ topup room push 5002 '[{"op":"mset","values":{"fans_count":7}}]'
  $ topup room push 5002                              # no directives: a type-3 sync-sn frame
  $ topup room push 5001 '[{"op":"mset","values":{"pk_status":1}}]' --target http://127.0.0.1:9090`,
  fault: `
Examples:
  $ topup room fault 5002 --sn 3 --fault drop         # frame 3 never arrives: the watcher sees a gap
  $ topup room fault 5002 --sn 4 --fault duplicate
  $ topup room fault 5002 --sn 5 --fault delay --ms 2000`,
  close: `
Examples:
  $ topup room close 5002                             # the watcher and the app reconnect after 1 s
  $ topup room close 5002 --code 4001`,
};

const int = (name: string) => (value: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError(`${name} takes a whole number`);
  return n;
};
const collect = (value: string, previous: string[]) => [...previous, value];
const reporterOption = () =>
  new Option(
    '--reporter <kind>',
    'pretty (progress on a terminal), json (everything, with requests and answers), junit (CI), or html (one page to open)',
  )
    .choices(REPORTERS as string[])
    .default('pretty');

/** Builds the `topup` program; actions set `code` rather than exiting, so tests can run it in-process. */
export function buildProgram(io: Io, setCode: (code: number) => void): Command {
  const program = new Command('topup')
    .description(
      'Replay QA scenarios against the mock or a real backend, check a backend against the contracts, watch a room.\n' +
        'Exit code: 0 when everything asked for passed, 1 when something failed, 2 when the command was wrong.',
    )
    .configureOutput({ writeOut: io.out, writeErr: io.err })
    .exitOverride()
    .showHelpAfterError('(add --help for usage)')
    .addHelpText('after', EXAMPLES.top);

  program
    .command('mock')
    .description('Start the mock server (every contract, provider simulators, room socket, control API)')
    .option('--port <n>', 'port on 127.0.0.1; 0 picks a free one', '8080')
    .option('--host <address>', 'address to bind', '127.0.0.1')
    .option('--seed <n>', 'seed of the filler data: same seed, same world')
    .option('--now <iso>', 'freeze the virtual clock at this time')
    .option('--no-control', 'no /__mock/ control API (what a contract run should see)')
    .option('--quiet', 'no request log')
    .addHelpText('after', EXAMPLES.mock)
    .action(
      async (opts: {
        port: string;
        host: string;
        seed?: string;
        now?: string;
        control: boolean;
        quiet?: boolean;
      }) => {
        const { parseMockArgs, startMockServer } = await import('@topup/mock-server/server');
        const argv = ['--port', opts.port, '--host', opts.host];
        if (opts.seed !== undefined) argv.push('--seed', opts.seed);
        if (opts.now !== undefined) argv.push('--now', opts.now);
        if (!opts.control) argv.push('--no-control');
        let parsed: ReturnType<typeof parseMockArgs>;
        try {
          parsed = parseMockArgs(argv);
        } catch (error) {
          throw new UsageError((error as Error).message);
        }
        let running: Awaited<ReturnType<typeof startMockServer>>;
        try {
          running = await startMockServer({
            ...parsed,
            logger: opts.quiet ? false : io.isTTY ? 'pretty' : true,
          });
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code;
          if (code === 'EADDRINUSE' || code === 'EACCES' || code === 'EADDRNOTAVAIL') {
            const why =
              code === 'EADDRINUSE'
                ? 'is in use'
                : code === 'EACCES'
                  ? 'is not allowed'
                  : 'is not an address here';
            io.err(
              `topup: cannot listen on ${opts.host}:${opts.port}: the port ${why}; pick another with --port (0 picks a free one)\n`,
            );
            setCode(ExitCode.failed);
            return;
          }
          throw error;
        }
        io.err(
          `mock listening on ${running.url}${opts.control ? ` (control API at ${running.url}/__mock/)` : ' (no control API)'}\n`,
        );
        await new Promise<void>((resolve) => {
          process.once('SIGINT', resolve);
          process.once('SIGTERM', resolve);
        });
        await running.close();
        setCode(ExitCode.ok);
      },
    );

  const mockCommand = program.commands.find((c) => c.name() === 'mock');
  mockCommand
    ?.command('force')
    .description("Force the next answers of a call on a running mock (the control API's /__mock/force)")
    .argument('<call>', 'a registry call, e.g. createCoinPay')
    .argument(
      '<answer>',
      'a result code the call can answer (25001 for createCoinPay), or a fault: delay:<ms>, http:<5xx>, hang, reset',
    )
    .option('--times <n>', 'how many answers', int('--times'), 1)
    .option('--message <text>', 'the message of a forced result')
    .option('--target <url>', 'the mock', 'http://127.0.0.1:8080')
    .addHelpText(
      'after',
      '\nExamples:\n  $ topup mock force createCoinPay 25001 --times 2\n  $ topup mock force getCardSource http:503\n  $ topup mock force serverTime delay:3000\n  $ topup mock unforce',
    )
    .action(async (call: string, answer: string, opts: { times: number; message?: string; target: string }) =>
      setCode(await mockForceCommand({ call, answer, ...opts }, io)),
    );
  mockCommand
    ?.command('unforce')
    .description('Clear every forced answer on a running mock')
    .option('--target <url>', 'the mock', 'http://127.0.0.1:8080')
    .addHelpText(
      'after',
      '\nExamples:\n  $ topup mock unforce\n  $ topup mock unforce --target http://127.0.0.1:9090',
    )
    .action(async (opts: { target: string }) =>
      setCode(await mockForceCommand({ clear: true, target: opts.target }, io)),
    );
  mockCommand
    ?.command('tail')
    .description("Follow a running mock's request journal, filterable by call, result and session")
    .option('--target <url>', 'the mock', 'http://127.0.0.1:8080')
    .option('--call <call>', 'only this call (repeatable)', collect, [])
    .option('--result <code>', 'only this result (repeatable; "fault" for transport faults)', collect, [])
    .option('--session <key>', 'only requests carrying this session key or device id')
    .option('--json', 'one JSON object per line')
    .option('--interval <ms>', 'how often to read the journal', int('--interval'), 500)
    .option('--count <n>', 'stop after this many entries', int('--count'))
    .addHelpText(
      'after',
      '\nExamples:\n  $ topup mock tail\n  $ topup mock tail --call createCoinPay --result 25001\n  $ topup mock tail --session sk-10000001 --json',
    )
    .action(async (opts: MockTailOptions) => setCode(await mockTailCommand(opts, io)));

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
    .action((opts: { dir: string; tag: string[] }) => setCode(listScenarios(opts.dir, opts.tag, io)));

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
    .option('--last-failed', 'only the scenarios that failed in the last run (kept in .topup/last-run.json)')
    .option('--repeat-each <n>', 'run each scenario n times', int('--repeat-each'), 1)
    .option(
      '--retries <n>',
      'run a failed scenario again up to n times; a pass on a retry is reported flaky',
      int('--retries'),
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
    .option('--target <target>', '"mock" (starts its own on a free port) or a base URL', 'mock')
    .option('--fixtures <file>', 'fixture values of a real backend (YAML or JSON)')
    .addOption(reporterOption())
    .option('--out <file>', 'write the report to this file')
    .option(
      '--concurrency <n>',
      'scenarios at once (one mock each with --target mock)',
      int('--concurrency'),
      1,
    )
    .option('--compare <url>', 'also run against this base URL and print where the two differ')
    .option('--room-url <ws>', "the room server's websocket URL on a real backend")
    .option('--timeout <ms>', 'time-out of each request', int('--timeout'), DEFAULT_TIMEOUT_MS)
    .option('--dir <dir>', 'folder of scenario files', SCENARIO_DIR)
    .addHelpText('after', EXAMPLES.run)
    .action(
      async (
        names: string[],
        opts: {
          tag: string[];
          grep: string[];
          grepInvert: string[];
          lastFailed?: boolean;
          repeatEach: number;
          retries: number;
          shard?: string;
          verbose?: boolean;
          lastRunFile: string;
          all?: boolean;
          target: string;
          fixtures?: string;
          reporter: Reporter;
          out?: string;
          concurrency: number;
          compare?: string;
          roomUrl?: string;
          timeout: number;
          dir: string;
        },
      ) => {
        // Ctrl-C (or SIGTERM from CI) stops the run; the report is still written with what finished.
        if (opts.repeatEach < 1) throw new UsageError('--repeat-each takes 1 or more');
        const controller = new AbortController();
        const stop = () => controller.abort();
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
        setCode(
          await runScenarioCommand(
            {
              dir: opts.dir,
              names,
              tags: opts.tag,
              grep: opts.grep,
              grepInvert: opts.grepInvert,
              lastFailed: opts.lastFailed === true,
              lastRunFile: opts.lastRunFile,
              repeatEach: opts.repeatEach,
              retries: opts.retries,
              verbose: opts.verbose === true,
              signal: controller.signal,
              ...(opts.shard === undefined ? {} : { shard: opts.shard }),
              all: opts.all === true,
              target: opts.target,
              reporter: opts.reporter,
              concurrency: opts.concurrency,
              timeoutMs: opts.timeout,
              ...(opts.fixtures === undefined ? {} : { fixtures: opts.fixtures }),
              ...(opts.out === undefined ? {} : { out: opts.out }),
              ...(opts.compare === undefined ? {} : { compare: opts.compare }),
              ...(opts.roomUrl === undefined ? {} : { roomUrl: opts.roomUrl }),
            },
            io,
          ).finally(() => {
            process.off('SIGINT', stop);
            process.off('SIGTERM', stop);
          }),
        );
      },
    );

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
    .action((files: string[], opts: { reporter: Reporter; out?: string }) =>
      setCode(
        mergeCommand(
          files,
          { reporter: opts.reporter, ...(opts.out === undefined ? {} : { out: opts.out }) },
          io,
        ),
      ),
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
    .action((opts: { write?: boolean; dir: string }) =>
      setCode(printSchema(opts.dir, opts.write === true, io)),
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
    .action((paths: string[], opts: { dir: string }) => setCode(validateScenarios(opts.dir, paths, io)));

  const contract = program
    .command('contract')
    .description('Check a backend against the contracts; print the OpenAPI document')
    .addHelpText(
      'after',
      `${EXAMPLES.contract}\n  $ topup contract fuzz --target mock --seed 42\n  $ topup contract openapi > openapi.json`,
    );
  contract
    .command('check')
    .description(
      'Call every read-only call (and the writes the fixtures mark safe) and judge each answer: envelope, result codes, data schema',
    )
    .requiredOption('--target <target>', '"mock" (started without its control API) or a base URL')
    .option('--fixtures <file>', 'fixture values of the backend, and its safeWrites')
    .addOption(reporterOption())
    .option('--out <file>', 'write the report to this file (the table still goes to the terminal)')
    .option('--only <call>', 'check only this call (repeatable)', collect, [])
    .option('--timeout <ms>', 'time-out of each request', int('--timeout'), DEFAULT_TIMEOUT_MS)
    .addHelpText('after', EXAMPLES.contract)
    .action(
      async (opts: {
        target: string;
        fixtures?: string;
        reporter: Reporter;
        out?: string;
        only: string[];
        timeout: number;
      }) => {
        setCode(
          await contractCheckCommand(
            {
              target: opts.target,
              reporter: opts.reporter,
              only: opts.only,
              timeoutMs: opts.timeout,
              ...(opts.fixtures === undefined ? {} : { fixtures: opts.fixtures }),
              ...(opts.out === undefined ? {} : { out: opts.out }),
            },
            io,
          ),
        );
      },
    );
  contract
    .command('openapi')
    .description('Print the OpenAPI 3.1 document derived from the contract registry')
    .addHelpText(
      'after',
      "\nExamples:\n  $ topup contract openapi > openapi.json\n  $ topup contract openapi | jq '.paths | keys'",
    )
    .action(() => setCode(openApiCommand(io)));
  registerContractFuzz(contract, io, setCode);

  const room = program.command('room').description('Realtime room tools').addHelpText('after', EXAMPLES.room);
  for (const action of ['push', 'fault', 'close'] as const) {
    const command = room
      .command(action)
      .argument('<rid>', 'room id, e.g. 5002')
      .option('--target <url>', 'the mock', 'http://127.0.0.1:8080');
    if (action === 'push') {
      command
        .description(
          'Push one change to a room on a running mock (a JSON list of directives; none: a type-3 sync-sn)',
        )
        .argument('[directives]', 'JSON list of directives', '[]')
        .addHelpText('after', EXAMPLES.push);
    } else if (action === 'fault') {
      command
        .description('A one-shot fault on the frame with this sn: drop, duplicate, reorder or delay it')
        .requiredOption('--sn <n>', 'the frame (a future one)', int('--sn'))
        .requiredOption('--fault <kind>', 'drop, duplicate, reorder or delay')
        .option('--ms <n>', 'for delay: how long', int('--ms'))
        .addHelpText('after', EXAMPLES.fault);
    } else {
      command
        .description('Close every socket of a room (the watcher and the app reconnect)')
        .option('--code <n>', 'close code', int('--code'))
        .addHelpText('after', EXAMPLES.close);
    }
    command.action(async (rid: string, ...rest: unknown[]) => {
      const directives = action === 'push' ? (rest[0] as string) : undefined;
      const opts = rest[action === 'push' ? 1 : 0] as Record<string, unknown> & { target: string };
      setCode(
        await roomControlCommand(
          action,
          rid,
          { ...opts, ...(directives === undefined ? {} : { directives }) },
          io,
        ),
      );
    });
  }
  room
    .command('watch')
    .description('Print the frames of a room, marking gaps and full refreshes, and the table as it converges')
    .requiredOption('--url <ws>', 'the room websocket, e.g. ws://127.0.0.1:8080/ws/room')
    .requiredOption('--rid <id>', 'room id')
    .option('--api <url>', 'API base for full refreshes (default: the socket origin)')
    .option('--count <n>', 'stop after this many messages', int('--count'))
    .option('--duration <ms>', 'stop after this long', int('--duration'))
    .option(
      '--json',
      'one JSON object per line on stdout and nothing else (notes and the table go to stderr)',
    )
    .option(
      '--no-reconnect',
      'stop when the server closes the socket instead of reconnecting (1 s, up to 8 attempts)',
    )
    .addHelpText('after', EXAMPLES.watch)
    .action(
      async (opts: {
        url: string;
        rid: string;
        api?: string;
        count?: number;
        duration?: number;
        json?: boolean;
        reconnect: boolean;
      }) => {
        setCode(
          await roomWatchCommand(
            {
              url: opts.url,
              rid: opts.rid,
              json: opts.json === true,
              reconnect: opts.reconnect,
              ...(opts.api === undefined ? {} : { api: opts.api }),
              ...(opts.count === undefined ? {} : { count: opts.count }),
              ...(opts.duration === undefined ? {} : { durationMs: opts.duration }),
            },
            io,
          ),
        );
      },
    );

  registerCoverage(program, io, setCode);
  registerRecord(program, io, setCode);
  return program;
}

/** Runs `topup` with these arguments and answers its exit code. */
export async function runCli(argv: readonly string[], io: Io = processIo): Promise<number> {
  let code: number = ExitCode.ok;
  const program = buildProgram(io, (c) => {
    code = c;
  });
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return code;
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.exitCode === 0 ? ExitCode.ok : ExitCode.usage;
    }
    if (error instanceof UsageError || error instanceof FixturesFileError) {
      io.err(`topup: ${maskSecrets(error.message)}\n`);
      return ExitCode.usage;
    }
    if (error instanceof ScenarioLoadErrors || error instanceof ScenarioFileError) {
      io.err(`topup: invalid scenario files:\n${error.message}\n`);
      return ExitCode.usage;
    }
    io.err(`topup: ${(error as Error).stack ?? String(error)}\n`);
    return ExitCode.failed;
  }
}
