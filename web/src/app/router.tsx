import { type ReactElement, useEffect } from 'react';
import RechargePage, { ChargePanel } from '../features/recharge/RechargePage';
import { within } from '../platform/loadOnce';
import { readUrlArgs } from '../platform/urlArgs';
import { type LazyPage, page } from './lazyPage';
import { Navigate, useLocation } from './routing';
import { Shell } from './Shell';

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
 * Loads the lazily loaded code the first render of `pathname` draws (`firstRenderOf`; already downloading:
 * the route's HTML links it beside the entry), so the first render shows the page whole. True when all of it
 * arrived; false when some could not be fetched (left to the render, which says so) or did not arrive within
 * `atMostMs`: a stalled download then renders the page lazily, its skeleton standing in until it arrives (or
 * its load error, if it fails), rather than wait for as long as it stalls.
 */
export async function preloadPage(pathname: string, atMostMs: number): Promise<boolean> {
  const loads = Promise.all(firstRenderOf(pathname).map((code) => code.preload())).then(() => true);
  const arrived = await within(loads, atMostMs).catch(() => false);
  return arrived === true;
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

/** The recharge list's pages: the page is in the entry, its packages and methods a chunk of their own. */
const RECHARGE_PATHS = new Set(['/pay', '/recharge', '/recharge-list']);

/**
 * All the lazily loaded code the first render of `pathname` draws: its page and, on the recharge list, the
 * packages and methods. The build links each one's chunk in the route's HTML (prerender.tsx) and the browser
 * loads them before its first render (`preloadPage`).
 */
export function firstRenderOf(pathname: string): LazyPage[] {
  const target = pageOf(pathname);
  if (target !== undefined) return [target];
  return RECHARGE_PATHS.has(routeKeyOf(pathname)) ? [ChargePanel] : [];
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

/**
 * The address a visit that starts at `pathname` is drawn at: index for /home and an unknown path (the
 * server answers both with index's page; later in a visit an unknown path goes to the last route shown).
 * Start-up puts it in the address bar before the first render, so that render is the page itself rather
 * than a redirect over the built page (an empty page for a frame: a layout shift). Undefined: as it is.
 */
export function startPathOf(pathname: string): string | undefined {
  const key = routeKeyOf(pathname);
  return key === '/home' || !ROUTES.has(key) ? '/' : undefined;
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
