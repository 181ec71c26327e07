import { basename, dirname, extname, join } from 'node:path';
import { parseBaseUrl } from '../commands/output';
import { shellQuote } from '../fuzz/curl';
import { ExitCode, type Io, UsageError } from '../io';
import { parseScenario } from '../scenario/load';
import { checkOutputFile, writeOutputFile } from '../writeText';
import { describeRecorded } from './live';
import { startRecordingProxy } from './proxy';
import { Recorder } from './recorder';

export interface RecordOptions {
  readonly target: string;
  readonly host: string;
  readonly port: number;
  readonly out: string;
  readonly fixturesOut?: string;
  readonly name?: string;
  /** Time-out of the backend's answers, in ms. */
  readonly timeout: number;
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
  const target = new URL(parseBaseUrl(options.target, '--target', false));
  const name = options.name ?? basename(options.out, extname(options.out));
  if (!/^[a-z0-9][a-z0-9-]{0,99}$/.test(name)) {
    throw new UsageError(
      `scenario name ${JSON.stringify(name)}: lower-case letters, digits and - (use --name)`,
    );
  }
  // Beside the scenario folder, not in it: a fixtures file there would be read as a scenario.
  const fixturesOut = options.fixturesOut ?? join(dirname(dirname(options.out)), 'fixtures', `${name}.yaml`);
  // Both files are checked before recording: a folder or FIFO there must not lose a session at Ctrl-C.
  checkOutputFile('--out', options.out, true, true);
  checkOutputFile('--fixtures-out', fixturesOut, true, true);
  const recorder = new Recorder();
  const proxy = await startRecordingProxy({
    target: target.toString(),
    host: options.host,
    port: options.port,
    timeoutMs: options.timeout,
    onExchange: (exchange) => {
      io.out(`${describeRecorded(recorder.record(exchange))}\n`);
    },
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
  writeOutputFile('--out', options.out, written.yaml);
  writeOutputFile('--fixtures-out', fixturesOut, written.fixturesYaml);
  io.err(
    `wrote ${options.out} (${written.steps} steps) and ${fixturesOut}; ${written.drifts} exchange(s) drifted from their contracts` +
      `${written.failed === 0 ? '' : `; ${written.failed} recorded answer(s) were failures (a service failure or an answer off its contract), written as what the contract requires, so a replay against ${target.origin} fails until it is fixed`}\n` +
      // The scenario file itself, not its folder: `--dir` would also read a fixtures file written beside it.
      `replay: topup scenario run ${shellWord(options.out)} --target mock\n`,
  );
  return written.drifts === 0 && written.failed === 0 ? ExitCode.ok : ExitCode.failed;
}

/** A path as one shell word: as it is when it needs no quoting, else single-quoted. */
function shellWord(path: string): string {
  return /^[\w@%+=:,./-]+$/.test(path) ? path : shellQuote(path);
}
