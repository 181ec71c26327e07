import { type Command, InvalidArgumentError, Option } from 'commander';
import { CHECK_TIMEOUT_MS, DEFAULT_MOCK_URL, REPORTERS, type Reporter } from '../defaults';
import { onStopSignal, Stopped } from '../interrupt';

/** The shape of a command's registration: its actions set the exit code rather than exiting. */
export type SetCode = (code: number) => void;

/**
 * A whole number option, `min` (0) or more and at most `max` when given: plain digits only (none of these
 * options is negative), not what Number() also reads (`1e3`, `0x64`, ` 200`, `1.0`).
 */
export const int =
  (name: string, min = 0, max = Number.POSITIVE_INFINITY) =>
  (value: string) => {
    const n = /^\d{1,15}$/.test(value) ? Number(value) : Number.NaN;
    if (Number.isInteger(n) && n >= min && n <= max) return n;
    const range = `a whole number from ${min}${max < Number.POSITIVE_INFINITY ? ` to ${max}` : ''}`;
    throw new InvalidArgumentError(`${name} takes ${range}`);
  };

/**
 * The bounds of the time options: below them a value makes no sense (a 1 ms time-out, a 0 ms budget) and
 * would be blamed on the backend; above them a run would hang for hours. Refused with one line, exit 2.
 */
export const TIMEOUT_MS = { min: 100, max: 600_000 } as const;
export const BUDGET_MS = { min: 10, max: 600_000 } as const;
export const timeoutMs = (name = '--timeout') => int(name, TIMEOUT_MS.min, TIMEOUT_MS.max);

/** `room fault --sn`: a frame number, or `+N` (kept as text) for the Nth frame after the room's sn now. */
export const frameArg = (value: string): number | string =>
  /^\+[1-9]\d{0,8}$/.test(value) ? value : int('--sn')(value);

/** A repeatable option's values, in order. */
export const collect = (value: string, previous: string[]) => [...previous, value];

export const reporterOption = (choices: readonly Reporter[] = REPORTERS) =>
  new Option(
    '--reporter <kind>',
    `pretty (progress on a terminal), json (everything, with requests and answers), junit (CI)${choices.includes('html') ? ', or html (one page to open)' : ''}`,
  )
    .choices(choices)
    .default('pretty');

/** The contract check's and the fuzz's `--timeout` and `--max-ms`. */
export const checkTimeoutOption = () =>
  new Option(
    '--timeout <ms>',
    'time-out of each request (five times the 2 s latency budget: a hung backend fails each call, not CI)',
  )
    .argParser(timeoutMs())
    .default(CHECK_TIMEOUT_MS);
export const maxMsOption = () =>
  new Option(
    '--max-ms <ms>',
    "one latency budget for every call (default: each call's own, from the contracts' limits: 2000 ms, payResultByOrderFast 1000 ms)",
  ).argParser(int('--max-ms', BUDGET_MS.min, BUDGET_MS.max));

/** `--mock`: the `--target` URL is a topup mock; without it a URL is a real backend, whatever it answers. */
export const MOCK_FLAG_HELP =
  "the --target URL is a topup mock you started (topup mock, control API on): it gets the test data catalogue's accounts, passwords and cards (TESTDATA) and the mock's writes and control calls; without --mock a URL is a real backend, whatever it answers";

/**
 * The target of a command that sends only the mock's control calls (the triggers, `mock tail`): no default
 * URL in the option, so a URL the user gives is told from none, and `--mock` to mark one a mock.
 */
export const mockOnlyTarget = (command: Command): Command =>
  command
    .option(
      '--target <url>',
      `a running topup mock (default: ${DEFAULT_MOCK_URL}, where topup mock listens); a URL given here needs --mock`,
    )
    .option('--mock', 'the --target URL is a topup mock you started; without it, nothing is sent to it');

/**
 * Runs a command with an abort signal that Ctrl-C (or SIGTERM from CI) sets: the command stops, still writes
 * its report of what finished, and exits 130. The handlers are removed afterwards.
 */
export async function whileInterruptible(run: (signal: AbortSignal) => Promise<number>): Promise<number> {
  const controller = new AbortController();
  const off = onStopSignal((by) => controller.abort(new Stopped(by)));
  try {
    return await run(controller.signal);
  } finally {
    off();
  }
}
