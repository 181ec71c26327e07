import { useEffect, useId, useRef } from 'react';
import { ft } from '../../i18n/fines';
import type { AmountChange } from './amountChange';
import { FineAmount } from './FineViews';
import type { FineInfo } from './state';

/**
 * Above the pay button after "amount changed" and its refresh: what the fine was and is now, and the box the
 * visitor ticks to pay the new amount (the pay button waits for it, the card typed kept meanwhile). Drawn after
 * the refresh, whose button went with its screen, it takes the focus left on the page's body: the box, described
 * by what changed, so a keyboard or screen reader lands where the next step is.
 */
export function AmountChangeNotice({
  fine,
  change,
  disabled,
  onConfirm,
}: {
  readonly fine: FineInfo;
  readonly change: AmountChange;
  readonly disabled: boolean;
  readonly onConfirm: (confirmed: boolean) => void;
}) {
  const said = useId();
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const focused = document.activeElement;
    if (focused === null || focused === document.body) box.current?.focus();
  }, []);
  return (
    <div className="notice notice-error fines-amount-change" data-testid="fine-amount-change">
      <p role="alert" id={said}>
        {ft(fine.amount > change.from ? 'fines.amountRose' : 'fines.amountFell')} {ft('fines.amountNew')}{' '}
        <FineAmount fine={fine} testId="fine-new-amount" /> {ft('fines.amountInsteadOf')}{' '}
        <FineAmount fine={{ ...fine, amount: change.from }} testId="fine-old-amount" />
      </p>
      <label className="pay-check">
        <input
          ref={box}
          type="checkbox"
          aria-describedby={said}
          checked={change.confirmed}
          disabled={disabled}
          onChange={(e) => onConfirm(e.target.checked)}
          data-testid="fine-confirm-amount"
        />
        <span>
          {ft('fines.confirmNewAmount')} <FineAmount fine={fine} testId="fine-confirm-amount-value" />
        </span>
      </label>
    </div>
  );
}
