import { useAtomValue } from 'jotai';
import { type RefObject, useEffect, useRef } from 'react';
import { pt } from '../../i18n/pay';
import { Button } from '../../ui/Button';
import { ConfirmPopup } from '../../ui/ConfirmPopup';
import { inertOutside } from '../../ui/inertOutside';
import { LoadingOverlay } from '../../ui/Loading';
import { LINK_TEXT, useChallengeLink } from './challengeLink';
import type { ChallengeCheck } from './challengeRun';
import { sendingAnswerAtom } from './state';
import type { PayBusy } from './steps';

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
  leaveTitle,
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
  /** The leave question's words (after a payment whose result is unknown, not "one step left"). */
  readonly leaveTitle: string;
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
  const { link, covered, reopened } = useChallengeLink(
    verifying,
    checkChallenge,
    onReopenChallenge,
    challenge,
  );
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
        {verifying && link !== 'online' && !covered ? (
          <p
            className="pay-challenge__link"
            key={link}
            role="alert"
            data-testid="challenge-connection"
            data-link={link}
          >
            {pt(LINK_TEXT[link])}
          </p>
        ) : null}
        <div className="pay-challenge__stage">
          {/* The provider mounts its challenge here; emptied when it ends (a cancel leaves nothing behind).
              Covered (its error page neither seen nor reached) until the connection is back and the page reopened. */}
          <div
            ref={challenge as RefObject<HTMLDivElement | null>}
            className="pay-challenge__frame"
            data-testid="challenge-container"
            inert={covered}
          />
          {covered && link !== 'online' ? (
            <div className="pay-challenge__cover" data-testid="challenge-cover">
              <p
                className={`pay-challenge__link${link === 'offline' ? ' pay-challenge__link--lost' : ''}`}
                key={link}
                role={link === 'checking' ? 'status' : 'alert'}
                data-testid="challenge-connection"
                data-link={link}
              >
                {pt(LINK_TEXT[link])}
              </p>
            </div>
          ) : null}
        </div>
        {verifying ? (
          // biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/noNoninteractiveTabindex: a focus trap's edge, passed on at once
          <span tabIndex={0} onFocus={wrap(false)} data-testid="challenge-wrap-end" />
        ) : null}
      </section>
      {busy === 'creatingOrder' ? <LoadingOverlay text={pt('pay.creatingOrder')} /> : null}
      {deleting ? <LoadingOverlay text={pt('pay.deletingCard')} /> : null}
      {busy === 'redirecting' ? <LoadingOverlay text={pt('pay.goingToPaymentPage')} /> : null}
      {busy === 'checkingResult' ? (
        <LoadingOverlay
          text={pt(sendingAnswer ? 'pay.sendingBankAnswer' : 'pay.checkingResult')}
          role={sendingAnswer ? 'alert' : 'status'}
        />
      ) : null}
      <ConfirmPopup
        open={leaving}
        title={leaveTitle}
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
