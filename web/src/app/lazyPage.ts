import { type ComponentType, createElement, lazy, type ReactNode, Suspense, useState } from 'react';
import { prefetchContracts } from '../api/appContracts';
import { Skeleton } from '../ui/Loading';

/**
 * Lazily loaded code a route's first render draws (a page, or a part of one), which can also be loaded ahead
 * of that render (`preload`); `callsAtLoad` when its first render calls beyond start-up's contracts (the pay
 * step, fines, the room test page); `module`, its source module, by which Vite's manifest names its chunk.
 */
export type LazyPage = { preload(): Promise<void>; readonly callsAtLoad: boolean; readonly module: string };
export type Page<P> = ComponentType<P> & LazyPage;

/**
 * A component of its own chunk. A page whose first render calls the API beyond start-up's contracts
 * (`callsAtLoad`) is fetched together with the rest of the contracts; every other page leaves them to the
 * visitor's first touch (boot.ts) or to the first call that needs them.
 *
 * Loaded before it is first rendered (what the address a visit starts on draws, see router.tsx's
 * `preloadPage`; the build loads it too), it renders at once, with no Suspense boundary: no skeleton in
 * between, whose height would shift the footer when the page replaced it, and nothing React hydrates in a
 * later pass than the page around it (React hydrates a boundary after the rest has committed and run its
 * effects, so the boundary would meet a store they had changed, not the build's). First rendered before it
 * has loaded, it shows `fallback` in a boundary of its own until it arrives.
 */
export function page<P extends object>(
  module: string,
  load: () => Promise<{ default: ComponentType<P> }>,
  callsAtLoad = false,
  fallback: ReactNode = createElement(Skeleton),
): Page<P> {
  let loaded: ComponentType<P> | undefined;
  const fetchPage = async () => {
    if (callsAtLoad) prefetchContracts();
    const module = await load();
    loaded = module.default;
    return module;
  };
  const Lazy = lazy(fetchPage);
  function Page(props: P) {
    // Fixed for the life of this mount, so a page first rendered lazily is never remounted.
    const [Loaded] = useState(() => loaded);
    if (Loaded !== undefined) return createElement(Loaded, props);
    return createElement(Suspense, { fallback }, createElement(Lazy, props));
  }
  Page.preload = async () => {
    await fetchPage();
  };
  Page.callsAtLoad = callsAtLoad;
  Page.module = module;
  return Page;
}
