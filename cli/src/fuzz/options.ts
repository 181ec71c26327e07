import { type Command, Option } from 'commander';
import { DEFAULT_TIMEOUT_MS, REPORTERS, type Reporter } from '../defaults';
import type { Io } from '../io';
import { collect, int, type SetCode } from '../program/options';

/** `topup contract fuzz`, added under `topup contract`. */
export function registerContractFuzz(contract: Command, io: Io, setCode: SetCode): void {
  contract
    .command('fuzz')
    .description(
      "Property-based contract testing: requests generated from each call's zod contract, valid and invalid (wrong types, missing fields, out of range, oversize, hostile Unicode), every answer judged; failures shrunk to the smallest request, with a curl line",
    )
    .requiredOption('--target <target>', '"mock" (its own, reset before each call) or a base URL')
    .option('--fixtures <file>', "a real backend's fixture values, and the writes its safeWrites allow")
    .option('--seed <n>', 'fast-check seed: the same seed sends the same requests', int('--seed'))
    .option('--runs <n>', 'requests per call (before shrinking)', int('--runs'), 20)
    .option(
      '--sequence-runs <n>',
      'runs of the sign-in → card → order → result → cancel sequence',
      int('--sequence-runs'),
      5,
    )
    .option('--only <call>', 'fuzz only this call (repeatable; no sequence then)', collect, [])
    .option('--rate <n>', 'requests a second at most (a real backend: 2 unless set)', int('--rate'))
    .option(
      '--max-ms <ms>',
      "one latency budget for every call (default: each call's own, from the contracts' limits: 2000 ms, payResultByOrderFast 1000 ms)",
      int('--max-ms'),
    )
    .option('--timeout <ms>', 'time-out of each request', int('--timeout'), DEFAULT_TIMEOUT_MS)
    .addOption(
      new Option('--reporter <kind>', 'pretty, json, junit (JUnit XML for CI) or html')
        .choices(REPORTERS as string[])
        .default('pretty'),
    )
    .option('--out <file>', 'write the report to this file (the table still goes to the terminal)')
    .addHelpText(
      'after',
      `
Examples:
  $ topup contract fuzz --target mock --seed 42 --runs 50
  $ topup contract fuzz --target mock --only checkDisplayId --only createCoinPay --reporter html --out fuzz.html
  $ topup contract fuzz --target https://staging.example/ --fixtures ci/staging-fixtures.yaml --rate 5 \\
      --reporter junit --out reports/fuzz.xml
A real backend gets only read-only calls and the writes its fixtures file lists under safeWrites.`,
    )
    .action(
      async (opts: {
        target: string;
        fixtures?: string;
        seed?: number;
        runs: number;
        sequenceRuns: number;
        only: string[];
        rate?: number;
        maxMs?: number;
        timeout: number;
        reporter: Reporter;
        out?: string;
      }) => {
        const seed = opts.seed ?? Math.floor(Math.random() * 2 ** 31);
        setCode(
          await (await import('./command')).contractFuzzCommand(
            {
              target: opts.target,
              seed,
              runs: opts.runs,
              sequenceRuns: opts.sequenceRuns,
              only: opts.only,
              timeoutMs: opts.timeout,
              reporter: opts.reporter,
              ...(opts.fixtures === undefined ? {} : { fixtures: opts.fixtures }),
              ...(opts.rate === undefined ? {} : { rate: opts.rate }),
              ...(opts.maxMs === undefined ? {} : { maxMs: opts.maxMs }),
              ...(opts.out === undefined ? {} : { out: opts.out }),
            },
            io,
          ),
        );
      },
    );
}
