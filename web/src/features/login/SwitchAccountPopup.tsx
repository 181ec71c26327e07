import { useAtomValue, useSetAtom } from 'jotai';
import { t } from '../../i18n/t';
import { ConfirmPopup } from '../../ui/ConfirmPopup';
import { answerSwitchAtom, pendingSwitchAtom } from './switchAccount';

/** "Another user is signed in: switch?" for a sign-in from the URL (SPEC §4); its own chunk, fetched when asked. */
export default function SwitchAccountPopup() {
  const pending = useAtomValue(pendingSwitchAtom);
  const answer = useSetAtom(answerSwitchAtom);
  return (
    <ConfirmPopup
      open={pending !== undefined}
      title={t('login.switchTitle')}
      body={t('login.switchBody', { name: pending?.nickname ?? '' })}
      confirmLabel={t('login.switchConfirm')}
      cancelLabel={t('login.switchCancel')}
      onConfirm={() => answer(true)}
      onCancel={() => answer(false)}
      testId="switch-account-popup"
    />
  );
}
