import type { ErrorInfo } from './client';

/**
 * Listeners of the global error handler (SPEC §8: every non-zero result, with path), kept apart from the
 * client instance, which emits to them.
 */
type ErrorListener = (info: ErrorInfo) => void;
const listeners = new Set<ErrorListener>();

export function onApiError(listener: ErrorListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitApiError(info: ErrorInfo): void {
  for (const listener of listeners) listener(info);
}
