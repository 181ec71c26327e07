import { useAtomValue } from 'jotai';
import { pt } from '../../i18n/pay';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import type { ResultAction } from './outcome';
import { resultAtom } from './state';

/** The payment result panel (SPEC §2): title, tip, the code's message, primary and secondary buttons. */
export function ResultPanel({
  onAction,
  onRemember,
  remembered,
}: {
  readonly onAction: (action: ResultAction) => void;
  readonly onRemember: ((remember: boolean) => void) | undefined;
  readonly remembered: boolean;
}) {
  const result = useAtomValue(resultAtom);
  if (result === undefined) return null;
  const { panel } = result;
  return (
    <Modal
      open
      title={pt(panel.title)}
      onDismiss={() => onAction('close')}
      testId="result-panel"
      footer={
        <>
          <Button
            variant="primary"
            block
            onClick={() => onAction(panel.primary.action)}
            data-testid="result-primary"
            data-autofocus
          >
            {pt(panel.primary.label)}
          </Button>
          <Button
            variant="ghost"
            block
            onClick={() => onAction(panel.secondary.action)}
            data-testid="result-secondary"
          >
            {pt(panel.secondary.label)}
          </Button>
        </>
      }
    >
      <div className="pay-result" data-outcome={panel.outcome} data-testid="pay-result">
        <p className="pay-result__tip" data-testid="result-tip">
          {pt(panel.tip)}
        </p>
        {result.detail !== undefined && result.detail !== pt(panel.tip) ? (
          <p className="muted" data-testid="result-detail">
            {result.detail}
          </p>
        ) : null}
        {result.orderId !== undefined ? (
          <p className="muted">
            <bdi dir="ltr" data-testid="result-order">
              {result.orderId}
            </bdi>
          </p>
        ) : null}
        {panel.offerRemember && onRemember !== undefined ? (
          <label className="pay-check">
            <input type="checkbox" checked={remembered} onChange={(e) => onRemember(e.target.checked)} />
            <span>{pt('pay.resultRememberCard')}</span>
          </label>
        ) : null}
      </div>
    </Modal>
  );
}
