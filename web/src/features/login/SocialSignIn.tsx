import { useStore } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { tLogin } from '../../i18n/login';
import { currentBridge } from '../../platform/bridgeDetect';
import { Button } from '../../ui/Button';
import { GOOGLE_CLIENT_ID, type GoogleSdk, loadFacebook, loadGoogle, type SdkState } from './sdk';
import { type SignInOutcome, signInWithFacebook, signInWithGoogle } from './signIn';

/** Facebook and Google sign-in; each SDK's failure is shown beside its button and blocks nothing else. */
export function SocialSignIn({ onOutcome }: { readonly onOutcome: (outcome: SignInOutcome) => void }) {
  const store = useStore();
  const [facebook, setFacebook] = useState<SdkState>('loading');
  const [google, setGoogle] = useState<SdkState>('loading');
  const googleButton = useRef<HTMLDivElement>(null);
  const outcome = useRef(onOutcome);
  outcome.current = onOutcome;

  useEffect(() => {
    let alive = true;
    const facebookReady = () => alive && setFacebook('ready');
    void loadFacebook(facebookReady).then((sdk) => alive && setFacebook(sdk ? 'ready' : 'failed'));
    const googleReady = (sdk: GoogleSdk | undefined) => {
      if (!alive) return;
      const node = googleButton.current;
      if (!sdk || node === null) return setGoogle('failed');
      // Inside the installed app, popups are not allowed: Google signs in by redirect.
      sdk.accounts.id.initialize({
        client_id: GOOGLE_CLIENT_ID,
        ux_mode: currentBridge() ? 'redirect' : 'popup',
        callback: (response) => {
          if (response.credential)
            void signInWithGoogle(store, response.credential).then((o) => outcome.current(o));
        },
      });
      sdk.accounts.id.renderButton(node, { theme: 'outline', size: 'large', locale: 'ar', width: 280 });
      setGoogle('ready');
    };
    // An SDK that comes after its wait (shown unavailable meanwhile) still makes its sign-in ready.
    void loadGoogle(googleReady).then(googleReady);
    return () => {
      alive = false;
    };
  }, [store]);

  const facebookLogin = () => {
    window.FB?.login((response) => {
      const auth = response.authResponse;
      if (auth) void signInWithFacebook(store, auth.userID, auth.accessToken).then((o) => outcome.current(o));
      else outcome.current({ kind: 'failed', message: tLogin('login.failed') });
    });
  };

  return (
    <section className="social" aria-labelledby="social-heading" data-testid="social-sign-in">
      <h2 id="social-heading" className="section-title">
        {tLogin('login.social')}
      </h2>
      <Button
        variant="secondary"
        block
        disabled={facebook !== 'ready'}
        onClick={facebookLogin}
        data-testid="facebook-login"
      >
        {tLogin('login.facebook')}
      </Button>
      <div id="google-login-btn" ref={googleButton} className="google-button" />
      {/* One status in one place: "loading" until both have settled, then what failed, in a single swap, so no
          notice appears above another line (a layout shift). */}
      {/* While loading, the box keeps the room of both notices: the page near the fold (the footer below it)
          does not move when they come (/login's CLS was the footer, pushed out of view). */}
      <div
        className="social-status"
        data-loading={google === 'loading' || facebook === 'loading' || undefined}
      >
        {google === 'loading' || facebook === 'loading' ? (
          <p className="muted" role="status" key="loading">
            {tLogin('login.sdkLoading')}
          </p>
        ) : (
          <>
            {facebook === 'failed' ? (
              <p className="notice" role="status" data-testid="facebook-unavailable" key="facebook">
                {tLogin('login.sdkFailed', { provider: 'فيسبوك' })}
              </p>
            ) : null}
            {google === 'failed' ? (
              <p className="notice" role="status" data-testid="google-unavailable" key="google">
                {tLogin('login.sdkFailed', { provider: 'جوجل' })}
              </p>
            ) : null}
          </>
        )}
      </div>
    </section>
  );
}
