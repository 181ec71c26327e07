import { useAtomValue } from 'jotai';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { pt } from '../../i18n/pay';
import { Button } from '../../ui/Button';
import { ConfirmPopup } from '../../ui/ConfirmPopup';
import { inertOutside } from '../../ui/inertOutside';
import { LoadingOverlay } from '../../ui/Loading';
import type { ChallengeCheck } from './challengeRun';
import { sendingAnswerAtom } from './state';
import type { PayBusy } from './steps';

/** The connection under an open challenge, as the layer tells it; `online` says nothing. */
type ChallengeLink = 'online' | 'offline' | 'checking' | 'reopenable' | 'open';

const LINK_TEXT = {
  offline: 'pay.challengeOffline',
  checking: 'pay.challengeChecking',
  reopenable: 'pay.challengeReopenTip',
  open: 'pay.challengeStillOpen',
} as const;

/**
 * The connection while the challenge is open: lost, it is said on the layer (the page's own notice is under
 * it); back, the order is asked first (`check`): decided meanwhile, the engine closes the challenge on its
 * result; still open, the bank's page (likely a browser's error page by then) may be opened again.
 */
function useChallengeLink(verifying: boolean, check: () => Promise<ChallengeCheck>) {
  const [link, setLink] = useState<ChallengeLink>('online');
  useEffect(() => {
    setLink('online');
    if (!verifying) return;
    let live = true;
    const offline = () => setLink('offline');
    const online = () => {
      setLink('checking');
      void check().then((found) => {
        // Decided: the challenge closes on its result. A loss meanwhile stays told as such.
        if (live && found !== 'decided') setLink((now) => (now === 'checking' ? found : now));
      });
    };
    if (!navigator.onLine) offline();
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      live = false;
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
    };
  }, [verifying, check]);
  return { link, reopened: () => setLink('online') };
}

/**
 * What the pay step draws over itself, one at a time: the 3-D Secure challenge (full screen, with its own
 * cancel), the waits' overlays, and the leave question (only while choosing: the machine never opens it
 * under the challenge or over a result).
 */
export function PayStepLayers({
  busy,
  challenge,
  onCancelChallenge,
  checkChallenge,
  onReopenChallenge,
  deleting,
  leaving,
  onStay,
  onLeave,
}: {
  readonly busy: PayBusy;
  readonly challenge: RefObject<HTMLElement | null>;
  readonly onCancelChallenge: () => void;
  /** The connection came back under the challenge: its order asked (`challengeRun.ts`). */
  readonly checkChallenge: () => Promise<ChallengeCheck>;
  readonly onReopenChallenge: () => void;
  readonly deleting: boolean;
  readonly leaving: boolean;
  readonly onStay: () => void;
  readonly onLeave: () => void;
}) {
  const verifying = busy === 'verifying';
  const sendingAnswer = useAtomValue(sendingAnswerAtom);
  // A challenge that ended (answered, failed or cancelled) leaves nothing mounted behind the page.
  useEffect(() => {
    if (!verifying) challenge.current?.replaceChildren();
  }, [verifying, challenge]);
  // The challenge covers the page: the rest of it (header, footer links, the step) is inert meanwhile, so the
  // keyboard cannot leave the bank's check for a link under it.
  const layer = useRef<HTMLElement>(null);
  useEffect(() => {
    if (verifying && layer.current !== null) return inertOutside(layer.current);
  }, [verifying]);
  const { link, reopened } = useChallengeLink(verifying, checkChallenge);
  const reopen = () => {
    onReopenChallenge();
    reopened();
    // The button goes with its tap: the keyboard is left in the bank's page, loading again.
    layer.current?.querySelector<HTMLElement>('iframe')?.focus();
  };
  // Tab past the bank's frame comes back to the cancel button; Shift+Tab before it goes to the frame.
  const wrap = (toEnd: boolean) => () => {
    const items = layer.current?.querySelectorAll<HTMLElement>('button, iframe') ?? [];
    (toEnd ? items[items.length - 1] : items[0])?.focus();
  };
  return (
    <>
      <section
        ref={layer}
        className="pay-challenge"
        hidden={!verifying}
        role="dialog"
        aria-modal="true"
        aria-label={pt('pay.challengeTitle')}
        data-testid="challenge-layer"
      >
        {verifying ? (
          // biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/noNoninteractiveTabindex: a focus trap's edge, passed on at once
          <span tabIndex={0} onFocus={wrap(true)} data-testid="challenge-wrap-start" />
        ) : null}
        <div className="pay-challenge__bar">
          <p className="pay-challenge__tip" role="status">
            {verifying ? pt('pay.bankVerification') : ''}
          </p>
          <div className="pay-challenge__actions">
            {verifying && link === 'reopenable' ? (
              <Button variant="primary" onClick={reopen} data-testid="challenge-reopen">
                {pt('pay.challengeReopen')}
              </Button>
            ) : null}
            <Button variant="secondary" onClick={onCancelChallenge} data-testid="challenge-cancel">
              {pt('pay.challengeCancel')}
            </Button>
          </div>
        </div>
        {verifying && link !== 'online' ? (
          <p
            className={`pay-challenge__link${link === 'offline' ? ' pay-challenge__link--lost' : ''}`}
            key={link}
            role={link === 'checking' ? 'status' : 'alert'}
            data-testid="challenge-connection"
            data-link={link}
          >
            {pt(LINK_TEXT[link])}
          </p>
        ) : null}
        {/* The provider mounts its challenge here; emptied when it ends (a cancel leaves nothing behind). */}
        <div
          ref={challenge as RefObject<HTMLDivElement | null>}
          className="pay-challenge__frame"
          data-testid="challenge-container"
        />
        {verifying ? (
          // biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/noNoninteractiveTabindex: a focus trap's edge, passed on at once
          <span tabIndex={0} onFocus={wrap(false)} data-testid="challenge-wrap-end" />
        ) : null}
      </section>
      {busy === 'creatingOrder' ? <LoadingOverlay text={pt('pay.creatingOrder')} /> : null}
      {deleting ? <LoadingOverlay text={pt('pay.deletingCard')} /> : null}
      {busy === 'redirecting' ? <LoadingOverlay text={pt('pay.goingToPaymentPage')} /> : null}
      {busy === 'checkingResult' ? (
        <LoadingOverlay text={pt(sendingAnswer ? 'pay.sendingBankAnswer' : 'pay.checkingResult')} />
      ) : null}
      <ConfirmPopup
        open={leaving}
        title={pt('pay.leaveTitle')}
        confirmLabel={pt('pay.leaveContinue')}
        cancelLabel={pt('pay.leaveGiveUp')}
        onConfirm={onStay}
        onCancel={onLeave}
        onDismiss={onStay}
        testId="leave-popup"
      />
    </>
  );
}
