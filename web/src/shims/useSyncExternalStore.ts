/**
 * wouter imports `useSyncExternalStore` from the `use-sync-external-store` shim, written for React before 18.
 * React 19 has it built in, so the build points the shim here (see vite.config.ts) and ships no copy.
 */
export { useSyncExternalStore } from 'react';
