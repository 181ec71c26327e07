import { useAtomValue, useStore } from 'jotai';
import { useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { Navigate, useLocation, useNavigate } from '../../app/routing';
import { formatUsd } from '../../i18n/format';
import { pt } from '../../i18n/pay';
import { payAttempts } from '../../payments/orderAttempt';
import { entryPaid, payVisit, reopenedPaidAtom } from '../../payments/payHandOver';
import { useHydrated } from '../../platform/hydration';
import type { PayIntent } from '../../platform/payIntent';
import { PayIntentSchema, readPayIntent } from '../../platform/payIntentSchema';
import { Button } from '../../ui/Button';
import { ConfirmPopup } from '../../ui/ConfirmPopup';
import { Skeleton } from '../../ui/Loading';
import { AccountChangeNotice } from './AccountChangeNotice';
import { ExpiryPopup } from './ExpiryPopup';
import { chargeShown, useOrderCharge } from './orderCharge';
import { PaidElsewhereNotice } from './PaidElsewhereNotice';
import { PaySummary } from './PayRecipient';
import { PayStepBody } from './PayStepBody';
import { PayStepHead } from './PayStepHead';
import { PayStepLayers } from './PayStepLayers';
import { ResultPanel } from './ResultPanel';
import { maskedCard } from './savedCards';
import { resultAtom } from './state';
import { usePayStep } from './usePayStep';
import '../../ui/payment.css';
import './pay.css';

/**
 * What a pay link that cannot be read lacks, said as such: an account that is no user id, no package, no
 * account (a package without one is not "no package chosen"), or else no pay method.
 */
function whatIsMissing(
  search: string,
): 'pay.badAccount' | 'pay.noPackage' | 'pay.noAccount' | 'pay.noMethod' {
  const params = new URLSearchParams(search);
  const toUid = params.get('to_uid');
  const valid = (name: keyof typeof PayIntentSchema.shape) =>
    PayIntentSchema.shape[name].safeParse(params.get(name) ?? undefined).success;
  if (toUid !== null && !valid('to_uid')) return 'pay.badAccount';
  if (!valid('recharge_id')) return 'pay.noPackage';
  if (toUid === null) return 'pay.noAccount';
  return 'pay.noMethod';
}

/** /pay-step: the six sub-steps of SPEC §2 over the pure transition function. */
export default function PayStepPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const intent = useMemo(() => readPayIntent(location.search), [location.search]);
  const store = useStore();
  // A paid step's entry opened again (back, forward, a reload): its order is paid, so no pay button for it;
  // the list, where paying again is a new choice, and which says that order was paid (never a silent list).
  const [paid] = useState(() => {
    const visit = entryPaid();
    if (visit !== undefined) store.set(reopenedPaidAtom, visit);
    return visit !== undefined;
  });
  // The visit is named in the entry before the back guard copies it over (a layout effect, before the step's).
  useLayoutEffect(() => {
    if (!paid) payVisit();
  }, [paid]);
  // The build draws this page without the address's arguments, which only the browser has: the first step's
  // title and lead, which need none, over a skeleton of the rest, not "no package chosen", stand until the app
  // has read them (a link from the app always carries them).
  const hydrated = useHydrated();
  if (!hydrated) return <PayStepFirstPaint />;
  if (paid) return <Navigate to={{ pathname: '/recharge-list', search: '' }} replace />;
  if (intent === undefined) {
    return (
      <section className="card" data-testid="pay-step">
        <p role="alert">{pt(whatIsMissing(location.search))}</p>
        <Button onClick={() => navigate('/recharge-list')}>{pt('pay.backToList')}</Button>
      </section>
    );
  }
  return <PayStep intent={intent} />;
}

/**
 * The first step as the build draws it (no arguments yet): its head and lead as PayStep draws them, in the first
 * paint rather than once the app has started, and a skeleton where the account, package and methods will be.
 */
function PayStepFirstPaint() {
  return (
    <section className="pay-step" data-step="home" aria-labelledby="pay-step-title">
      <PayStepHead step="home" onBack={() => {}} />
      <p className="lead">{pt('pay.lead')}</p>
      <Skeleton />
    </section>
  );
}

/** The step's layout: its head and summary, its body, and the popups and layers over it. */
function PayStep({ intent }: { readonly intent: PayIntent }) {
  const model = usePayStep(intent);
  const { step, steps, flow, card, cardActions, pack, recipientLookup } = model;
  const result = useAtomValue(resultAtom);
  const resultShown = result !== undefined;
  // The paid order's own amount, named by the panel in place of the list's (and said when it, its coins or its
  // account differ from what was chosen).
  const order = useOrderCharge(result);
  const charge = {
    ...chargeShown(order.charge, { amount: pack?.amount, coin: pack?.coin, toUid: intent.to_uid }),
    asking: order.asking,
  };
  // An order under way, or its result on screen, is followed: an account change meanwhile keeps its attempt.
  const following = steps.phase.kind !== 'choosing' || resultShown;
  useEffect(() => (following ? payAttempts.follow() : undefined), [following]);
  return (
    <section
      className="pay-step"
      data-testid="pay-step"
      data-step={step}
      data-phase={steps.phase.kind}
      aria-labelledby="pay-step-title"
    >
      <PayStepHead step={step} onBack={() => void flow.send({ type: 'back' })} />
      {/* The first step's lead: index.html's static first paint draws it with the title, before any data. */}
      {step === 'home' ? (
        <p className="lead" data-testid="pay-lead">
          {pt('pay.lead')}
        </p>
      ) : null}
      <PaySummary
        lookup={recipientLookup.lookup}
        onRetry={recipientLookup.retry}
        pack={pack}
        packFailed={model.packFailure !== undefined}
        fromLink={model.entry === 'link'}
      />
      <AccountChangeNotice
        change={model.account.change}
        offerSignIn={model.packFailure?.signIn !== true}
        onClose={model.account.close}
      />
      <PaidElsewhereNotice account={model.recipient?.displayUid} shown={!resultShown} />
      <PayStepBody model={model} />
      {step === 'modifyExpiry' && card !== undefined ? (
        <ExpiryPopup
          card={card}
          label={pt(model.labelKey)}
          busy={cardActions.expiryBusy}
          error={cardActions.expiryError}
          onSubmit={(validDate) => void cardActions.updateExpiry(validDate)}
          onDismiss={() => void flow.send({ type: 'back' })}
          onUseAnother={steps.expiryMode === 'updateAndPay' ? () => model.takeAnotherCard(card) : undefined}
        />
      ) : null}
      <PayStepLayers
        busy={model.busy}
        challenge={flow.challenge}
        onCancelChallenge={() => void flow.send({ type: 'cancelChallenge' })}
        checkChallenge={flow.checkChallenge}
        onReopenChallenge={flow.reopenChallenge}
        deleting={cardActions.deleting}
        leaving={steps.leaving}
        leaveTitle={pt(flow.notice === 'uncertainEarlier' ? 'pay.leaveUncertainTitle' : 'pay.leaveTitle')}
        onStay={() => void flow.send({ type: 'cancelLeave' })}
        onLeave={() => void flow.send({ type: 'confirmLeave' })}
      />
      <ConfirmPopup
        open={cardActions.toDelete !== undefined}
        title={pt('pay.deleteCardTitle')}
        {...(cardActions.toDelete === undefined ? {} : { body: maskedCard(cardActions.toDelete) })}
        confirmLabel={pt('pay.confirmDelete')}
        cancelLabel={pt('pay.cancelDelete')}
        onConfirm={() => void cardActions.confirmDelete()}
        onCancel={cardActions.cancelDelete}
        onDismiss={cardActions.cancelDelete}
        destructive
        testId="delete-popup"
      />
      <ResultPanel
        onAction={(action) => {
          flow.onResultAction(action);
          // "Update and pay" after a new card's expiry was refused: straight to its expiry field.
          if (action === 'updateAndPay' && step === 'cardFrame')
            requestAnimationFrame(() =>
              document
                .querySelector<HTMLInputElement>('[data-testid="card-fields"] input[autocomplete="cc-exp"]')
                ?.focus(),
            );
        }}
        onRemember={flow.onRemember}
        remembered={flow.remembered}
        rememberOffer={flow.rememberAfter}
        recipient={model.recipient}
        pack={pack}
        amount={pack === undefined ? undefined : formatUsd(pack.amount)}
        charge={charge}
      />
    </section>
  );
}
