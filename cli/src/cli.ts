import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { contractCheckCommand, openApiCommand } from './commands/contract';
import { roomWatchCommand } from './commands/room';
import {
  listScenarios,
  printSchema,
  REPORTERS,
  type Reporter,
  runScenarioCommand,
} from './commands/scenario';
import { registerCoverage } from './coverage/command';
import { registerContractFuzz } from './fuzz/command';
import { DEFAULT_TIMEOUT_MS } from './http/client';
import { ExitCode, type Io, processIo, UsageError } from './io';
import { SCENARIO_DIR } from './paths';
import { registerRecord } from './record/command';
import { FixturesFileError } from './scenario/fixturesFile';
import { ScenarioFileError, ScenarioLoadErrors } from './scenario/load';

const int = (name: string) => (value: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError(`${name} takes a whole number`);
  return n;
};
const collect = (value: string, previous: string[]) => [...previous, value];
const reporterOption = () =>
  new Option('--reporter <kind>', 'pretty (progress on a terminal), json, or junit (JUnit XML for CI)')
    .choices(REPORTERS as string[])
    .default('pretty');

/** Builds the `topup` program; actions set `code` rather than exiting, so tests can run it in-process. */
function buildProgram(io: Io, setCode: (code: number) => void): Command {
  const program = new Command('topup')
    .description(
      'Replay QA scenarios against the mock or a real backend, check a backend against the contracts, watch a room.\n' +
        'Exit code: 0 when everything asked for passed, 1 when something failed, 2 when the command was wrong.',
    )
    .configureOutput({ writeOut: io.out, writeErr: io.err })
    .exitOverride()
    .showHelpAfterError('(add --help for usage)');

  program
    .command('mock')
    .description('Start the mock server (every contract, provider simulators, room socket, control API)')
    .option('--port <n>', 'port on 127.0.0.1; 0 picks a free one', '8080')
    .option('--host <address>', 'address to bind', '127.0.0.1')
    .option('--seed <n>', 'seed of the filler data: same seed, same world')
    .option('--now <iso>', 'freeze the virtual clock at this time')
    .option('--no-control', 'no /__mock/ control API (what a contract run should see)')
    .option('--quiet', 'no request log')
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
        const running = await startMockServer({
          ...parsed,
          logger: opts.quiet ? false : io.isTTY ? 'pretty' : true,
        });
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

  const scenario = program
    .command('scenario')
    .description('List, run and validate scenario files (scenarios/)');
  scenario
    .command('list')
    .description('List the scenarios with their descriptions and tags')
    .option('--dir <dir>', 'folder of scenario files', SCENARIO_DIR)
    .option('--tag <tag>', 'only scenarios with this tag (repeatable)', collect, [])
    .action((opts: { dir: string; tag: string[] }) => setCode(listScenarios(opts.dir, opts.tag, io)));

  scenario
    .command('run')
    .description('Run scenarios by name, by --tag, or --all, against the mock or a base URL')
    .argument('[names...]', 'scenario names (see topup scenario list)')
    .option('--tag <tag>', 'run the scenarios with this tag (repeatable)', collect, [])
    .option('--all', 'run every scenario')
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
    .action(
      async (
        names: string[],
        opts: {
          tag: string[];
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
        setCode(
          await runScenarioCommand(
            {
              dir: opts.dir,
              names,
              tags: opts.tag,
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
          ),
        );
      },
    );

  scenario
    .command('schema')
    .description('Print the JSON Schema of scenario files (for editors)')
    .option('--write', 'write it to scenarios/scenario.schema.json instead')
    .option('--dir <dir>', 'folder of scenario files', SCENARIO_DIR)
    .action((opts: { write?: boolean; dir: string }) =>
      setCode(printSchema(opts.dir, opts.write === true, io)),
    );

  scenario
    .command('validate')
    .description('Check every scenario file without running it')
    .option('--dir <dir>', 'folder of scenario files', SCENARIO_DIR)
    .action(async (opts: { dir: string }) => {
      const { loadScenarioDir } = await import('./scenario/load');
      const loaded = loadScenarioDir(opts.dir);
      io.out(`${loaded.length} scenario files are valid\n`);
      setCode(ExitCode.ok);
    });

  const contract = program
    .command('contract')
    .description('Check a backend against the contracts; print the OpenAPI document');
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
    .action(() => setCode(openApiCommand(io)));
  registerContractFuzz(contract, io, setCode);

  program
    .command('room')
    .description('Realtime room tools')
    .command('watch')
    .description('Print the frames of a room, marking gaps and full refreshes, and the table as it converges')
    .requiredOption('--url <ws>', 'the room websocket, e.g. ws://127.0.0.1:8080/ws/room')
    .requiredOption('--rid <id>', 'room id')
    .option('--api <url>', 'API base for full refreshes (default: the socket origin)')
    .option('--count <n>', 'stop after this many messages', int('--count'))
    .option('--duration <ms>', 'stop after this long', int('--duration'))
    .option('--json', 'one JSON object per event')
    .action(
      async (opts: {
        url: string;
        rid: string;
        api?: string;
        count?: number;
        duration?: number;
        json?: boolean;
      }) => {
        setCode(
          await roomWatchCommand(
            {
              url: opts.url,
              rid: opts.rid,
              json: opts.json === true,
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
      io.err(`topup: ${error.message}\n`);
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
