import { useSyncExternalStore } from 'react';

const unchanging = () => () => {};

/**
 * False while React renders the build's page (prerender.tsx) or hydrates it in the browser, true in every
 * render after (React renders again once hydration is done): what only the browser knows (its storage, its
 * address, the native bridge) is drawn from then on, so hydration meets the page as the build drew it.
 * React's `useSyncExternalStore` with a server snapshot, as React documents for such content.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    unchanging,
    () => true,
    () => false,
  );
}
