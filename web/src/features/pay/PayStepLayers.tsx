import { useAtomValue } from 'jotai';
import { type RefObject, useEffect } from 'react';
import { pt } from '../../i18n/pay';
import { Button } from '../../ui/Button';
import { ConfirmPopup } from '../../ui/ConfirmPopup';
import { LoadingOverlay } from '../../ui/Loading';
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
  deleting,
  leaving,
  onStay,
  onLeave,
}: {
  readonly busy: PayBusy;
  readonly challenge: RefObject<HTMLElement | null>;
  readonly onCancelChallenge: () => void;
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
  return (
    <>
      <section
        className="pay-challenge"
        hidden={!verifying}
        role="dialog"
        aria-modal="true"
        aria-label={pt('pay.challengeTitle')}
        data-testid="challenge-layer"
      >
        <div className="pay-challenge__bar">
          <p className="pay-challenge__tip" role="status">
            {verifying ? pt('pay.bankVerification') : ''}
          </p>
          <Button variant="secondary" onClick={onCancelChallenge} data-testid="challenge-cancel">
            {pt('pay.challengeCancel')}
          </Button>
        </div>
        {/* The provider mounts its challenge here; emptied when it ends (a cancel leaves nothing behind). */}
        <div
          ref={challenge as RefObject<HTMLDivElement | null>}
          className="pay-challenge__frame"
          data-testid="challenge-container"
        />
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
