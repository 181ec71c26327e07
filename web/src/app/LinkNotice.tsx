import { useAtomValue, useSetAtom } from 'jotai';
import { t } from '../i18n/t';
import { useHydrated } from '../platform/hydration';
import {
  acknowledgeLinkAtom,
  linkFailureAtom,
  linkNoticeRoomAtom,
  linkUnacknowledgedAtom,
  sessionAtom,
  signOutAtom,
} from '../session/session';
import { Sentence } from '../ui/Sentence';
import { showToastAtom } from '../ui/toast';
import { UserName } from '../ui/UserName';

/**
 * A sign-in a link brought (signIn.ts: anyone can send a link): a notice in the page, under the top bar on
 * every route, that names the account and stays until the visitor answers it — "yes, this is my account", or
 * "not mine", which signs out. Not a toast: it must still be there when a slow page becomes usable. Its slot
 * is a polite live region that is always in the page, so the notice is announced when it appears.
 * Nothing moves when it appears (CLS 0): the slot has the notice's fixed height from the first paint
 * of a visit that will show it (index.html's data-link-notice, ui.css) and while start-up's link sign-ins are
 * checked (`linkNoticeRoomAtom`); the notice fills it. Other visits keep no room. The slot gives its room
 * back when the visitor answers (their own act) or the sign-in brought no notice (a late bridge). A link whose
 * sign-in failed says so in that room (`linkFailureAtom`) until the visitor closes it: the page does not move
 * under them, and the reason stays to be read. Inside the native app there is none (session.ts
 * `linkUnacknowledgedAtom`).
 */
export function LinkNotice() {
  const session = useAtomValue(sessionAtom);
  const pending = useAtomValue(linkUnacknowledgedAtom);
  const acknowledge = useSetAtom(acknowledgeLinkAtom);
  const signOut = useSetAtom(signOutAtom);
  const showToast = useSetAtom(showToastAtom);
  const room = useAtomValue(linkNoticeRoomAtom);
  const shown = pending && session !== undefined;
  // Drawn once the page is React's (hydration meets the build's empty slot), while nobody is signed in.
  const failure = useAtomValue(linkFailureAtom);
  const dismissFailure = useSetAtom(linkFailureAtom);
  const hydrated = useHydrated();
  const failed = hydrated && failure !== undefined && session === undefined;
  // While the room is kept and the notice not yet known, the room says what it is waiting for: drawn in the
  // build's page too (hidden by ui.css on a visit that keeps no room), so it is in the first paint, and the
  // same section and paragraph then take the notice's words (React keeps them: the same elements in the same
  // place), rather than the text arriving late in a new, larger element.
  const checking = !shown && !failed && (!hydrated || room);
  return (
    <div
      className={shown || room || failed ? 'link-notice-slot is-reserved' : 'link-notice-slot'}
      aria-live="polite"
    >
      {failed ? (
        <section className="notice link-notice link-notice--failed" data-testid="link-failed">
          <p className="link-notice__text" role="alert">
            {failure}
          </p>
          <div className="link-notice__actions">
            <Answer primary label={t('linkNotice.dismiss')} onClick={() => dismissFailure(undefined)} />
          </div>
        </section>
      ) : null}
      {checking ? (
        <section className="notice link-notice link-notice--checking" data-testid="link-notice-checking">
          <p className="link-notice__text">{t('linkNotice.checking')}</p>
        </section>
      ) : shown ? (
        <section className="notice link-notice" aria-label={t('linkNotice.title')} data-testid="link-notice">
          <p className="link-notice__text">
            <Sentence
              text={t('linkNotice.body')}
              slots={{
                name: <UserName name={session.user.nickname} testId="link-notice-name" />,
                id: (
                  <span dir="ltr" className="ltr" data-testid="link-notice-id">
                    {session.user.display_uid}
                  </span>
                ),
              }}
            />
          </p>
          <div className="link-notice__actions">
            <Answer primary label={t('linkNotice.confirm')} onClick={acknowledge} />
            <Answer
              label={t('linkNotice.signOut')}
              onClick={() => {
                signOut();
                showToast({ text: t('login.loggedOut') });
              }}
            />
          </div>
        </section>
      ) : null}
    </div>
  );
}

/** One of the notice's answers. It leaves with the notice, so the focus goes to the page, not to nowhere. */
function Answer({
  label,
  onClick,
  primary = false,
}: {
  readonly label: string;
  readonly onClick: () => void;
  readonly primary?: boolean;
}) {
  return (
    <button
      type="button"
      className={primary ? 'btn btn-primary' : 'btn btn-ghost'}
      onClick={() => {
        onClick();
        document.getElementById('main')?.focus();
      }}
    >
      {label}
    </button>
  );
}
