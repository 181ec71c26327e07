import type { Command } from 'commander';
import type { MockTailOptions } from '../commands/control';
import type { MockCommandOptions } from '../commands/mock';
import type { MockTarget } from '../commands/mockTarget';
import type { Io } from '../io';
import { EXAMPLES } from './examples';
import { collect, int, mockOnlyTarget, type SetCode } from './options';

const control = () => import('../commands/control');

/** `topup mock` and its triggers on a running mock: force, unforce, tail. */
export function registerMock(program: Command, io: Io, setCode: SetCode): void {
  const mock = program
    .command('mock')
    .description('Start the mock server (every contract, provider simulators, room socket, control API)')
    .option('--port <n>', 'port on 127.0.0.1; 0 picks a free one', '8080')
    .option('--host <address>', 'address to bind', '127.0.0.1')
    .option('--seed <n>', 'seed of the filler data: same seed, same world')
    .option('--now <iso>', 'freeze the virtual clock at this time')
    .option('--no-control', 'no /__mock/ control API (what a contract run should see)')
    .option('--quiet', 'no request log')
    .addHelpText('after', EXAMPLES.mock)
    .action(async (opts: MockCommandOptions) =>
      setCode(await (await import('../commands/mock')).mockCommand(opts, io)),
    );

  mockOnlyTarget(mock.command('force'))
    .description("Force the next answers of a call on a running mock (the control API's /__mock/force)")
    .argument('<call>', 'a registry call, e.g. createCoinPay')
    .argument(
      '<answer>',
      'a result code the call can answer (25001 for createCoinPay), or a fault: delay:<ms>, http:<5xx>, hang, reset',
    )
    .option('--times <n>', 'how many answers', int('--times', 1, 1_000), 1)
    .option('--message <text>', 'the message of a forced result')
    .addHelpText(
      'after',
      '\nExamples:\n  $ topup mock force createCoinPay 25001 --times 2\n  $ topup mock force getCardSource http:503\n  $ topup mock force serverTime delay:3000\n  $ topup mock unforce',
    )
    .action(async (call: string, answer: string, opts: { times: number; message?: string } & MockTarget) =>
      setCode(await (await control()).mockForceCommand({ call, answer, ...opts }, io)),
    );
  mockOnlyTarget(mock.command('unforce'))
    .description('Clear every forced answer on a running mock')
    .addHelpText(
      'after',
      '\nExamples:\n  $ topup mock unforce\n  $ topup mock unforce --target http://127.0.0.1:9090 --mock',
    )
    .action(async (opts: MockTarget) =>
      setCode(await (await control()).mockForceCommand({ clear: true, ...opts }, io)),
    );
  mockOnlyTarget(mock.command('tail'))
    .description("Follow a running mock's request journal, filterable by call, result and session")
    .option('--call <call>', 'only this call (repeatable)', collect, [])
    .option('--result <code>', 'only this result (repeatable; "fault" for transport faults)', collect, [])
    .option('--session <key>', 'only requests carrying this session key or device id')
    .option('--json', 'one JSON object per line')
    .option('--interval <ms>', 'how often to read the journal', int('--interval', 1, 60_000), 500)
    .option('--count <n>', 'stop after this many entries', int('--count', 1, 100_000))
    .addHelpText(
      'after',
      '\nExamples:\n  $ topup mock tail\n  $ topup mock tail --call createCoinPay --result 25001\n  $ topup mock tail --session sk-10000001 --json',
    )
    .action(async (opts: MockTailOptions) => setCode(await (await control()).mockTailCommand(opts, io)));
}
