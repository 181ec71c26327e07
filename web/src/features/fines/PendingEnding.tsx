import type { Ref } from 'react';
import { ft } from '../../i18n/fines';
import { pt } from '../../i18n/pay';
import type { ResultAction, ResultPanel } from '../../payments/outcome';
import { Ending } from './FineViews';
import type { FineScreen } from './state';

/**
 * A pending order the pay step would show in its result panel (`pendingPanelOf`: back from the issuer's page, or
 * its check lost with a reload), said here in the pay step's words, with its two ways on: give the order up and
 * pay again (cancelled first, or shown paid), and check its result again.
 */
function PanelEnding({
  panel,
  headingRef,
  onCheckAgain,
  onGiveUp,
}: {
  readonly panel: ResultPanel;
  readonly headingRef: Ref<HTMLHeadingElement>;
  readonly onCheckAgain: (() => void) | undefined;
  readonly onGiveUp: (() => void) | undefined;
}) {
  const run = (action: ResultAction) =>
    action === 'giveUp' ? onGiveUp : action === 'checkAgain' ? onCheckAgain : undefined;
  return (
    <Ending title={pt(panel.title)} tone="info" headingRef={headingRef} testId="fine-pending">
      <p data-testid="fine-pending-tip">{pt(panel.tip)}</p>
      {[
        { button: panel.primary, variant: 'primary', testId: 'fine-pending-primary' },
        { button: panel.secondary, variant: 'secondary', testId: 'fine-pending-secondary' },
      ].map(({ button, variant, testId }) => {
        const onClick = run(button.action);
        return onClick === undefined ? null : (
          <button
            key={testId}
            type="button"
            className={`btn btn-${variant} btn-block`}
            onClick={onClick}
            data-testid={testId}
          >
            {pt(button.label)}
          </button>
        );
      })}
    </Ending>
  );
}

/** A result still unknown: "check again", and paying another way (the order given up first). */
export function PendingEnding({
  state,
  headingRef,
  onCheckAgain,
  onPayAnotherWay,
}: {
  readonly state: Extract<FineScreen, { kind: 'pending' }>;
  readonly headingRef: Ref<HTMLHeadingElement>;
  readonly onCheckAgain: (() => void) | undefined;
  readonly onPayAnotherWay: (() => void) | undefined;
}) {
  // Back from the order's own page (or its check lost): the pay step's words and ways on, one rule for both.
  if (state.panel !== undefined && state.notCancelled !== true)
    return (
      <PanelEnding
        panel={state.panel}
        headingRef={headingRef}
        onCheckAgain={onCheckAgain}
        onGiveUp={onPayAnotherWay}
      />
    );
  return (
    <Ending title={ft('fines.pendingTitle')} tone="info" headingRef={headingRef} testId="fine-pending">
      <p>{ft('fines.pending')}</p>
      {state.notCancelled === true ? (
        <p role="alert" data-testid="fine-not-cancelled">
          {ft('fines.notCancelled')}
        </p>
      ) : null}
      {onCheckAgain !== undefined ? (
        <button type="button" className="btn btn-primary btn-block" onClick={onCheckAgain}>
          {ft('fines.checkAgain')}
        </button>
      ) : null}
      {onPayAnotherWay !== undefined ? (
        <>
          <p>{ft('fines.payAnotherWayNote')}</p>
          <button
            type="button"
            className="btn btn-secondary btn-block"
            onClick={onPayAnotherWay}
            data-testid="fine-pay-another-way"
          >
            {ft('fines.payAnotherWay')}
          </button>
        </>
      ) : null}
    </Ending>
  );
}
