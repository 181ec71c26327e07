import { payTypeInfo } from '@topup/contracts';
import { useAtomValue } from 'jotai';
import { pt } from '../../i18n/pay';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { UserName } from '../../ui/UserName';
import { forMethod, type ResultAction, resultSentences } from './outcome';
import { type Recipient, Sentence } from './PayRecipient';
import { resultAtom } from './state';

/**
 * The payment result panel (SPEC §2): what happened, the recipient and amount, the order number, and the one
 * next step as the primary button.
 */
export function ResultPanel({
  onAction,
  onRemember,
  remembered,
  recipient,
  amount,
}: {
  readonly onAction: (action: ResultAction) => void;
  readonly onRemember: ((remember: boolean) => void) | undefined;
  readonly remembered: boolean;
  readonly recipient: Recipient | undefined;
  /** The package's amount, formatted. */
  readonly amount: string | undefined;
}) {
  const result = useAtomValue(resultAtom);
  if (result === undefined) return null;
  const cardMethod = result.payType === undefined || payTypeInfo[result.payType].cardFrame;
  const panel = forMethod(result.panel, cardMethod);
  const success = panel.outcome === 'success';
  const sentences = resultSentences(panel, result.detail);
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
      <div
        className={`pay-result pay-result--${success ? 'ok' : 'failed'}`}
        data-outcome={panel.outcome}
        data-testid="pay-result"
      >
        <span className="pay-result__icon" aria-hidden="true">
          {success ? '✓' : '!'}
        </span>
        <p className="pay-result__tip" data-testid="result-tip">
          {success && recipient !== undefined ? (
            <Sentence
              text="pay.resultSuccessTo"
              slots={{
                nickname: <UserName name={recipient.nickname} />,
                id: <bdi dir="ltr">{recipient.displayUid}</bdi>,
              }}
            />
          ) : (
            pt(sentences.tip)
          )}
        </p>
        {sentences.detail !== undefined ? (
          <p className="pay-result__detail" data-testid="result-detail">
            {sentences.detail}
          </p>
        ) : null}
        <dl className="pay-result__facts">
          {success && amount !== undefined ? (
            <div>
              <dt>{pt('pay.resultPaid')}</dt>
              <dd>
                <bdi dir="ltr" data-testid="result-amount">
                  {amount}
                </bdi>
              </dd>
            </div>
          ) : null}
          {!success && recipient !== undefined ? (
            <div>
              <dt>{pt('pay.recipient')}</dt>
              <dd>
                <PayRecipientInline recipient={recipient} />
              </dd>
            </div>
          ) : null}
          {result.orderId !== undefined ? (
            <div>
              <dt>{pt('pay.orderNumber')}</dt>
              <dd>
                <bdi dir="ltr" data-testid="result-order">
                  {result.orderId}
                </bdi>
              </dd>
            </div>
          ) : null}
        </dl>
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

function PayRecipientInline({ recipient }: { readonly recipient: Recipient }) {
  return (
    <>
      <UserName name={recipient.nickname} /> (<bdi dir="ltr">{recipient.displayUid}</bdi>)
    </>
  );
}
