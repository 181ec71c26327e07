/** What stopped a long-running command: Ctrl-C, or SIGTERM (CI cancelling a job). */
export type StopSignal = 'SIGINT' | 'SIGTERM';

/** How a stop is said in a command's last lines. */
export const stopSaid = (signal: StopSignal): string => (signal === 'SIGINT' ? 'Ctrl-C' : 'SIGTERM');

/**
 * Calls `stop` on the first Ctrl-C (SIGINT) or SIGTERM, which the command answers by ending as it would
 * (closing what it opened, printing its summary) and exiting `ExitCode.interrupted` (130). A second signal
 * is Node's default again: it kills the process. The returned function removes the handlers.
 */
export function onStopSignal(stop: (signal: StopSignal) => void): () => void {
  const onInt = () => stop('SIGINT');
  const onTerm = () => stop('SIGTERM');
  process.once('SIGINT', onInt);
  process.once('SIGTERM', onTerm);
  return () => {
    process.off('SIGINT', onInt);
    process.off('SIGTERM', onTerm);
  };
}

/** The abort reason of a stopped command: which signal stopped it (an Error, as an abort reason should be). */
export class Stopped extends Error {
  constructor(readonly by: StopSignal) {
    super(`interrupted (${stopSaid(by)})`);
    this.name = 'AbortError';
  }
}

/** How the stop of a command is said: `Ctrl-C`, or `SIGTERM` when that stopped it (CI cancelling a job). */
export const stopOf = (signal: AbortSignal | undefined): string =>
  signal?.reason instanceof Stopped ? stopSaid(signal.reason.by) : 'Ctrl-C';
