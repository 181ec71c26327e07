import { type ComponentType, createElement, lazy, useState } from 'react';
import { Route, Switch } from 'wouter';
import { prefetchContracts } from '../api/appContracts';
import RechargePage from '../features/recharge/RechargePage';
import { fallbackTarget, ROUTES, routeNameOf } from './routeNames';
import { Navigate, useLocation } from './routing';
import { Shell } from './Shell';

/**
 * A lazily loaded page that can also be loaded ahead of its first render (`preloadPage`); `callsAtLoad` when
 * its first render calls beyond start-up's contracts (as `PAGES_CALLING_AT_LOAD` in pageContracts.ts says).
 */
type Page<P> = ComponentType<P> & { preload(): Promise<void>; readonly callsAtLoad: boolean };

/**
 * Every route but the recharge list (the landing of most visits) is its own chunk. A page whose first render
 * calls the API beyond start-up's contracts (`callsAtLoad`) is fetched together with the rest of
 * the contracts; every other page leaves them to the visitor's first touch (boot.ts) or to the first call
 * that needs them. A page loaded before it is first rendered
 * (the page of the address a visit starts on, see `preloadPage`) renders at once, without the skeleton in
 * between, whose height would shift the footer when the page replaced it.
 */
export function page<P extends object>(
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
  return Page;
}

const HomePage = page(() => import('../features/home/HomePage'));
const LoginPage = page(() => import('../features/login/LoginPage'));
const FeedbackPage = page(() => import('../features/feedback/FeedbackPage'));
const FeedbackSuccessPage = page(() => import('../features/feedback/FeedbackSuccessPage'));
const TestPage = page(() => import('../features/room/TestPage'), true);
const PayStepPage = page(() => import('../features/pay/PayStepPage'), true);
const FinesPage = page(() => import('../features/fines/FinesPage'), true);
const InfoPage = page(() => import('../features/info/InfoPage'));
const PrivacyRedirect = page(async () => ({
  default: (await import('../features/info/InfoPage')).PrivacyRedirect,
}));

/** The lazily loaded page of each path (exported for the test that holds it to routePreloads.ts). */
export const PAGE_OF: Readonly<Record<string, { preload(): Promise<void>; readonly callsAtLoad: boolean }>> =
  {
    [ROUTES.index]: HomePage,
    [ROUTES.login]: LoginPage,
    [ROUTES.feedback]: FeedbackPage,
    [ROUTES.feedbackSuccess]: FeedbackSuccessPage,
    [ROUTES.test]: TestPage,
    [ROUTES.payStep]: PayStepPage,
    [ROUTES.fines]: FinesPage,
    [ROUTES.share]: InfoPage,
    [ROUTES.about]: InfoPage,
    [ROUTES.contact]: InfoPage,
    [ROUTES.agreement]: InfoPage,
    [ROUTES.download]: InfoPage,
  };

/**
 * Loads the lazily loaded page of `pathname` (already downloading: index.html links it beside the entry),
 * so the first render shows it whole. A page that cannot be fetched is left to its render, which says so.
 * Waits `atMostMs` at most: a stalled download then renders the page lazily, its skeleton standing in until
 * it arrives (or its load error, if it fails), rather than the static first paint for as long as it stalls.
 */
export async function preloadPage(pathname: string, atMostMs = Number.POSITIVE_INFINITY): Promise<void> {
  const name = routeNameOf(pathname);
  const target = name === undefined ? undefined : PAGE_OF[ROUTES[name]];
  if (target === undefined) return;
  await settledWithin(target.preload(), atMostMs);
}

/** Resolves once `work` settles (either way) or after `ms`, whichever is first; never rejects. */
export function settledWithin(work: Promise<unknown>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = Number.isFinite(ms) ? setTimeout(resolve, Math.max(0, ms)) : undefined;
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    work.then(done, done);
  });
}
function UnknownRoute() {
  const location = useLocation();
  return <Navigate to={fallbackTarget(location.search)} replace />;
}

/** Every route of SPEC §2 inside the shared layout; the first route whose path matches is shown. */
export function AppRoutes() {
  return (
    <Shell>
      <Switch>
        <Route path={ROUTES.index} component={HomePage} />
        <Route path="/home">
          <Navigate to={ROUTES.index} replace />
        </Route>
        <Route path={ROUTES.share}>
          <InfoPage page="share" />
        </Route>
        <Route path={ROUTES.pay}>
          <RechargePage />
        </Route>
        <Route path={ROUTES.recharge}>
          <RechargePage />
        </Route>
        <Route path={ROUTES.rechargeList}>
          <RechargePage handlesPaymentReturn />
        </Route>
        <Route path={ROUTES.payStep} component={PayStepPage} />
        <Route path={ROUTES.login} component={LoginPage} />
        <Route path={ROUTES.fines} component={FinesPage} />
        <Route path={ROUTES.feedback} component={FeedbackPage} />
        <Route path={ROUTES.feedbackSuccess} component={FeedbackSuccessPage} />
        <Route path={ROUTES.test} component={TestPage} />
        <Route path={ROUTES.about}>
          <InfoPage page="about" />
        </Route>
        <Route path={ROUTES.contact}>
          <InfoPage page="contact" />
        </Route>
        <Route path={ROUTES.agreement}>
          <InfoPage page="agreement" />
        </Route>
        <Route path={ROUTES.download}>
          <InfoPage page="download" />
        </Route>
        <Route path={ROUTES.privacy} component={PrivacyRedirect} />
        <Route>
          <UnknownRoute />
        </Route>
      </Switch>
    </Shell>
  );
}
