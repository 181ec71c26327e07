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

/** What `within` answers when the wait ran out. */
export const LATE = Symbol('late');

/**
 * `promise`'s value, or `LATE` once `ms` have passed without it (its timer then cleared either way): a load
 * or a call waited for no longer than its time limit. A rejection passes on.
 */
export async function within<T>(promise: Promise<T>, ms: number): Promise<T | typeof LATE> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<typeof LATE>((resolve) => {
        timer = setTimeout(() => resolve(LATE), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
