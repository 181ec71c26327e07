import { useAtomValue, useSetAtom } from 'jotai';
import { tLogin } from '../../i18n/login';
import { sessionAtom } from '../../session/session';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { UserName } from '../../ui/UserName';
import { answerSwitchAtom, pendingSwitchAtom } from './switchAccount';

/**
 * "A link signs in another account: switch?" (SPEC §4): names the link's account (nickname as text,
 * display id) and the one signed in now; staying is the first, focused answer, and the browser's or the phone's
 * Back gives it too (the visitor stays on the page, as signed in). Its own chunk, fetched when asked.
 */
export default function SwitchAccountPopup() {
  const pending = useAtomValue(pendingSwitchAtom);
  const current = useAtomValue(sessionAtom);
  const answer = useSetAtom(answerSwitchAtom);
  return (
    <Modal
      open={pending !== undefined}
      title={tLogin('login.switchTitle')}
      testId="switch-account-popup"
      onBack={() => answer(false)}
      footer={
        <>
          <Button variant="primary" block onClick={() => answer(false)} data-autofocus>
            {tLogin('login.switchCancel')}
          </Button>
          <Button variant="ghost" block onClick={() => answer(true)}>
            {tLogin('login.switchConfirm')}
          </Button>
        </>
      }
    >
      {pending ? (
        <>
          <p>{tLogin('login.switchLead')}</p>
          <p className="switch-account" data-testid="switch-account-target">
            <strong>
              <UserName name={pending.nickname} testId="switch-account-name" />
            </strong>{' '}
            <span className="muted">
              ({tLogin('login.switchId')}{' '}
              <span dir="ltr" className="ltr" data-testid="switch-account-id">
                {pending.display_uid}
              </span>
              )
            </span>
          </p>
          {current ? (
            <p className="muted">
              {tLogin('login.switchCurrent')} <UserName name={current.user.nickname} />{' '}
              <span dir="ltr" className="ltr">
                ({current.user.display_uid})
              </span>
            </p>
          ) : null}
          <p>{tLogin('login.switchWarning')}</p>
        </>
      ) : null}
    </Modal>
  );
}
