import { lazy } from 'react';
import { Route, Switch } from 'wouter';
import { prefetchContracts } from '../api/appContracts';
import RechargePage from '../features/recharge/RechargePage';
import { fallbackTarget, ROUTES } from './routeNames';
import { Navigate, useLocation } from './routing';
import { Shell } from './Shell';

/**
 * Every route but the recharge list (the landing of most visits) is its own chunk, fetched together with
 * the rest of the contracts, which those pages' calls need.
 */
const page: typeof lazy = (load) =>
  lazy(() => {
    prefetchContracts();
    return load();
  });

const HomePage = page(() => import('../features/home/HomePage'));
const LoginPage = page(() => import('../features/login/LoginPage'));
const FeedbackPage = page(() => import('../features/feedback/FeedbackPage'));
const FeedbackSuccessPage = page(() => import('../features/feedback/FeedbackSuccessPage'));
const TestPage = page(() => import('../features/room/TestPage'));
const InfoPage = page(() => import('../features/info/InfoPage'));
const PrivacyRedirect = page(() =>
  import('../features/info/InfoPage').then((m) => ({ default: m.PrivacyRedirect })),
);
const PayStepPage = page(() => import('../features/pay/PayStepPage'));
const FinesPage = page(() => import('../features/fines/FinesPage'));

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
