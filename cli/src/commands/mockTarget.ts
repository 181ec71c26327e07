import { DEFAULT_MOCK_URL } from '../defaults';
import { type Io, UsageError } from '../io';
import { probeMockControl } from '../scenario/target';
import { parseBaseUrl } from './output';

/** Where a trigger or `mock tail` is sent: `--target` (marked or not with `--mock`), else topup mock's own. */
export interface MockTarget {
  readonly target?: string | undefined;
  readonly mock?: boolean | undefined;
}

/**
 * The mock a trigger or tail acts on. These commands send nothing but the mock's control calls, so they go
 * only to a mock: with no `--target`, the one `topup mock` starts on its default address; a `--target` URL
 * only when `--mock` marks it one, as every command takes a URL (a real backend unless --mock): otherwise
 * refused (exit 2) before anything is sent to it.
 */
export function mockBaseOf(command: string, where: MockTarget): string {
  const target = where.target ?? DEFAULT_MOCK_URL;
  let base: string;
  try {
    base = parseBaseUrl(target);
  } catch {
    throw new UsageError(`--target takes the mock's base URL, such as ${DEFAULT_MOCK_URL}, not ${target}`);
  }
  if (where.target !== undefined && where.mock !== true) {
    throw new UsageError(
      `${command} sends only the mock's control calls (/__mock/…), and --target ${base} is a real backend unless --mock marks it a topup mock you started: nothing was sent; add --mock, or leave out --target for the mock topup mock starts (${DEFAULT_MOCK_URL})`,
    );
  }
  return base;
}

/**
 * Before its control call, one read of the mock's clock (`GET /__mock/clock`) must answer as the mock's
 * control API does, in its shape: a server that answers anything else (a real backend, a server answering
 * `{"result":0}` to every path, a mock started with --no-control) is refused (exit 2) and sent nothing more.
 * False (said, for exit 1) when nothing answers at all.
 */
export async function verifyMock(command: string, base: string, io: Io): Promise<boolean> {
  const probe = await probeMockControl(base);
  if (probe.answer.networkError !== undefined) {
    io.err(`topup: no mock answers at ${base}: ${probe.answer.networkError}\n`);
    return false;
  }
  if (!probe.answersLikeMock) {
    throw new UsageError(
      `${command}: ${base} does not answer the mock's control API (${probe.described}): a real backend, another server, or a mock started with --no-control; nothing else was sent`,
    );
  }
  return true;
}
