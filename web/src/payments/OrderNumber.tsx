import { useState } from 'react';
import { pt } from '../i18n/pay';
import '../ui/payment.css';

/** How many of the order number's last characters always show. */
const ORDER_TAIL = 6;

/**
 * An order number as a receipt shows it (the pay step's result, a paid fine): a `<dd>` with the number left to
 * right on one line and a copy button beside it, for a support request. If a phone cannot fit it, the middle
 * gives way to an ellipsis and the head and the last characters stay; the full number is still the text, and
 * the button copies it. The copied status wraps under it.
 */
export function OrderNumber({ orderId, testId }: { readonly orderId: string; readonly testId: string }) {
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
    <dd className="order-number">
      <span className="order-number__id" dir="ltr" data-testid={testId}>
        <span className="order-number__head">{orderId.slice(0, -ORDER_TAIL)}</span>
        <span className="order-number__tail">{orderId.slice(-ORDER_TAIL)}</span>
      </span>
      <button
        type="button"
        className="order-number__copy"
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
      <p className="order-number__copied" role="status" data-testid="copy-order-status">
        {copied === 'yes' ? pt('pay.orderCopied') : copied === 'failed' ? pt('pay.orderCopyFailed') : ''}
      </p>
    </dd>
  );
}
