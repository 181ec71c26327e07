/**
 * A value built on its first use and kept: the contracts' schemas are built when a call first needs them,
 * not when their module loads (issue 16: constructing every schema at once was a long task on a slow
 * phone). A build that throws is tried again on the next use.
 */
export function once<T>(build: () => T): () => T {
  let built: { value: T } | undefined;
  return () => {
    built ??= { value: build() };
    return built.value;
  };
}

/**
 * Builds a value now. A module-level `built(() => z.object(…))` marked with a `@__PURE__` annotation lets a
 * bundle drop a schema none of its code uses: a bare zod call is kept, as it may have side effects.
 */
export function built<T>(build: () => T): T {
  return build();
}
