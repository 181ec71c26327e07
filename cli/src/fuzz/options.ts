import type { Command } from 'commander';
import type { Io } from '../io';
import {
  checkTimeoutOption,
  collect,
  int,
  MOCK_FLAG_HELP,
  maxMsOption,
  reporterOption,
  type SetCode,
  whileInterruptible,
} from '../program/options';
import type { FuzzCommandOptions } from './command';

/** `topup contract fuzz`, added under `topup contract`. */
export function registerContractFuzz(contract: Command, io: Io, setCode: SetCode): void {
  contract
    .command('fuzz')
    .description(
      "Property-based contract testing: requests generated from each call's zod contract, valid and invalid (wrong types, missing fields, out of range, oversize, hostile Unicode), every answer judged; failures shrunk to the smallest request, with a curl line",
    )
    .requiredOption(
      '--target <target>',
      '"mock" (its own, reset before each call) or a base URL (a real backend unless --mock)',
    )
    .option('--mock', MOCK_FLAG_HELP)
    .option('--fixtures <file>', "a real backend's fixture values, and the writes its safeWrites allow")
    .option(
      '--seed <n>',
      'fast-check seed: the same seed sends the same requests',
      int('--seed', 0, 2 ** 31 - 1),
    )
    .option('--runs <n>', 'requests per call (before shrinking)', int('--runs', 1, 10_000), 20)
    .option(
      '--sequence-runs <n>',
      'runs of the sign-in → card → order → result → cancel sequence',
      int('--sequence-runs', 0, 1_000),
      5,
    )
    .option('--only <call>', 'fuzz only this call (repeatable; no sequence then)', collect, [])
    .option('--rate <n>', 'requests a second at most (a real backend: 2 unless set)', int('--rate', 1, 1_000))
    .addOption(maxMsOption())
    .addOption(checkTimeoutOption())
    .addOption(reporterOption())
    .option('--out <file>', 'write the report to this file (the table still goes to the terminal)')
    .addHelpText(
      'after',
      `
Examples:
  $ topup contract fuzz --target mock --seed 42 --runs 50
  $ topup contract fuzz --target mock --only checkDisplayId --only createCoinPay --reporter html --out fuzz.html
  $ topup contract fuzz --target http://127.0.0.1:8080 --mock --seed 42      # a mock you started
  $ topup contract fuzz --target https://staging.example/ --fixtures ci/staging-fixtures.yaml --rate 5 \\
      --reporter junit --out reports/fuzz.xml
A URL is a real backend unless --mock: it gets only read-only calls and the writes its fixtures file
lists under safeWrites, and none of the test data catalogue's values.`,
    )
    .action(async (opts: Omit<FuzzCommandOptions, 'seed'> & { seed?: number }) => {
      const seed = opts.seed ?? Math.floor(Math.random() * 2 ** 31);
      setCode(
        await whileInterruptible(async (signal) =>
          (await import('./command')).contractFuzzCommand({ ...opts, seed, signal }, io),
        ),
      );
    });
}
