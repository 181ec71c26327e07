import type { Command } from 'commander';
import type { Io } from '../io';
import { int, timeoutMs } from '../program/options';
import type { RecordOptions } from './command';

/** `topup record`. */
export function registerRecord(program: Command, io: Io, setCode: (code: number) => void): void {
  program
    .command('record')
    .description(
      'Record real traffic into a replayable scenario: a proxy in front of a backend that checks every exchange against its contract (drift reported live), redacts secrets into fixture references, and on Ctrl-C writes the scenario and the fixtures file it needs',
    )
    .requiredOption('--target <url>', 'the backend to record, e.g. https://staging.example/')
    .requiredOption('--out <file>', 'the scenario file to write, e.g. scenarios/recorded-checkout.yaml')
    .option('--port <n>', 'port of the proxy on --host; 0 picks a free one', int('--port', 0, 65535), 8090)
    .option('--host <address>', 'address the proxy binds', '127.0.0.1')
    .option(
      '--fixtures-out <file>',
      'the fixtures file to write (default: fixtures/<name>.yaml beside the scenario folder)',
    )
    .option('--name <name>', 'scenario name (default: the file name)')
    .option('--timeout <ms>', "time-out of the backend's answers", timeoutMs(), 60_000)
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
    .action(async (opts: RecordOptions) =>
      setCode(await (await import('./command')).recordCommand(opts, io)),
    );
}
