import type { Command } from 'commander';
import type { ContractCommandOptions } from '../commands/contract';
import { registerContractFuzz } from '../fuzz/options';
import type { Io } from '../io';
import { EXAMPLES } from './examples';
import {
  checkTimeoutOption,
  collect,
  MOCK_FLAG_HELP,
  maxMsOption,
  reporterOption,
  type SetCode,
  whileInterruptible,
} from './options';

/** `topup contract`: check, openapi, fuzz. */
export function registerContract(program: Command, io: Io, setCode: SetCode): void {
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
    .requiredOption(
      '--target <target>',
      '"mock" (started without its control API) or a base URL (a real backend unless --mock)',
    )
    .option('--mock', MOCK_FLAG_HELP)
    .option('--fixtures <file>', 'fixture values of the backend, and its safeWrites')
    .addOption(reporterOption(['pretty', 'json', 'junit']))
    .option('--out <file>', 'write the report to this file (the table still goes to the terminal)')
    .option('--only <call>', 'check only this call (repeatable)', collect, [])
    .addOption(checkTimeoutOption())
    .addOption(maxMsOption())
    .option(
      '--writes',
      'also the 12 calls that move money or change cards, records and tickets (orders, payments, saved cards, fines, uploads, feedback), and the X-CLI-RID rules of order creation: for a staging backend with its own fixtures',
    )
    .option(
      '--allow-skips',
      'pass even when calls were skipped because the fixtures lack their values (without it such a run fails: it did not check them)',
    )
    .addHelpText('after', EXAMPLES.contract)
    .action(async (opts: ContractCommandOptions) =>
      setCode(
        await whileInterruptible((signal) =>
          import('../commands/contract').then((m) => m.contractCheckCommand({ ...opts, signal }, io)),
        ),
      ),
    );
  contract
    .command('openapi')
    .description('Print the OpenAPI 3.1 document derived from the contract registry')
    .addHelpText(
      'after',
      "\nExamples:\n  $ topup contract openapi > openapi.json\n  $ topup contract openapi | jq '.paths | keys'",
    )
    .action(async () => setCode((await import('../commands/contract')).openApiCommand(io)));
  registerContractFuzz(contract, io, setCode);
}
