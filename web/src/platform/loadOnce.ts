/**
 * A module (or any value) loaded on first use and kept; a failed load is forgotten, so the next use tries
 * again (the network may be back). Some browsers keep a failed module import failed until a reload; the
 * callers then fail that one use with their own message.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}
