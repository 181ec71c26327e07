import type { Ref } from 'react';
import { ft } from '../../i18n/fines';
import { formatUsd } from '../../i18n/format';
import { type PayKey, pt } from '../../i18n/pay';
import { resultView } from '../../payments/methodKind';
import { OrderNumber } from '../../payments/OrderNumber';
import { resultPanelOf } from '../../payments/outcome';
import { Button } from '../../ui/Button';
import { UserName } from '../../ui/UserName';
import { AnotherFineLink, TopUpLink } from './FineLinks';
import type { FineInfo, FineScreen } from './state';
import type { UnbanState } from './unban';

/** Presentational parts of the fines screen: the fine's details and each ending. */

export function FineAmount({
  fine,
  testId = 'fine-amount',
}: {
  readonly fine: FineInfo;
  readonly testId?: string;
}) {
  // The contract holds a fine to USD in whole cents (contracts/api/fines.ts): no text of the server's is drawn.
  return (
    <bdi dir="ltr" className="fines-amount" data-testid={testId}>
      {formatUsd(fine.amount)}
    </bdi>
  );
}

/** The account (display id and nickname, as inert text) and the amount; on an ending, the fine's number. */
export function FineSummary({
  fine,
  showBan = false,
  outdated = false,
  showNumber = false,
}: {
  readonly fine: FineInfo;
  /** Whether the account is banned: said while the fine is to be paid (an ending says what became of it). */
  readonly showBan?: boolean;
  /** The server said the amount changed: the one shown is the previous one, labelled so, until a refresh. */
  readonly outdated?: boolean;
  /** The fine's number: an ending that has no receipt of its own (failed, pending) names the fine it was. */
  readonly showNumber?: boolean;
}) {
  return (
    <section className="card" aria-label={ft('fines.details')} data-testid="fine-summary">
      <dl className="fines-details">
        {showNumber ? (
          <>
            <dt>{ft('fines.number')}</dt>
            <dd>
              <bdi dir="ltr" data-testid="fine-number">
                {fine.id}
              </bdi>
            </dd>
          </>
        ) : null}
        <dt>{ft('fines.displayId')}</dt>
        <dd>
          <bdi dir="ltr" data-testid="fine-display-id">
            {fine.display_uid}
          </bdi>
        </dd>
        <dt>{ft('fines.nickname')}</dt>
        <dd>
          <UserName name={fine.nickname} testId="fine-nickname" />
        </dd>
        <dt data-testid="fine-amount-label">{ft(outdated ? 'fines.previousAmount' : 'fines.amount')}</dt>
        <dd>
          <FineAmount fine={fine} />
        </dd>
        {showBan ? (
          <>
            <dt>{ft('fines.accountState')}</dt>
            <dd data-testid="fine-account-state">
              {ft(fine.account_banned ? 'fines.stateBanned' : 'fines.stateNotBanned')}
            </dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}

/** A titled ending: focus moves to its heading (tabIndex -1) so screen readers announce it. */
export function Ending({
  title,
  tone,
  headingRef,
  testId,
  children,
}: {
  readonly title: string;
  readonly tone: 'ok' | 'error' | 'info';
  readonly headingRef: Ref<HTMLHeadingElement>;
  readonly testId: string;
  readonly children?: React.ReactNode;
}) {
  return (
    <section
      className={`card fines-ending notice${tone === 'info' ? '' : ` notice-${tone}`}`}
      data-testid={testId}
      aria-labelledby={`${testId}-title`}
    >
      <h2 id={`${testId}-title`} ref={headingRef} tabIndex={-1}>
        {title}
      </h2>
      {children}
    </section>
  );
}

const UNBAN_TEXT: Readonly<Record<UnbanState, Parameters<typeof ft>[0]>> = {
  checking: 'fines.checkingUnban',
  unbanned: 'fines.unbanned',
  notBanned: 'fines.notBanned',
  stillBanned: 'fines.stillBanned',
  banned: 'fines.banned',
  unknown: 'fines.unbanUnknown',
};

/** The paid fine's receipt: each number under its label (what it is, not a bare id). */
export function FineReceipt({
  fineId,
  fine,
  orderId,
}: {
  readonly fineId: number | undefined;
  readonly fine: FineInfo | undefined;
  readonly orderId: string | undefined;
}) {
  return (
    <dl className="fines-details fines-receipt" aria-label={ft('fines.receipt')} data-testid="fine-receipt">
      {fineId !== undefined ? (
        <>
          <dt>{ft('fines.number')}</dt>
          <dd>
            <bdi dir="ltr">{fineId}</bdi>
          </dd>
        </>
      ) : null}
      {fine !== undefined ? (
        <>
          <dt>{ft('fines.amount')}</dt>
          <dd>
            <FineAmount fine={fine} testId="fine-receipt-amount" />
          </dd>
          <dt>{ft('fines.account')}</dt>
          <dd>
            <UserName name={fine.nickname} />{' '}
            <bdi dir="ltr" className="ltr">
              ({fine.display_uid})
            </bdi>
          </dd>
        </>
      ) : null}
      {orderId !== undefined ? (
        <>
          <dt>{ft('fines.orderNumber')}</dt>
          <OrderNumber orderId={orderId} testId="fine-order" />
        </>
      ) : null}
    </dl>
  );
}

export function PaidEnding({
  state,
  fineId,
  headingRef,
  onCheckAgain,
}: {
  readonly state: Extract<FineScreen, { kind: 'paid' }>;
  readonly fineId: number | undefined;
  readonly headingRef: Ref<HTMLHeadingElement>;
  readonly onCheckAgain: () => void;
}) {
  return (
    <Ending title={ft('fines.paidTitle')} tone="ok" headingRef={headingRef} testId="fine-paid">
      <p role="status" data-testid="fine-unban" data-unban={state.unban}>
        {ft(UNBAN_TEXT[state.unban])}
      </p>
      <FineReceipt fineId={fineId} fine={state.fine} orderId={state.orderId} />
      {state.unban === 'unbanned' || state.unban === 'notBanned' ? (
        <TopUpLink displayId={state.fine?.display_uid} />
      ) : null}
      {state.unban === 'stillBanned' || state.unban === 'banned' || state.unban === 'unknown' ? (
        <Button variant="secondary" block onClick={onCheckAgain} data-testid="fine-check-unban">
          {ft('fines.checkUnbanAgain')}
        </Button>
      ) : null}
      <AnotherFineLink />
    </Ending>
  );
}

/**
 * "Top up this account": the recharge list with the fine's account as the one to top up, searched there again
 * (payments/topUpRequest.ts) rather than shown as the list last knew it (banned). Without the account (never
 * told), the list as it stands.
 */
/** The top-up tips that offer a smaller package, said without it for a fine (which has no packages). */
const FINE_TIPS: Partial<Record<PayKey, 'fines.balanceTip' | 'fines.methodBalanceTip'>> = {
  'pay.resultBalanceTip': 'fines.balanceTip',
  'pay.resultMethodBalanceTip': 'fines.methodBalanceTip',
};

export function FailedEnding({
  state,
  headingRef,
  onRetry,
}: {
  readonly state: Extract<FineScreen, { kind: 'payFailed' }>;
  readonly headingRef: Ref<HTMLHeadingElement>;
  readonly onRetry: () => void;
}) {
  // The pay step's words for the kind of payment (payments/methodKind.ts): the fine's card form is a card in
  // the page; its hosted page is a method that is no card, so it is told of no other card. Its one way on is
  // the ending's "try again" (the pay step's buttons are not drawn here).
  const kind = state.method === 'hosted' ? 'hostedMethod' : 'newCard';
  const { tip, detail } = resultView(resultPanelOf(state.outcome), state.detail, kind);
  const fineTip = FINE_TIPS[tip];
  return (
    <Ending title={ft('fines.failedTitle')} tone="error" headingRef={headingRef} testId="fine-failed">
      <p data-testid="fine-failed-tip" data-outcome={state.outcome}>
        {fineTip === undefined ? pt(tip) : ft(fineTip)}
      </p>
      {detail === undefined ? null : <p>{detail}</p>}
      <Button variant="primary" block onClick={onRetry} data-testid="fine-try-again">
        {ft('fines.tryAgain')}
      </Button>
    </Ending>
  );
}
