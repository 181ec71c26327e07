import { lazy } from 'react';
import { Route, Switch } from 'wouter';
import RechargePage from '../features/recharge/RechargePage';
import { fallbackTarget, ROUTES } from './routeNames';
import { Navigate, useLocation } from './routing';
import { Shell } from './Shell';

// Every route but the recharge list (the landing of most visits) is its own chunk.
const HomePage = lazy(() => import('../features/home/HomePage'));
const LoginPage = lazy(() => import('../features/login/LoginPage'));
const FeedbackPage = lazy(() => import('../features/feedback/FeedbackPage'));
const FeedbackSuccessPage = lazy(() => import('../features/feedback/FeedbackSuccessPage'));
const TestPage = lazy(() => import('../features/room/TestPage'));
const InfoPage = lazy(() => import('../features/info/InfoPage'));
const PrivacyRedirect = lazy(() =>
  import('../features/info/InfoPage').then((m) => ({ default: m.PrivacyRedirect })),
);
const PayStepPage = lazy(() => import('../features/pay/PayStepPage'));
const FinesPage = lazy(() => import('../features/fines/FinesPage'));

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
