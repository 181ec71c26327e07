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
