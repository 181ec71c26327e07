import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { failureText } from '../../api/failureText';
import { api } from '../../api/instance';
import { useLocation, useNavigate } from '../../app/routing';
import { ft } from '../../i18n/fines';
import { fineAttempts } from '../../payments/orderAttempt';
import { browserRedirect, loadThreeDs } from '../../payments/providers/adapters';
import { deviceId } from '../../platform/ids';
import { sleep } from '../../platform/sleep';
import { leavePaymentReturn } from '../../platform/urlArgs';
import { LoadingOverlay, Skeleton } from '../../ui/Loading';
import { holdTaps } from '../../ui/tapHold';
import { sessionBanMemory } from './banMemory';
import { ForAccount, OtherAccount } from './FineAccount';
import { AnotherFineLink, TopUpLink } from './FineLinks';
import { FineNumberForm } from './FineNumberForm';
import { Ending, FailedEnding, FineReceipt, FineSummary, PaidEnding } from './FineViews';
import { fineLinkOf, fineSearch } from './fineUrl';
import { PayChoices, useKeptChoices } from './PayChoices';
import { PendingEnding } from './PendingEnding';
import { sessionPaidOrders } from './paidOrders';
import { isSettled } from './state';
import { useCheckOnReconnect } from './useCheckOnReconnect';
import { type FineScreenDeps, type PendingCard, useFineFlow } from './useFineFlow';
import './fines.css';

const liveDeps: FineScreenDeps = {
  api,
  sleep,
  deviceId,
  now: () => Date.now(),
  threeDs: () => loadThreeDs(),
  redirect: (url) => browserRedirect.go(url),
  banMemory: sessionBanMemory,
  paidOrders: sessionPaidOrders,
  attempts: fineAttempts,
  leaveReturn: leavePaymentReturn,
};

/**
 * Why the fine did not load: the catalogue's message for its code, else the page's own words with the code
 * (api/failureText.ts), never the server's: a lying server's words (a bank account) would read as the app's.
 */
export function fineLoadFailure(result: number): string {
  return failureText(result, { unknown: (code) => ft('fines.loadFailedCode', { code }) });
}

/** /fines?id=…: pay a fine that unbans an account (SPEC §1), and the return from the hosted page. */
export default function FinesPage() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const link = useMemo(() => fineLinkOf(search), [search]);
  const account = link.account;
  // A new fine number is a new screen: the flow starts over from the link, the account it came for kept. A
  // return's arguments leaving the address once it has ended are the same screen (fineSearch drops them).
  return (
    <FineScreenView
      key={link.kind === 'fine' ? fineSearch(link.fineId, account) : search}
      search={search}
      deps={liveDeps}
      onLookUp={(fineId) =>
        navigate({
          pathname: '/fines',
          search: `?${new URLSearchParams({ id: fineId, ...(account === undefined ? {} : { account }) })}`,
        })
      }
    />
  );
}

export function FineScreenView({
  search,
  deps,
  onLookUp,
}: {
  readonly search: string;
  readonly deps: FineScreenDeps;
  /** Opens a fine by its number, typed by the visitor when the link has none or a wrong one. */
  readonly onLookUp?: (fineId: string) => void;
}) {
  // The link the screen opened with: its return arguments leave the address once the return has ended
  // (`deps.leaveReturn`), which must not start the flow over; another fine is another screen (its key).
  const [link] = useState(() => fineLinkOf(search));
  const flow = useFineFlow(link, deps);
  const { state } = flow;
  const heading = useRef<HTMLHeadingElement>(null);
  const [cardReady, setCardReady] = useState(false);
  const bindCard = useCallback(
    (ready: PendingCard | undefined) => {
      flow.card.current = ready;
      setCardReady(ready !== undefined);
    },
    [flow.card],
  );
  const rememberCard = useCallback(
    (remember: boolean) => {
      flow.remember.current = remember;
    },
    [flow.remember],
  );
  const choices = useKeptChoices(state);
  // An order whose answer the connection lost is asked for again once it is back (the same request).
  const offline = useCheckOnReconnect(flow.unconfirmed, () => void flow.pay());
  // A paid fine whose account check the connection cut is checked again as it returns, as the order is.
  useCheckOnReconnect(state.kind === 'paid' && state.unban === 'unknown', flow.checkUnbanAgain);
  const settled = isSettled(state);
  // Open, the screen shows its kept order (taken up on opening): an account change meanwhile keeps it.
  useEffect(() => deps.attempts.follow(), [deps.attempts]);
  // An ending mostly answers the pay button's tap, drawn where the finger still is: taps are held as it comes
  // (ui/tapHold.ts), so a double tap's second never presses what now lies there (the footer's links, once).
  // biome-ignore lint/correctness/useExhaustiveDependencies: holds when the screen's kind changes
  useLayoutEffect(() => {
    if (settled) holdTaps();
  }, [state.kind, settled]);
  // Focus follows each ending so keyboard and screen-reader users land on what happened.
  // biome-ignore lint/correctness/useExhaustiveDependencies: moves focus when the screen's kind changes
  useEffect(() => {
    if (settled) heading.current?.focus();
  }, [state.kind, settled]);

  return (
    <section
      className="fines-page"
      data-testid="fines-page"
      data-state={state.kind}
      aria-labelledby="fines-title"
    >
      <h1 id="fines-title">{ft('fines.title')}</h1>
      {/* The lead stays from the static first paint through the load to the payable fine (the
          largest block, painted first); what this fine says of its account is in its summary. */}
      {state.kind === 'loading' || state.kind === 'payable' ? (
        <p className="lead" data-testid="fine-lead">
          {ft('fines.lead')}
        </p>
      ) : null}
      {link.account !== undefined && (state.kind === 'badLink' || state.kind === 'notFound') ? (
        <ForAccount account={link.account} />
      ) : null}
      {state.kind === 'badLink' ? (
        <Ending
          title={ft('fines.lookUpTitle')}
          tone={state.reason === 'missing' ? 'info' : 'error'}
          headingRef={heading}
          testId="fine-bad-link"
        >
          {/* No id at all: the page's instruction, plain text; a wrong id in the link is an error. */}
          {state.reason === 'missing' ? (
            <p>{ft('fines.missingId')}</p>
          ) : (
            <p role="alert">{ft('fines.invalidId')}</p>
          )}
        </Ending>
      ) : null}
      {(state.kind === 'badLink' || state.kind === 'notFound') && onLookUp !== undefined ? (
        <FineNumberForm
          onLookUp={onLookUp}
          initial={state.kind === 'notFound' && link.kind === 'fine' ? String(link.fineId) : ''}
        />
      ) : null}
      {state.kind === 'loading' ? (
        <div className="fines-loading" data-testid="fine-loading">
          <Skeleton />
          <p role="status">{ft('fines.loading')}</p>
        </div>
      ) : null}
      {state.kind === 'loadFailed' ? (
        <Ending
          title={ft('fines.loadFailedTitle')}
          tone="error"
          headingRef={heading}
          testId="fine-load-failed"
        >
          <p role="alert">
            {state.unreadable === true ? ft('fines.unreadable') : fineLoadFailure(state.result)}
          </p>
          <button type="button" className="btn btn-primary btn-block" onClick={() => void flow.load()}>
            {ft('fines.retry')}
          </button>
        </Ending>
      ) : null}
      {state.kind === 'notFound' ? (
        <Ending title={ft('fines.notFoundTitle')} tone="error" headingRef={heading} testId="fine-not-found">
          <p>{ft('fines.notFound')}</p>
        </Ending>
      ) : null}
      {state.kind === 'alreadyPaid' ? (
        <>
          <FineSummary fine={state.fine} />
          <Ending
            title={ft('fines.alreadyPaidTitle')}
            tone="ok"
            headingRef={heading}
            testId="fine-already-paid"
          >
            <p>{ft('fines.alreadyPaid')}</p>
            {state.orderId !== undefined ? (
              <FineReceipt fineId={state.fine.id} fine={state.fine} orderId={state.orderId} />
            ) : null}
            <TopUpLink displayId={state.fine.display_uid} />
            <AnotherFineLink />
          </Ending>
        </>
      ) : null}
      {state.kind === 'amountChanged' ? (
        <>
          <FineSummary fine={state.fine} outdated />
          <Ending
            title={ft('fines.amountChangedTitle')}
            tone="error"
            headingRef={heading}
            testId="fine-amount-changed"
          >
            <p role="alert">{ft('fines.amountChanged')}</p>
            <button
              type="button"
              className="btn btn-primary btn-block"
              onClick={() => void flow.load()}
              data-testid="fine-refresh"
            >
              {ft('fines.refresh')}
            </button>
          </Ending>
        </>
      ) : null}
      {state.kind === 'payable' ? (
        <>
          <OtherAccount account={link.account} fine={state.fine} />
          <FineSummary fine={state.fine} showBan />
        </>
      ) : null}
      {/* Always in this place, so a refresh or a retry finds the card typed still there (hidden meanwhile). */}
      {choices === undefined ? null : (
        <PayChoices
          state={choices}
          hidden={state.kind !== 'payable'}
          cardReady={cardReady}
          onCard={bindCard}
          onRemember={rememberCard}
          onMethod={flow.chooseMethod}
          onPay={() => void flow.pay()}
          onConfirmAmount={flow.confirmAmount}
          keptHolder={flow.keptHolder}
          offlineUnconfirmed={offline && flow.unconfirmed}
        />
      )}
      {state.kind === 'payable' ? (
        <>
          <section
            ref={flow.challenge}
            className="pay-challenge"
            hidden={state.busy !== 'verifying'}
            aria-label={ft('fines.challengeTitle')}
          />
          {state.busy === 'creatingOrder' ? <LoadingOverlay text={ft('fines.creatingOrder')} /> : null}
          {state.busy === 'redirecting' ? <LoadingOverlay text={ft('fines.goingToPaymentPage')} /> : null}
          {state.busy === 'verifying' ? <p role="status">{ft('fines.bankVerification')}</p> : null}
        </>
      ) : null}
      {state.kind === 'checkingResult' ? <LoadingOverlay text={ft('fines.checkingResult')} /> : null}
      {(state.kind === 'pending' || state.kind === 'payFailed' || state.kind === 'orderNotFound') &&
      state.fine !== undefined ? (
        <FineSummary fine={state.fine} showNumber />
      ) : null}
      {state.kind === 'pending' ? (
        <PendingEnding
          state={state}
          headingRef={heading}
          onCheckAgain={flow.retryResult}
          onPayAnotherWay={flow.payAnotherWay}
        />
      ) : null}
      {state.kind === 'orderNotFound' ? (
        <Ending
          title={ft('fines.orderNotFoundTitle')}
          tone="info"
          headingRef={heading}
          testId="fine-order-not-found"
        >
          <p>{ft('fines.orderNotFound')}</p>
          <button type="button" className="btn btn-primary btn-block" onClick={() => void flow.load()}>
            {ft('fines.showFine')}
          </button>
        </Ending>
      ) : null}
      {state.kind === 'paid' ? (
        <>
          {state.fine !== undefined ? <FineSummary fine={state.fine} /> : null}
          <PaidEnding
            state={state}
            fineId={link.kind === 'fine' ? link.fineId : undefined}
            headingRef={heading}
            onCheckAgain={flow.checkUnbanAgain}
          />
        </>
      ) : null}
      {state.kind === 'payFailed' ? (
        <FailedEnding state={state} headingRef={heading} onRetry={() => void flow.load()} />
      ) : null}
    </section>
  );
}
