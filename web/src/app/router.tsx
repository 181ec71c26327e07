import { type ComponentType, createElement, lazy, type ReactElement, useEffect, useState } from 'react';
import { prefetchContracts } from '../api/appContracts';
import RechargePage from '../features/recharge/RechargePage';
import { within } from '../platform/loadOnce';
import { readUrlArgs } from '../platform/urlArgs';
import { Navigate, useLocation } from './routing';
import { Shell } from './Shell';

/**
 * A lazily loaded page that can also be loaded ahead of its first render (`preloadPage`); `callsAtLoad` when
 * its first render calls beyond start-up's contracts (the pay step, fines, the room test page).
 */
type Page<P> = ComponentType<P> & LazyPage;
type LazyPage = { preload(): Promise<void>; readonly callsAtLoad: boolean; readonly module: string };

/**
 * Every route but the recharge list (the landing of most visits) is its own chunk. A page whose first render
 * calls the API beyond start-up's contracts (`callsAtLoad`) is fetched together with the rest of
 * the contracts; every other page leaves them to the visitor's first touch (boot.ts) or to the first call
 * that needs them. A page loaded before it is first rendered
 * (the page of the address a visit starts on, see `preloadPage`) renders at once, without the skeleton in
 * between, whose height would shift the footer when the page replaced it.
 */
export function page<P extends object>(
  module: string,
  load: () => Promise<{ default: ComponentType<P> }>,
  callsAtLoad = false,
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
    return createElement(Loaded ?? Lazy, props);
  }
  Page.preload = async () => {
    await fetchPage();
  };
  Page.callsAtLoad = callsAtLoad;
  Page.module = module;
  return Page;
}

const HomePage = page('src/features/home/HomePage.tsx', () => import('../features/home/HomePage'));
const LoginPage = page('src/features/login/LoginPage.tsx', () => import('../features/login/LoginPage'));
const FeedbackPage = page(
  'src/features/feedback/FeedbackPage.tsx',
  () => import('../features/feedback/FeedbackPage'),
);
const FeedbackSuccessPage = page(
  'src/features/feedback/FeedbackSuccessPage.tsx',
  () => import('../features/feedback/FeedbackSuccessPage'),
);
const TestPage = page('src/features/room/TestPage.tsx', () => import('../features/room/TestPage'), true);
const PayStepPage = page(
  'src/features/pay/PayStepPage.tsx',
  () => import('../features/pay/PayStepPage'),
  true,
);
const FinesPage = page('src/features/fines/FinesPage.tsx', () => import('../features/fines/FinesPage'), true);
const InfoPage = page('src/features/info/InfoPage.tsx', () => import('../features/info/InfoPage'));
const PrivacyRedirect = page<object>('src/features/info/InfoPage.tsx', () =>
  import('../features/info/InfoPage').then((module) => ({ default: module.PrivacyRedirect })),
);

/**
 * Loads the lazily loaded page of `pathname` (already downloading: the route's HTML links it beside the entry),
 * so the first render shows it whole. A page that cannot be fetched is left to its render, which says so.
 * Waits `atMostMs` at most: a stalled download then renders the page lazily, its skeleton standing in until
 * it arrives (or its load error, if it fails), rather than wait for as long as it stalls (the built page stays on screen meanwhile).
 */
export async function preloadPage(pathname: string, atMostMs: number): Promise<void> {
  const target = pageOf(pathname);
  if (target !== undefined)
    await within(
      target.preload().catch(() => undefined),
      atMostMs,
    );
}

/**
 * The path a route is looked up by: percent-escapes decoded (where they decode), letter case and one
 * trailing slash ignored, so `/Pay/` is /pay (as the router before this one matched).
 */
export function routeKeyOf(pathname: string): string {
  let path = pathname;
  try {
    path = decodeURI(pathname);
  } catch {
    // An escape that does not decode stays as it is (and matches no route).
  }
  path = path.toLowerCase();
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

/** Each route of SPEC §2: its element and, unless it is the recharge list (in the entry), its lazily loaded page. */
const ROUTES = new Map<string, readonly [() => ReactElement, LazyPage?]>(
  Object.entries({
    '/': [() => <HomePage />, HomePage],
    '/home': [() => <HomeRedirect />],
    '/share.html': [() => <InfoPage page="share" />, InfoPage],
    '/pay': [() => <RechargePage />],
    '/recharge': [() => <RechargePage />],
    '/recharge-list': [() => <RechargePage handlesPaymentReturn />],
    '/pay-step': [() => <PayStepPage />, PayStepPage],
    '/login': [() => <LoginPage />, LoginPage],
    '/fines': [() => <FinesPage />, FinesPage],
    '/feedback': [() => <FeedbackPage />, FeedbackPage],
    '/feedback-success': [() => <FeedbackSuccessPage />, FeedbackSuccessPage],
    '/test': [() => <TestPage />, TestPage],
    '/about': [() => <InfoPage page="about" />, InfoPage],
    '/contact': [() => <InfoPage page="contact" />, InfoPage],
    '/agreement': [() => <InfoPage page="agreement" />, InfoPage],
    '/download': [() => <InfoPage page="download" />, InfoPage],
    '/privacy': [() => <PrivacyRedirect />, PrivacyRedirect],
  }),
);

/** The routes that only send the visitor on: they have no page of their own to draw. */
const REDIRECTS = new Set(['/home', '/privacy']);

/** Every route that draws a page: the build renders each into its own HTML file (`prerender.tsx`). */
export const PAGE_PATHS: readonly string[] = [...ROUTES.keys()].filter((path) => !REDIRECTS.has(path));

/** The lazily loaded page of the route at `pathname`, if it has one (exported for router.test.tsx). */
export function pageOf(pathname: string): LazyPage | undefined {
  return ROUTES.get(routeKeyOf(pathname))?.[1];
}

/** The last route shown (its key), where an unknown path goes. */
let lastRoute = '/';

/** Notes the route at `pathname` as the last one shown, if it is a route. */
export function rememberRoute(pathname: string): void {
  const key = routeKeyOf(pathname);
  if (ROUTES.has(key)) lastRoute = key;
}

/** Where an unknown path goes: the last route shown, or index, keeping the query. */
export function fallbackTarget(search: string, last: string = lastRoute): string {
  return `${last}${search}`;
}

/** /home goes to index, keeping the query (`/home?tab=2` is tab 2), as an unknown path does. */
export function HomeRedirect() {
  const location = useLocation();
  return <Navigate to={fallbackTarget(location.search, '/')} replace />;
}

function UnknownRoute() {
  const location = useLocation();
  return <Navigate to={fallbackTarget(location.search)} replace />;
}

/** The page of the current path inside the shared layout; an unknown path goes where `fallbackTarget` says. */
export function AppRoutes() {
  const { pathname, search, hash } = useLocation();
  const route = ROUTES.get(routeKeyOf(pathname));
  useEffect(() => rememberRoute(pathname), [pathname]);
  return (
    <Shell>
      {/* The info arg substitutes the share page on any route (SPEC §2). */}
      {readUrlArgs(search, hash).info !== undefined ? (
        <InfoPage page="share" />
      ) : route === undefined ? (
        <UnknownRoute />
      ) : (
        route[0]()
      )}
    </Shell>
  );
}
