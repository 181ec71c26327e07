import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { useLocation, useNavigate } from '../../app/routing';
import { tLogin } from '../../i18n/login';
import { t } from '../../i18n/t';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { appAccountFailedAtom, appAccountPopupAtom, declineAppAccountAtom } from './appAccountState';

/**
 * "Log in with the account signed in in the app?" (SPEC §2 Popups). Yes asks the app for a ticket, signs
 * in and lands on /pay, as every sign-in does (SPEC §2); no, Escape, the close button, the mask or Back (the
 * browser's or the phone's, which keeps the visitor on the page) keep the visitor as is for the rest of the visit.
 */
export function AppAccountPopup() {
  const store = useStore();
  const navigate = useNavigate();
  const location = useLocation();
  const popup = useAtomValue(appAccountPopupAtom);
  const decline = useSetAtom(declineAppAccountAtom);
  const fail = useSetAtom(appAccountFailedAtom);
  const signingIn = popup?.phase.kind === 'signingIn';
  const failure = popup?.phase.kind === 'failed' ? popup.phase.message : '';
  const switching = popup?.mode === 'switch';

  const accept = () => {
    if (signingIn) return;
    // Start-up has already loaded the exchange (it made the offer), so this import is at hand.
    import('./appAccount')
      .then(({ acceptAppAccount }) => acceptAppAccount(store))
      .then((signedIn) => {
        // In place of the popup's own history entry, if still on top: Back from /pay is the page under it.
        if (signedIn) navigate({ pathname: '/pay', search: location.search }, { replace: 'guard' });
      })
      .catch(() => fail(t('app.networkError')));
  };

  return (
    <Modal
      open={popup !== undefined}
      title={switching ? tLogin('appAccount.switchTitle') : tLogin('appAccount.title')}
      onDismiss={signingIn ? undefined : decline}
      testId="app-account-popup"
      closesOnBack
      footer={
        <>
          <Button
            variant="primary"
            block
            busy={signingIn}
            aria-disabled={signingIn || undefined}
            onClick={accept}
            data-autofocus
          >
            {failure === '' ? tLogin('appAccount.confirm') : t('app.retry')}
          </Button>
          <Button variant="ghost" block disabled={signingIn} onClick={decline}>
            {switching ? tLogin('login.switchCancel') : tLogin('appAccount.decline')}
          </Button>
        </>
      }
    >
      <p>{switching ? tLogin('appAccount.switchBody') : tLogin('appAccount.body')}</p>
      <p role="status" className="muted">
        {signingIn ? tLogin('appAccount.signingIn') : ''}
      </p>
      <p role="alert" className="error-text" data-testid="app-account-error">
        {failure}
      </p>
    </Modal>
  );
}
