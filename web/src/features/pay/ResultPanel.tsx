import type { ChargePackage } from '@topup/contracts';
import { useAtomValue } from 'jotai';
import { useLayoutEffect } from 'react';
import { formatCount } from '../../i18n/format';
import { pt } from '../../i18n/pay';
import { resultView } from '../../payments/methodKind';
import { OrderNumber } from '../../payments/OrderNumber';
import type { ResultAction } from '../../payments/outcome';
import type { RememberOffer } from '../../payments/rememberCard';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { Sentence } from '../../ui/Sentence';
import { holdTaps } from '../../ui/tapHold';
import { UserName } from '../../ui/UserName';
import type { ChargeShownView } from './orderCharge';
import { PackageCoins, type Recipient } from './PayRecipient';
import { resultAtom } from './state';

/**
 * The payment result panel (SPEC §2): what happened, the recipient and amount, the order number, and the one
 * next step as the primary button.
 */
export function ResultPanel({
  onAction,
  onRemember,
  remembered,
  rememberOffer,
  recipient,
  pack,
  amount,
  charge,
}: {
  readonly onAction: (action: ResultAction) => void;
  readonly onRemember: ((remember: boolean) => void) | undefined;
  readonly remembered: boolean;
  /** What is shown of the save choice for the card paid with (`payments/rememberCard.ts`). */
  readonly rememberOffer: RememberOffer;
  readonly recipient: Recipient | undefined;
  /** What was bought (or tried): shown on every outcome, so a failure names the attempt it was. */
  readonly pack: Pick<ChargePackage, 'origin_coin' | 'extra_coin'> | undefined;
  /** The package's amount as the step showed it, formatted. */
  readonly amount: string | undefined;
  /**
   * The order's own amount, formatted, when the server named it (`orderCharge.ts`): named in place of the
   * package's, and `differs` when it is not the one shown before paying, said so.
   */
  readonly charge?: ChargeShownView | undefined;
}) {
  const result = useAtomValue(resultAtom);
  // The kind of payment decides the words and the buttons (payments/methodKind.ts).
  const view = result === undefined ? undefined : resultView(result.panel, result.detail, result.kind);
  // A result that changes while shown ("check again" answered) puts new buttons under the finger: taps are
  // held again, as the popup holds them when it opens (ui/tapHold.ts).
  const shown = view === undefined ? undefined : `${view.panel.outcome} ${view.panel.primary.action}`;
  useLayoutEffect(() => {
    if (shown !== undefined) holdTaps();
  }, [shown]);
  if (result === undefined || view === undefined) return null;
  const panel = view.panel;
  const success = panel.outcome === 'success';
  // A result not known yet ("check again") is neither a success nor a failure: drawn as a wait.
  const pending = panel.primary.action === 'checkAgain' || panel.primary.action === 'giveUp';
  // Giving the order up (cancelled) is not where the focus lands: it goes to the safe choice beside it.
  const givesUp = panel.primary.action === 'giveUp';
  // A paid order the server booked for another account: the diamonds are never said to reach the one chosen.
  const otherUid = success ? charge?.otherUid : undefined;
  return (
    <Modal
      open
      title={pt(panel.title)}
      onDismiss={() => onAction('close')}
      testId="result-panel"
      footer={
        // The primary button last, at the panel's foot, nearest the thumb and the pay button below it (drawn
        // low on the step); the other choice above it, apart, so a hurried second tap there never finds it.
        <div className="pay-result__actions">
          <Button
            variant="ghost"
            block
            onClick={() => onAction(panel.secondary.action)}
            data-testid="result-secondary"
            data-autofocus={givesUp ? true : undefined}
          >
            {pt(panel.secondary.label)}
          </Button>
          <Button
            variant="primary"
            block
            onClick={() => onAction(panel.primary.action)}
            data-testid="result-primary"
            data-autofocus={givesUp ? undefined : true}
          >
            {pt(panel.primary.label)}
          </Button>
        </div>
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
          {success && otherUid !== undefined ? (
            pt('pay.resultOtherAccountTip')
          ) : success && charge?.asking === true ? (
            // The order's account not known yet: no account is named until the server has said which.
            pt('pay.resultSuccessTip')
          ) : success && recipient !== undefined ? (
            <Sentence
              text={pt('pay.resultSuccessTo')}
              slots={{
                nickname: <UserName name={recipient.nickname} />,
                id: (
                  <strong>
                    <bdi dir="ltr">{recipient.displayUid}</bdi>
                  </strong>
                ),
              }}
            />
          ) : (
            pt(view.tip)
          )}
        </p>
        {view.detail !== undefined ? (
          <p className="pay-result__detail" data-testid="result-detail">
            {view.detail}
          </p>
        ) : null}
        {/* A kept order settled before another request: whose result this is, and what it charged. */}
        {result.earlier !== undefined ? (
          <p className="pay-result__detail" data-testid="result-earlier">
            {result.earlier}
          </p>
        ) : null}
        {charge?.differs === true && charge.amount !== undefined && amount !== undefined ? (
          <p className="notice notice-error" role="alert" data-testid="result-charge-differs">
            {pt('pay.resultChargeDiffers', { charged: charge.amount, shown: amount })}
          </p>
        ) : null}
        <BookedOtherwise otherUid={otherUid} coins={charge?.coins} chosen={recipient?.displayUid} />
        <dl className="pay-result__facts">
          {pack !== undefined ? (
            <div>
              <dt>{pt('pay.resultPackage')}</dt>
              <dd>
                <PackageCoins pack={pack} testId="result-package" />
              </dd>
            </div>
          ) : null}
          {(charge?.amount ?? amount) !== undefined ? (
            <div>
              <dt>{pt(success ? 'pay.resultPaid' : 'pay.resultAmount')}</dt>
              <dd>
                <bdi dir="ltr" data-testid="result-amount">
                  {charge?.amount ?? amount}
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
          {result.orderId !== undefined ? (
            <div className="pay-result__order">
              <dt>{pt('pay.orderNumber')}</dt>
              <OrderNumber orderId={result.orderId} testId="result-order" />
            </div>
          ) : null}
        </dl>
        {view.offerRemember && rememberOffer === 'offered' && onRemember !== undefined ? (
          <label className="pay-check">
            <input type="checkbox" checked={remembered} onChange={(e) => onRemember(e.target.checked)} />
            <span>{pt('pay.resultRememberCard')}</span>
          </label>
        ) : view.offerRemember && rememberOffer === 'confirmFirst' ? (
          <p className="muted" data-testid="remember-confirm-first">
            {pt('pay.rememberConfirmFirst')}
          </p>
        ) : null}
      </div>
    </Modal>
  );
}

/** What the server booked otherwise than chosen: another account, other coins (`orderCharge.ts`). */
function BookedOtherwise({
  otherUid,
  coins,
  chosen,
}: {
  readonly otherUid: number | undefined;
  readonly coins: ChargeShownView['coins'];
  readonly chosen: string | undefined;
}) {
  return (
    <>
      {otherUid !== undefined ? (
        <p className="notice notice-error" role="alert" data-testid="result-other-account">
          {chosen === undefined
            ? pt('pay.resultOtherAccountUnnamed', { uid: String(otherUid) })
            : pt('pay.resultOtherAccount', { uid: String(otherUid), id: chosen })}
        </p>
      ) : null}
      {coins !== undefined ? (
        <p className="notice notice-error" role="alert" data-testid="result-coins-differ">
          {pt('pay.resultCoinsDiffer', {
            booked: formatCount(coins.booked),
            shown: formatCount(coins.shown),
          })}
        </p>
      ) : null}
    </>
  );
}

function PayRecipientInline({ recipient }: { readonly recipient: Recipient }) {
  return (
    <>
      <UserName name={recipient.nickname} />{' '}
      <strong className="pay-recipient__id">
        (<bdi dir="ltr">{recipient.displayUid}</bdi>)
      </strong>
    </>
  );
}
