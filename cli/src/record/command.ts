import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import { type Command, InvalidArgumentError } from 'commander';
import { ExitCode, type Io, UsageError } from '../io';
import { parseScenario } from '../scenario/load';
import { startRecordingProxy } from './proxy';
import { describeRecorded, Recorder } from './recorder';

export interface RecordOptions {
  readonly target: string;
  readonly host: string;
  readonly port: number;
  readonly out: string;
  readonly fixturesOut?: string;
  readonly name?: string;
  readonly timeoutMs: number;
}

/** Resolves on Ctrl-C (SIGINT) or SIGTERM; the signal handlers are removed afterwards. */
function untilStopped(): Promise<void> {
  return new Promise((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

export async function recordCommand(
  options: RecordOptions,
  io: Io,
  stopped?: Promise<void>,
): Promise<number> {
  let target: URL;
  try {
    target = new URL(options.target);
  } catch {
    throw new UsageError(`--target takes a base URL, not ${options.target}`);
  }
  const name = options.name ?? basename(options.out, extname(options.out));
  if (!/^[a-z0-9][a-z0-9-]{0,99}$/.test(name)) {
    throw new UsageError(
      `scenario name ${JSON.stringify(name)}: lower-case letters, digits and - (use --name)`,
    );
  }
  const recorder = new Recorder();
  const proxy = await startRecordingProxy({
    target: target.toString(),
    host: options.host,
    port: options.port,
    timeoutMs: options.timeoutMs,
    onExchange: (exchange) => io.out(`${describeRecorded(recorder.record(exchange))}\n`),
    onRoom: (room) => io.out(`${describeRecorded(recorder.recordRoom(room))}\n`),
  });
  io.err(
    `recording ${target.origin} through ${proxy.url}: point the app or curl at it; Ctrl-C writes the scenario\n`,
  );
  await (stopped ?? untilStopped());
  await proxy.close();
  if (recorder.size === 0) {
    io.err('nothing was recorded: no call of the registry went through the proxy; no file written\n');
    return ExitCode.failed;
  }
  const written = recorder.write(name, target.origin);
  // The file must load as a scenario; a failure here is a bug of the recorder, not of the traffic.
  parseScenario(written.yaml, options.out);
  // Beside the scenario folder, not in it: a fixtures file there would be read as a scenario.
  const fixturesOut = options.fixturesOut ?? join(dirname(dirname(options.out)), 'fixtures', `${name}.yaml`);
  mkdirSync(dirname(options.out), { recursive: true });
  writeFileSync(options.out, written.yaml);
  mkdirSync(dirname(fixturesOut), { recursive: true });
  writeFileSync(fixturesOut, written.fixturesYaml);
  io.err(
    `wrote ${options.out} (${written.steps} steps) and ${fixturesOut}; ${written.drifts} exchange(s) drifted from their contracts\n` +
      `replay: topup scenario run ${name} --dir ${dirname(options.out)} --target mock\n`,
  );
  return written.drifts === 0 ? ExitCode.ok : ExitCode.failed;
}

const port = (value: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new InvalidArgumentError('--port takes 0 to 65535');
  return n;
};

const milliseconds = (value: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new InvalidArgumentError('--timeout takes a whole number of ms');
  return n;
};

/** `topup record`. */
export function registerRecord(program: Command, io: Io, setCode: (code: number) => void): void {
  program
    .command('record')
    .description(
      'Record real traffic into a replayable scenario: a proxy in front of a backend that checks every exchange against its contract (drift reported live), redacts secrets into fixture references, and on Ctrl-C writes the scenario and the fixtures file it needs',
    )
    .requiredOption('--target <url>', 'the backend to record, e.g. https://staging.example/')
    .requiredOption('--out <file>', 'the scenario file to write, e.g. scenarios/recorded-checkout.yaml')
    .option('--port <n>', 'port of the proxy on --host; 0 picks a free one', port, 8090)
    .option('--host <address>', 'address the proxy binds', '127.0.0.1')
    .option(
      '--fixtures-out <file>',
      'the fixtures file to write (default: fixtures/<name>.yaml beside the scenario folder)',
    )
    .option('--name <name>', 'scenario name (default: the file name)')
    .option('--timeout <ms>', "time-out of the backend's answers", milliseconds, 60_000)
    .addHelpText(
      'after',
      `
Examples:
  $ topup record --target https://staging.example/ --port 8090 --out scenarios/recorded-checkout.yaml
      then point the app's api_base (or curl) at http://127.0.0.1:8090 and use it; Ctrl-C writes the files
  $ topup scenario run recorded-checkout --target mock     # the recording replays against the mock
Passwords, tickets, social tokens and session keys become fixture references (\${fixtures.account.session_key});
values an earlier answer returned (an order id, a session key) become step references (\${steps.s3.data.order_id});
card tokens are replaced and card numbers or CVVs never reach a file.`,
    )
    .action(
      async (opts: {
        target: string;
        out: string;
        port: number;
        host: string;
        fixturesOut?: string;
        name?: string;
        timeout: number;
      }) => {
        setCode(
          await recordCommand(
            {
              target: opts.target,
              out: opts.out,
              port: opts.port,
              host: opts.host,
              timeoutMs: opts.timeout,
              ...(opts.fixturesOut === undefined ? {} : { fixturesOut: opts.fixturesOut }),
              ...(opts.name === undefined ? {} : { name: opts.name }),
            },
            io,
          ),
        );
      },
    );
}
