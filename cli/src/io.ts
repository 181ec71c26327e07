/** Where a command writes: injected so tests can capture output and pretend to be a terminal. */
export interface Io {
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
  readonly isTTY: boolean;
  readonly colour: boolean;
}

export const processIo: Io = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  isTTY: process.stdout.isTTY === true,
  colour: process.stdout.isTTY === true && process.env.NO_COLOR === undefined,
};

/**
 * Exit codes: everything asked for passed; something failed; the command itself was wrong; stopped by Ctrl-C
 * (or SIGTERM), 128 + SIGINT as shells and CI runners expect. The README's exit-code table says the same.
 */
export const ExitCode = { ok: 0, failed: 1, usage: 2, interrupted: 130 } as const;

export class UsageError extends Error {}

/** Scenario files that cannot be loaded: the command was wrong (exit 2), the message lists every problem. */
export class InvalidScenarioError extends Error {}
