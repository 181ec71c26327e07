import type { CallName } from '@topup/contracts';
import type { Io } from '../io';
import type { FixtureSource } from '../scenario/fixtures';
import { loadFixturesFile } from '../scenario/fixturesFile';
import { openUrlTarget, type Target, targetLine } from '../scenario/target';
import { parsePortRange, type StartedMock, startMock } from './mockServer';
import { parseBaseUrl } from './output';

/** What opening a run's targets reads of its options. */
export interface TargetOptions {
  readonly fixtures?: string;
  /** `--mock-ports from-to`: the ports the mocks of `--target mock` listen on. */
  readonly mockPorts?: string;
  readonly concurrency: number;
  readonly roomUrl?: string;
  /** `--timeout`: how long each request waits, the target's clock read too. */
  readonly timeout?: number;
  /** Ctrl-C: the target's clock read stops waiting. */
  readonly signal?: AbortSignal;
}

export interface Targets {
  readonly targets: Target[];
  readonly fixtures: FixtureSource;
  /** The fixtures file's safeWrites: the writes a real backend may be sent (none without a file). */
  readonly safeWrites: readonly CallName[];
  close(): Promise<void>;
}

/** A target that does not answer at all: one clear line, exit code 1 (not a "fixtures missing" report). */
export class UnreachableTarget extends Error {}

/**
 * `mock` starts one mock per concurrent worker, so that each scenario gets a fresh world of its own. A URL
 * is a real backend (no control steps, fixtures only from a file) unless `markedMock` (`--mock`).
 */
export async function openTargets(
  spec: string,
  markedMock: boolean,
  options: TargetOptions,
  io: Io,
): Promise<Targets> {
  const file = options.fixtures === undefined ? undefined : loadFixturesFile(options.fixtures);
  const safeWrites = file?.safeWrites ?? [];
  const fileSource = (): FixtureSource | undefined => {
    if (options.fixtures === undefined || file === undefined) return undefined;
    return { kind: 'file', file: options.fixtures, values: file.fixtures };
  };
  if (spec === 'mock') {
    const fixtures = fileSource() ?? { kind: 'catalogue' };
    const mocks: StartedMock[] = [];
    const ports = options.mockPorts === undefined ? undefined : parsePortRange(options.mockPorts);
    for (let i = 0; i < options.concurrency; i += 1)
      mocks.push(await startMock(ports === undefined ? {} : { ports }));
    return {
      targets: mocks.map((m) => m.target),
      fixtures,
      safeWrites,
      close: async () => {
        await Promise.all(mocks.map((m) => m.close()));
      },
    };
  }
  const url = parseBaseUrl(spec);
  const fromFile = fileSource();
  const target = await openUrlTarget(url, markedMock, options.roomUrl, options.timeout, options.signal);
  // How the URL is taken is said whether or not it answers: the line comes before any failure.
  io.err(targetLine(target, markedMock));
  if (target.unreachable !== undefined) {
    throw new UnreachableTarget(`no answer from ${url}: ${target.unreachable}`);
  }
  const fixtures = fromFile ?? (target.mock ? { kind: 'catalogue' as const } : { kind: 'none' as const });
  if (target.mock && options.concurrency > 1) {
    io.err(
      'note: the target is a mock with its control API; each scenario resets it, so they run one at a time\n',
    );
    return { targets: [target], fixtures, safeWrites, close: async () => {} };
  }
  return {
    targets: Array.from({ length: options.concurrency }, () => target),
    fixtures,
    safeWrites,
    close: async () => {},
  };
}
