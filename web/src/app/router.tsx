import { lazy } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import RechargePage from '../features/recharge/RechargePage';
import { fallbackTarget, ROUTES } from './routeNames';
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

/** Declarative routes: the data router (loaders, actions) is not needed, and its code stays out of the bundle. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Shell />}>
        <Route path={ROUTES.index} element={<HomePage />} />
        <Route path="/home" element={<Navigate to={ROUTES.index} replace />} />
        <Route path={ROUTES.share} element={<InfoPage page="share" />} />
        <Route path={ROUTES.pay} element={<RechargePage />} />
        <Route path={ROUTES.recharge} element={<RechargePage />} />
        <Route path={ROUTES.rechargeList} element={<RechargePage handlesPaymentReturn />} />
        <Route path={ROUTES.payStep} element={<PayStepPage />} />
        <Route path={ROUTES.login} element={<LoginPage />} />
        <Route path={ROUTES.fines} element={<FinesPage />} />
        <Route path={ROUTES.feedback} element={<FeedbackPage />} />
        <Route path={ROUTES.feedbackSuccess} element={<FeedbackSuccessPage />} />
        <Route path={ROUTES.test} element={<TestPage />} />
        <Route path={ROUTES.about} element={<InfoPage page="about" />} />
        <Route path={ROUTES.contact} element={<InfoPage page="contact" />} />
        <Route path={ROUTES.agreement} element={<InfoPage page="agreement" />} />
        <Route path={ROUTES.download} element={<InfoPage page="download" />} />
        <Route path={ROUTES.privacy} element={<PrivacyRedirect />} />
        <Route path="*" element={<UnknownRoute />} />
      </Route>
    </Routes>
  );
}
