import { Provider } from 'jotai';
import type { createStore } from 'jotai/vanilla';
import { StrictMode, useEffect } from 'react';
import { AppRoutes } from './router';

/**
 * The app's one React tree: the build prerenders it (prerender.tsx) and the browser hydrates it (start.tsx).
 * The same tree in both, so React's ids (`useId`, which follow the tree's shape) and the markup agree.
 * `onLive` runs once React has the page: hydrated, or rendered over the build's page.
 */
export function App({
  store,
  onLive,
}: {
  readonly store: ReturnType<typeof createStore>;
  readonly onLive?: () => void;
}) {
  return (
    <StrictMode>
      <Provider store={store}>
        <AppRoutes />
        <Live onLive={onLive} />
      </Provider>
    </StrictMode>
  );
}

function Live({ onLive }: { readonly onLive: (() => void) | undefined }) {
  useEffect(() => onLive?.(), [onLive]);
  return null;
}
