import { buildOpenApi } from '@topup/contracts/openapi/build';
import { type CallCheck, checkContracts } from '../contract/check';
import { MOCK_EXPECTED_REFUSALS, MOCK_SAFE_WRITES } from '../contract/plan';
import type { Reporter } from '../defaults';
import { sendJson } from '../http/client';
import { ExitCode, type Io, UsageError } from '../io';
import { contractToJUnit, formatContractTable } from '../report/contract';
import { jsonReport, mask } from '../report/mask';
import { CATALOGUE_FIXTURES } from '../scenario/fixtures';
import { checkOutputFile } from '../writeText';
import { onlyCalls, withCheckTarget } from './checkTarget';
import { emitReport } from './output';
import { INTERRUPTED_EXIT } from './runReport';

export interface ContractCommandOptions {
  readonly target: string;
  readonly fixtures?: string;
  readonly reporter: Reporter;
  readonly out?: string;
  readonly only: readonly string[];
  /** Time-out of each request, in ms. */
  readonly timeout: number;
  /** Also the writes that move money or change cards and records (opt-in, for a staging backend). */
  readonly writes?: boolean;
  /** One latency budget for every call instead of each call's own. */
  readonly maxMs?: number;
  /** The `--target` URL is a topup mock: its catalogue fixtures, safe writes and refusals are used. */
  readonly mock?: boolean;
  /** `--allow-skips`: calls skipped for fixture values that are missing do not fail the run. */
  readonly allowSkips?: boolean;
  /** Aborted on Ctrl-C: the report of the calls done is still written, and the command exits 130. */
  readonly signal?: AbortSignal;
}

export async function contractCheckCommand(options: ContractCommandOptions, io: Io): Promise<number> {
  // The check's time counts from here: a target check (or a mock started) before the calls is waited for too.
  const started = performance.now();
  const only = options.only.length === 0 ? undefined : onlyCalls(options.only);
  // Before the backend is asked anything: a folder or FIFO as --out is exit 2 now, not after the writes.
  if (options.out !== undefined) checkOutputFile('--out', options.out);
  // `mock` here is the mock with its control API off: the check sees only the real API surface.
  return withCheckTarget(options, false, io, async ({ baseUrl, file, onMock, markedMock }) => {
    if (file === undefined && !onMock) {
      io.err(
        options.allowSkips === true
          ? 'note: no --fixtures file: calls that need fixture values are skipped (--allow-skips: the run may pass without them)\n'
          : 'note: no --fixtures file: calls that need fixture values are skipped, and the run fails for them unless --allow-skips\n',
      );
    }
    const clock = markedMock ? await mockClock(baseUrl, options.timeout) : undefined;
    const report = await checkContracts(baseUrl, {
      started,
      ...(clock === undefined ? {} : { clock }),
      fixtures: file?.fixtures ?? (onMock ? CATALOGUE_FIXTURES : {}),
      safeWrites: file?.safeWrites ?? (onMock ? MOCK_SAFE_WRITES : []),
      expectRefusals: file?.expectRefusals ?? (onMock ? MOCK_EXPECTED_REFUSALS : {}),
      timeoutMs: options.timeout,
      ...(options.writes === true ? { writes: true } : {}),
      ...(options.allowSkips === true ? { allowSkips: true } : {}),
      ...(options.maxMs === undefined ? {} : { maxMs: options.maxMs }),
      ...(only === undefined ? {} : { only: [...only] }),
      // A CI log (no terminal) shows a line a call as it finishes, so a slow backend is seen to be slow.
      ...(io.isTTY ? {} : { onCall: (c, done, total) => io.err(`${progressLine(c, done, total)}\n`) }),
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    });
    // A selection of which nothing could be checked is a wrong command, never a green run of nothing.
    if (report.interrupted !== true && report.calls.every((c) => c.outcome === 'skipped')) {
      const why = report.calls.map((c) => `${c.call} (${c.skipReason ?? 'skipped'})`).join('; ');
      throw new UsageError(
        `nothing to check: every call selected was skipped: ${why}. Select a call the check sends, or see --writes.`,
      );
    }
    const text =
      options.reporter === 'json'
        ? jsonReport(report)
        : options.reporter === 'junit'
          ? contractToJUnit(report)
          : formatContractTable(report, io.colour && options.out === undefined);
    emitReport(
      io,
      options.out,
      text,
      options.reporter === 'pretty' ? undefined : () => formatContractTable(report, io.colour),
    );
    if (report.interrupted === true) {
      io.err('topup: interrupted; the report holds the calls done, the rest skipped as not run\n');
      return INTERRUPTED_EXIT;
    }
    return report.passed ? ExitCode.ok : ExitCode.failed;
  });
}

/**
 * A mock's own clock (`GET /__mock/clock`), which `--now` may have frozen days from this machine's: the
 * server times it answers are held to it. Undefined when it does not say.
 */
async function mockClock(
  baseUrl: string,
  timeoutMs: number,
): Promise<{ now: number; name: string } | undefined> {
  const answer = await sendJson(baseUrl, 'GET', '/__mock/clock', undefined, timeoutMs);
  const now = Date.parse(String((answer.body as { data?: { now?: unknown } } | undefined)?.data?.now));
  return Number.isNaN(now) ? undefined : { now, name: "the mock's clock (GET /__mock/clock)" };
}

/** One finished call, for a CI log: `[12/49] getOrderInfo ok 23 ms`, a skip with its reason. */
function progressLine(c: CallCheck, done: number, total: number): string {
  const what =
    c.outcome === 'skipped'
      ? `skipped (${c.skipReason ?? ''})`
      : `${c.outcome}${c.result === undefined ? '' : ` ${c.result}`} ${c.ms} ms`;
  return mask(`[${done}/${total}] ${c.call} ${what}`);
}

export function openApiCommand(io: Io): number {
  io.out(`${JSON.stringify(buildOpenApi(), null, 2)}\n`);
  return ExitCode.ok;
}
