import { useAtomValue, useSetAtom } from 'jotai';
import { tLogin } from '../../i18n/login';
import { ConfirmPopup } from '../../ui/ConfirmPopup';
import { answerSwitchAtom, pendingSwitchAtom } from './switchAccount';

/** "Another user is signed in: switch?" for a sign-in from the URL (SPEC §4); its own chunk, fetched when asked. */
export default function SwitchAccountPopup() {
  const pending = useAtomValue(pendingSwitchAtom);
  const answer = useSetAtom(answerSwitchAtom);
  return (
    <ConfirmPopup
      open={pending !== undefined}
      title={tLogin('login.switchTitle')}
      body={tLogin('login.switchBody', { name: pending?.nickname ?? '' })}
      confirmLabel={tLogin('login.switchConfirm')}
      cancelLabel={tLogin('login.switchCancel')}
      onConfirm={() => answer(true)}
      onCancel={() => answer(false)}
      testId="switch-account-popup"
    />
  );
}
