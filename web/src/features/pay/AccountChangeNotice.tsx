import { hrefOf, useLocation } from '../../app/routing';
import { pt } from '../../i18n/pay';
import { ClosableNotice } from '../../ui/ClosableNotice';
import { Sentence } from '../../ui/Sentence';
import { UserName } from '../../ui/UserName';
import type { AccountChange } from './useAccountFollow';

function textOf(change: AccountChange): string {
  switch (change.why) {
    case 'otherWindow':
      return pt(change.now === undefined ? 'pay.accountOtherWindowOut' : 'pay.accountOtherWindow');
    case 'signedOut':
      return pt('pay.accountSignedOut');
    case 'expired':
      return pt('pay.accountExpired');
    case 'switched':
      return pt(change.now === undefined ? 'pay.accountSignedOut' : 'pay.accountSwitched');
  }
}

/**
 * The signed-in account changed under the pay step (useAccountFollow.ts): said above the step, with the account
 * signed in now, and signing in again offered when none is. Closed with its ×; the next change shows again.
 */
export function AccountChangeNotice({
  change,
  offerSignIn,
  onClose,
}: {
  readonly change: AccountChange | undefined;
  /** False when the step already offers signing in (a package offered only signed in). */
  readonly offerSignIn: boolean;
  readonly onClose: () => void;
}) {
  const { search } = useLocation();
  if (change === undefined) return null;
  return (
    <div className="pay-account-change">
      <ClosableNotice
        tone={change.why === 'expired' ? 'error' : 'info'}
        role="alert"
        testId="pay-account-changed"
        onClose={onClose}
      >
        <Sentence
          text={textOf(change)}
          slots={{
            nickname: <UserName name={change.now?.user.nickname ?? ''} />,
            id: <bdi dir="ltr">{change.now?.user.display_uid ?? ''}</bdi>,
          }}
        />
      </ClosableNotice>
      {/* A full page load, as the top bar's: /login's policy (the sign-in SDKs) is a document of its own. */}
      {change.now === undefined && offerSignIn ? (
        <a className="btn btn-primary" href={hrefOf({ pathname: '/login', search })}>
          {pt('pay.signIn')}
        </a>
      ) : null}
    </div>
  );
}
