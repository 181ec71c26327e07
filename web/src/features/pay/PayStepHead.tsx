import { useEffect, useId, useRef } from 'react';
import { formatUsd } from '../../i18n/format';
import { type PayKey, pt } from '../../i18n/pay';
import { RefusalSentence } from '../../payments/RefusalSentence';
import { Button } from '../../ui/Button';
import { OrderId } from '../../ui/OrderId';
import { LockIcon } from '../../ui/PaymentMarks';
import { Sentence } from '../../ui/Sentence';
import type { FlowNotice, RefusedNotice } from './keptOrder';
import type { PayStep } from './stepTypes';

const STEP_TITLE = {
  home: 'pay.stepHome',
  savedCards: 'pay.stepSavedCards',
  cardFrame: 'pay.stepCardFrame',
  cardCvv: 'pay.stepCardCvv',
  modifyExpiry: 'pay.stepModifyExpiry',
} as const;

/**
 * The step's head: the page's back (which does what the browser's back does) and the step's title. The title
 * takes the focus when the step opens, or a step of it shows, with the focus nowhere (the control that had it,
 * "pay now" on the list or the last step's button, is gone): a screen reader then announces the step, and Tab
 * goes on from there. A focus the visitor placed elsewhere is left where it is.
 */
export function PayStepHead({ step, onBack }: { readonly step: PayStep; readonly onBack: () => void }) {
  const title = useRef<HTMLHeadingElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each step shown is announced
  useEffect(() => {
    const active = document.activeElement;
    if (active === null || active === document.body) title.current?.focus();
  }, [step]);
  return (
    <header className="pay-step__head">
      <button
        type="button"
        className="pay-step__back"
        onClick={onBack}
        aria-label={pt('pay.back')}
        data-testid="pay-back"
      >
        {/* Drawn, not a glyph: an angle quote is mirrored in right-to-left text and would point the LTR way. */}
        <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
          <path d="M7 4l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
        </svg>
      </button>
      <h1 id="pay-step-title" tabIndex={-1} ref={title}>
        {pt(STEP_TITLE[step])}
      </h1>
    </header>
  );
}

/** The step's one notice, above the pay button and in the page's flow (never over the button). */
function PayNotice({
  step,
  offline,
  notice,
  walletMoved,
}: {
  readonly step: PayStep;
  readonly offline: boolean;
  readonly notice: FlowNotice;
  readonly walletMoved: boolean;
}) {
  // Not a failure: where the wallet's move brought the page, what the next tap does.
  if (!offline && notice === undefined && walletMoved)
    return (
      <p className="pay-step__notice" role="status" data-testid="pay-wallet-moved">
        {pt('pay.walletMoved')}
      </p>
    );
  if (offline)
    return (
      <p className="pay-step__notice" role="alert" data-testid="pay-offline">
        {/* An order whose answer was lost is asked for as the connection returns (`useCheckOnReturn`). */}
        {pt(notice === 'unconfirmed' ? 'pay.offlineUnconfirmed' : 'pay.offline')}
      </p>
    );
  if (notice === undefined) return null;
  if (typeof notice === 'object' && notice.kind === 'refused') return <RefusedNote notice={notice} />;
  if (typeof notice === 'object')
    return (
      <p className="pay-step__notice" role="status" data-testid={NOTICE_TEST_ID[notice.kind]}>
        <Sentence
          text={pt(EARLIER_TEXT[notice.kind])}
          slots={{
            order: <OrderId id={notice.orderId} testId="pay-earlier-order" />,
          }}
        />
      </p>
    );
  const text =
    notice === 'unconfirmed'
      ? pt('pay.orderUnconfirmed')
      : notice === 'checkFirst'
        ? pt('pay.orderCheckFirst')
        : notice === 'earlierUnknown'
          ? pt('pay.earlierUnknown')
          : notice === 'uncertainEarlier'
            ? pt('pay.uncertainEarlier')
            : pt('pay.orderNotFound');
  return (
    <p className="pay-step__notice" role="alert" data-testid={NOTICE_TEST_ID[notice]}>
      {/* Where the card's fields can be edited: an edited card is another request, checked first (a second
          sentence, after the first's full stop). */}
      {notice === 'unconfirmed' && step === 'cardFrame'
        ? pt('pay.sentences', { first: text, second: pt('pay.orderUnconfirmedEdited') })
        : text}
    </p>
  );
}

/**
 * A refused order creation, said in the step (role=alert, above the pay button) until the visitor moves or taps
 * again (payments/RefusalSentence.tsx).
 */
function RefusedNote({ notice }: { readonly notice: RefusedNotice }) {
  return (
    <p className="pay-step__notice pay-step__notice--error" role="alert" data-testid="pay-refused">
      <RefusalSentence
        note={notice}
        texts={{
          refused: pt('pay.orderRefused'),
          refusedWith: pt('pay.orderRefusedWith'),
          noCharge: pt('pay.orderRefusedNoCharge'),
          sameOrder: pt('pay.orderRefusedSameOrder'),
        }}
        testId="pay-refused"
      />
    </p>
  );
}

const EARLIER_TEXT = {
  earlierPaid: 'pay.earlierPaidElsewhere',
  earlierPending: 'pay.earlierPendingElsewhere',
  earlierNotCancelled: 'pay.earlierNotCancelled',
  earlierCancelled: 'pay.earlierCancelled',
} as const;

const NOTICE_TEST_ID = {
  unconfirmed: 'pay-unconfirmed',
  checkFirst: 'pay-check-first',
  earlierUnknown: 'pay-earlier-unknown',
  uncertainEarlier: 'pay-uncertain-earlier',
  notFound: 'pay-not-found',
  earlierPaid: 'pay-earlier-paid',
  earlierPending: 'pay-earlier-pending',
  earlierNotCancelled: 'pay-earlier-not-cancelled',
  earlierCancelled: 'pay-earlier-cancelled',
} as const;

/** The step's one notice, the pay button (its amount on it), and the secure-payment line under it. */
export function PayButton({
  step,
  offline,
  notice,
  disabled,
  busy,
  onClick,
  amount,
  labelKey,
  walletMoved = false,
  hint,
}: {
  readonly step: PayStep;
  readonly offline: boolean;
  readonly notice: FlowNotice;
  /** The page arrived by the wallet's domain move and the wallet is the chosen method. */
  readonly walletMoved?: boolean;
  readonly disabled: boolean;
  readonly busy: boolean;
  /** What a tap does; without it the button submits the form it is in (the card steps' form). */
  readonly onClick?: (() => void) | undefined;
  readonly amount: number | undefined;
  readonly labelKey: PayKey;
  /** Why it is disabled, when the visitor can change it: shown under it and named by its aria-describedby. */
  readonly hint?: PayKey | undefined;
}) {
  const hintId = useId();
  return (
    <>
      <PayNotice step={step} offline={offline} notice={notice} walletMoved={walletMoved} />
      <Button
        variant="primary"
        block
        disabled={disabled}
        busy={busy}
        aria-describedby={hint === undefined ? undefined : hintId}
        {...(onClick === undefined ? { type: 'submit' as const } : { onClick })}
        data-testid="pay-confirm"
      >
        {/* An order whose answer was lost: the tap asks for that order (the same request), it pays nothing new. */}
        {notice === 'unconfirmed' ? (
          pt('pay.checkPayment')
        ) : amount !== undefined && labelKey !== 'pay.updateExpiry' ? (
          <Sentence text={pt('pay.payAmount')} slots={{ amount: <bdi dir="ltr">{formatUsd(amount)}</bdi> }} />
        ) : (
          pt(labelKey)
        )}
      </Button>
      {hint === undefined ? null : (
        <p id={hintId} className="pay-hint" data-testid="pay-confirm-hint">
          {pt(hint)}
        </p>
      )}
      {step === 'cardFrame' || step === 'cardCvv' ? (
        <p className="pay-secure">
          <LockIcon />
          {pt('pay.securePayment')}
        </p>
      ) : null}
    </>
  );
}
