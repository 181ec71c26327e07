import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { useState } from 'react';
import { useLocation, useNavigate } from '../../app/routing';
import { tLogin } from '../../i18n/login';
import { t } from '../../i18n/t';
import { sessionAtom, signOutAtom } from '../../session/session';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { showToastAtom } from '../../ui/toast';
import { UserName } from '../../ui/UserName';
import { SocialSignIn } from './SocialSignIn';
import { type SignInOutcome, signInWithAccount } from './signIn';

/** /login: account ID and password, then Facebook and Google; /pay after any sign-in (SPEC §2). */
export default function LoginPage() {
  const store = useStore();
  const session = useAtomValue(sessionAtom);
  const signOut = useSetAtom(signOutAtom);
  const showToast = useSetAtom(showToastAtom);
  const navigate = useNavigate();
  const location = useLocation();
  const [accountId, setAccountId] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ id?: string; password?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);

  const after = (outcome: SignInOutcome) => {
    if (outcome.kind === 'signedIn') {
      showToast({ text: tLogin('login.signedIn'), tone: 'success' });
      navigate({ pathname: '/pay', search: location.search });
    } else if (outcome.kind === 'failed') setErrors({ form: outcome.message || tLogin('login.failed') });
  };

  const submit = async () => {
    const next: typeof errors = {};
    if (accountId === '') next.id = tLogin('login.idRequired');
    if (password === '') next.password = tLogin('login.passwordRequired');
    setErrors(next);
    if (next.id || next.password) return;
    setBusy(true);
    try {
      after(await signInWithAccount(store, accountId, password));
    } catch {
      setErrors({ form: tLogin('login.failed') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="login-page">
      <h1>{tLogin('login.heading')}</h1>
      {session ? (
        <section className="card" data-testid="signed-in">
          <p>
            {tLogin('login.signedInAs')} <UserName name={session.user.nickname} />{' '}
            <span dir="ltr" className="ltr muted">
              ({session.user.display_uid})
            </span>
          </p>
          {session.loginType === 'link' ? (
            <p className="notice" data-testid="signed-in-via-link">
              {tLogin('login.viaLink')}
            </p>
          ) : null}
          <Button variant="ghost" onClick={() => signOut()}>
            {t('nav.logout')}
          </Button>
        </section>
      ) : null}
      <section className="card">
        <p className="muted">{tLogin('login.lead')}</p>
        {/* Without the app (JavaScript off, or its code failed), the browser submits this form itself: posted,
            never a GET that would write it into the address, history and server logs; and the password has no
            name, so it is never sent at all (the early-typing carry, platform/earlyInput.ts, keys it by id). */}
        <form
          method="post"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
          noValidate
          aria-describedby={errors.form ? 'login-error' : undefined}
        >
          <Field
            label={tLogin('login.accountId')}
            value={accountId}
            onValueChange={setAccountId}
            numeric
            maxDigits={12}
            error={errors.id}
            autoComplete="username"
            name="account"
          />
          <Field
            label={tLogin('login.password')}
            value={password}
            onValueChange={setPassword}
            type="password"
            ltr
            error={errors.password}
            autoComplete="current-password"
            id="login-password"
          />
          {errors.form ? (
            <p id="login-error" className="notice notice-error" role="alert" data-testid="login-error">
              {errors.form}
            </p>
          ) : null}
          <Button type="submit" block busy={busy} disabled={busy}>
            {busy ? tLogin('login.inProgress') : tLogin('login.submit')}
          </Button>
        </form>
      </section>
      <section className="card">
        <SocialSignIn onOutcome={after} />
      </section>
    </div>
  );
}
