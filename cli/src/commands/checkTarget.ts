import { CALL_NAMES, type CallName, isCallName } from '@topup/contracts';
import { ExitCode, type Io, UsageError } from '../io';
import { didYouMean } from '../scenario/didYouMean';
import { type FixturesFile, loadFixturesFile } from '../scenario/fixturesFile';
import { announceUrlTarget } from '../scenario/target';
import { startMock } from './mockServer';
import { parseBaseUrl } from './output';

/** The calls `--only` names (every call when none), refused with a did-you-mean when one is no call. */
export function onlyCalls(only: readonly string[]): readonly CallName[] {
  const unknown = only.filter((n) => !isCallName(n));
  if (unknown.length > 0)
    throw new UsageError(
      `--only: unknown call ${unknown.map((n) => `${n}${didYouMean(n, CALL_NAMES).replace(/^; (.*)$/, ' ($1)')}`).join(', ')}; valid calls: ${CALL_NAMES.join(', ')}`,
    );
  return only.length === 0 ? CALL_NAMES : (only as CallName[]);
}

export interface CheckTarget {
  readonly baseUrl: string;
  readonly file: FixturesFile | undefined;
  /** The mock topup started, or a URL `--mock` marks as one: the catalogue's values and writes are used. */
  readonly onMock: boolean;
  /** A URL `--mock` marks as a mock (not one topup started). */
  readonly markedMock: boolean;
}

/**
 * Runs a check or a fuzz against its `--target`: `mock` started for it (with or without its control API) and
 * stopped after, or a URL, said on stderr how it is treated. Exit 1 when `--mock` names a URL nothing answers.
 */
export async function withCheckTarget(
  options: {
    readonly target: string;
    readonly fixtures?: string;
    readonly mock?: boolean;
    readonly timeout?: number;
  },
  control: boolean,
  io: Io,
  use: (target: CheckTarget) => Promise<number>,
): Promise<number> {
  const started = options.target === 'mock' ? await startMock({ control }) : undefined;
  try {
    const baseUrl = started?.target.baseUrl ?? parseBaseUrl(options.target);
    const file = options.fixtures === undefined ? undefined : loadFixturesFile(options.fixtures);
    // A URL is a real backend unless --mock says it is the mock: whatever it answers, it is then sent no
    // catalogue values, no write its fixtures do not mark safe, no control call and no sign-in sequence.
    const url =
      started === undefined
        ? await announceUrlTarget(baseUrl, options.mock === true, io, options.timeout)
        : undefined;
    if (started === undefined && url === undefined) return ExitCode.failed;
    const markedMock = url?.mock === true;
    return await use({ baseUrl, file, onMock: started !== undefined || markedMock, markedMock });
  } finally {
    await started?.close();
  }
}
