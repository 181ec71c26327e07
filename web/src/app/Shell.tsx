import { useAtomValue, useSetAtom } from 'jotai';
import { lazy, type MouseEvent, type ReactNode } from 'react';
import { appAccountOfferedAtom } from '../features/login/appAccountHost';
import { pendingSwitchAtom } from '../features/login/switchAccount';
import { t } from '../i18n/t';
import { BUILD, TERMS_URL } from '../platform/env';
import { sessionAtom, signOutAtom, urlSignInPendingAtom } from '../session/session';
import { LoadBoundary } from '../ui/LoadBoundary';
import { OnDemand } from '../ui/OnDemand';
import { ToastHost } from '../ui/Toast';
import { showToastAtom } from '../ui/toast';
import { LinkNotice } from './LinkNotice';
import { hrefOf, Link, useLocation } from './routing';

// The popups are chunks of their own, fetched when first wanted.
const SwitchAccountPopup = lazy(() => import('../features/login/SwitchAccountPopup'));
const AppAccountPopup = lazy(() =>
  import('../features/login/AppAccountPopup').then((m) => ({ default: m.AppAccountPopup })),
);

/** The layout every route shares: top bar with sign-in state, the page, the footer links. */
export function Shell({ children }: { readonly children: ReactNode }) {
  const location = useLocation();
  const session = useAtomValue(sessionAtom);
  const linkSigningIn = useAtomValue(urlSignInPendingAtom);
  const signOut = useSetAtom(signOutAtom);
  const showToast = useSetAtom(showToastAtom);
  // A full page load offline would show the browser's own error page (in English, with no way back to
  // the app): said here instead, and the page stays.
  const loadWhenOnline = (event: MouseEvent<HTMLAnchorElement>) => {
    if (navigator.onLine) return;
    event.preventDefault();
    showToast({ text: t('app.networkError') });
  };
  const switchPending = useAtomValue(pendingSwitchAtom) !== undefined;
  const appAccountOffered = useAtomValue(appAccountOfferedAtom);
  const keep = location.search;
  return (
    <>
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <div className="shell">
        <header className="topbar">
          <Link className="brand" to={{ pathname: '/', search: keep }}>
            <span aria-hidden="true">◆</span> {t('app.title')}
          </Link>
          <nav className="topbar-actions" aria-label={t('app.mainNav')}>
            <Link to={{ pathname: '/recharge-list', search: keep }}>{t('nav.recharge')}</Link>
            {session ? (
              <button
                type="button"
                className="link-button"
                onClick={() => {
                  signOut();
                  showToast({ text: t('login.loggedOut') });
                }}
                data-testid="sign-out"
              >
                {t('nav.logout')}
              </button>
            ) : linkSigningIn ? (
              // The link's own sign-in is under way: said, rather than offering another sign-in meanwhile. The
              // pill keeps the room of the sign-out that follows (ui.css), so nothing in the bar moves then.
              <span className="topbar-status" role="status">
                <span data-testid="link-signing-in">{t('nav.signingIn')}</span>
                <span className="topbar-status__room" aria-hidden="true">
                  {t('nav.logout')}
                </span>
              </span>
            ) : (
              // A full page load: /login's policy (the sign-in SDKs) is a document of its own.
              <a
                href={hrefOf({ pathname: '/login', search: keep })}
                className="topbar-signin"
                data-testid="sign-in-link"
                onClick={loadWhenOnline}
              >
                {t('nav.login')}
              </a>
            )}
          </nav>
        </header>
        <LinkNotice />
        <main id="main" tabIndex={-1}>
          {/* A page that could not load takes only itself down: another route renders again. A page not yet
              loaded shows its skeleton in a boundary of its own (lazyPage.ts). */}
          <LoadBoundary resetKey={location.pathname} page>
            {children}
          </LoadBoundary>
        </main>
        <footer className="footer" id="page-footer">
          <Link to="/about">{t('nav.about')}</Link>
          <Link to="/contact">{t('nav.contact')}</Link>
          <Link to="/agreement">{t('nav.agreement')}</Link>
          {/* A full page load: the policy is a document of its own. */}
          <a href="/privacy" onClick={loadWhenOnline}>
            {t('nav.privacy')}
          </a>
          <a href={TERMS_URL}>{t('nav.terms')}</a>
          <Link to="/download">{t('nav.download')}</Link>
          <Link to="/feedback">{t('nav.feedback')}</Link>
          <span dir="ltr" className="ltr">
            v{BUILD.version}
          </span>
        </footer>
      </div>
      <ToastHost />
      <OnDemand when={switchPending}>
        <SwitchAccountPopup />
      </OnDemand>
      <OnDemand when={appAccountOffered}>
        <AppAccountPopup />
      </OnDemand>
    </>
  );
}
