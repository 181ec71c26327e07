import { type ChargePackage, payTypeInfo } from '@topup/contracts';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { pt } from '../../i18n/pay';
import { forMethod, type ResultAction, resultSentences } from '../../payments/outcome';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { UserName } from '../../ui/UserName';
import { PackageCoins, type Recipient, Sentence } from './PayRecipient';
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
  pack,
  amount,
}: {
  readonly onAction: (action: ResultAction) => void;
  readonly onRemember: ((remember: boolean) => void) | undefined;
  readonly remembered: boolean;
  readonly recipient: Recipient | undefined;
  /** What was bought (or tried): shown on every outcome, so a failure names the attempt it was. */
  readonly pack: Pick<ChargePackage, 'origin_coin' | 'extra_coin'> | undefined;
  /** The package's amount, formatted. */
  readonly amount: string | undefined;
}) {
  const result = useAtomValue(resultAtom);
  if (result === undefined) return null;
  const cardMethod = result.payType === undefined || payTypeInfo[result.payType].cardFrame;
  const panel = forMethod(result.panel, cardMethod);
  const success = panel.outcome === 'success';
  // A result not known yet ("check again") is neither a success nor a failure: drawn as a wait.
  const pending = panel.primary.action === 'checkAgain';
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
        className={`pay-result pay-result--${success ? 'ok' : pending ? 'pending' : 'failed'}`}
        data-outcome={panel.outcome}
        data-testid="pay-result"
      >
        <span className="pay-result__icon" aria-hidden="true">
          {success ? '✓' : pending ? '…' : '!'}
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
          {pack !== undefined ? (
            <div>
              <dt>{pt('pay.resultPackage')}</dt>
              <dd>
                <PackageCoins pack={pack} testId="result-package" />
              </dd>
            </div>
          ) : null}
          {amount !== undefined ? (
            <div>
              <dt>{pt(success ? 'pay.resultPaid' : 'pay.resultAmount')}</dt>
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
              <dd data-testid="result-recipient">
                <PayRecipientInline recipient={recipient} />
              </dd>
            </div>
          ) : null}
          {result.orderId !== undefined ? <OrderNumber orderId={result.orderId} /> : null}
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

/** How many of the order number's last characters always show. */
const ORDER_TAIL = 6;

/** The order number on one line, left to right, with a copy button (for a support request). */
function OrderNumber({ orderId }: { readonly orderId: string }) {
  const [copied, setCopied] = useState<'no' | 'yes' | 'failed'>('no');
  const copy = () => {
    // No clipboard (an insecure page, an old browser): say so; the number stays selectable.
    if (navigator.clipboard === undefined) return setCopied('failed');
    navigator.clipboard.writeText(orderId).then(
      () => setCopied('yes'),
      () => setCopied('failed'),
    );
  };
  return (
    <div className="pay-result__order">
      <dt>{pt('pay.orderNumber')}</dt>
      <dd>
        {/* Left to right on one line; if a phone cannot fit it, the middle gives way to an ellipsis and the
            head and the last characters stay (the full number is still the text, copied by the button). */}
        <span className="pay-result__order-id" dir="ltr" data-testid="result-order">
          <span className="pay-result__order-head">{orderId.slice(0, -ORDER_TAIL)}</span>
          <span className="pay-result__order-tail">{orderId.slice(-ORDER_TAIL)}</span>
        </span>
        <button
          type="button"
          className="pay-copy"
          onClick={copy}
          aria-label={pt('pay.copyOrderNumber')}
          data-testid="copy-order"
        >
          <svg width="18" height="18" viewBox="0 0 18 18" aria-hidden="true" focusable="false">
            <rect
              x="6"
              y="6"
              width="10"
              height="10"
              rx="2"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
            />
            <path d="M12 3H4a1 1 0 0 0-1 1v8" fill="none" stroke="currentColor" strokeWidth="1.8" />
          </svg>
        </button>
      </dd>
      <p className="pay-result__copied" role="status" data-testid="copy-order-status">
        {copied === 'yes' ? pt('pay.orderCopied') : copied === 'failed' ? pt('pay.orderCopyFailed') : ''}
      </p>
    </div>
  );
}

function PayRecipientInline({ recipient }: { readonly recipient: Recipient }) {
  return (
    <>
      <UserName name={recipient.nickname} />{' '}
      <span className="pay-recipient__id">
        (<bdi dir="ltr">{recipient.displayUid}</bdi>)
      </span>
    </>
  );
}
