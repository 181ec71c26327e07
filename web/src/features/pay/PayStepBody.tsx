import { type PayType, payTypeInfo } from '@topup/contracts';
import { useSetAtom } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { hrefOf, useLocation, useNavigate } from '../../app/routing';
import { pt } from '../../i18n/pay';
import { CardFrameStep, CvvStep } from '../../payments/CardEntry';
import { useCheckOnReturn } from '../../payments/useCheckOnReturn';
import { Button } from '../../ui/Button';
import { Skeleton } from '../../ui/Loading';
import { ChannelList } from './ChannelList';
import { noticeForChoice } from './keptOrder';
import { PayButton } from './PayStepHead';
import { SavedCardList } from './SavedCardList';
import { maskedCard, savedCardProvider, savedCardStatus } from './savedCards';
import { chooseCardAtom, chooseExpiredCardAtom, expiryLeftAtom } from './state';
import { useNoticeUntilEdit } from './useNoticeUntilEdit';
import type { PayStepModel } from './usePayStep';

/**
 * The step's own content under its summary: the methods (home), the saved cards, the new card's fields or the
 * saved card's code, and the pay button; a skeleton while the first step waits, the package's failure if it
 * did not load.
 */
export function PayStepBody({ model }: { readonly model: PayStepModel }) {
  const navigate = useNavigate();
  const { search } = useLocation();
  const chooseCard = useSetAtom(chooseCardAtom);
  const chooseExpiredCard = useSetAtom(chooseExpiredCardAtom);
  const { step, steps, flow, card, pack, packFailure, recipientRefused, loadingHome } = model;
  // The expired card's update left: updated, its card goes on to its code; backed out of, the card chosen
  // before it is chosen again (state.ts `expiryLeftAtom`).
  const leaveExpiry = useSetAtom(expiryLeftAtom);
  useEffect(() => {
    if (step !== 'modifyExpiry') leaveExpiry(step === 'cardCvv');
  }, [step, leaveExpiry]);
  const form = useRef<HTMLFormElement>(null);
  // Enter in a provider's own frame, which the form does not hear: the same submit (it pays only when enabled).
  const submitForm = useCallback(() => form.current?.requestSubmit(), []);
  const { notice, onEdit } = useNoticeUntilEdit(flow.notice);
  // The holder name last typed: the next card fields start with it when the machine keeps it (another card
  // after a refusal, `keepHolder`); every other new intent starts them empty.
  const [typedHolder, setTypedHolder] = useState('');
  const cardEntry =
    step === 'cardFrame' && model.framePayType !== undefined ? (
      <CardFrameStep
        key={`card-${steps.intent}`}
        provider={payTypeInfo[model.framePayType].provider === 17 ? 17 : 13}
        rememberOffer={flow.rememberOffer}
        remember={flow.remember}
        onRemember={flow.setRemember}
        onReady={model.bindCard}
        keptHolder={steps.keepHolder ? typedHolder : ''}
        onHolder={setTypedHolder}
        onHolderMissing={model.setHolderMissing}
        enterKeyHint="go"
        onEnter={submitForm}
        onEdit={onEdit}
      />
    ) : step === 'cardCvv' && card !== undefined ? (
      <CvvStep
        key={`cvv-${steps.intent}`}
        provider={savedCardProvider(card)}
        card={card}
        label={maskedCard(card)}
        onReady={model.bindCvv}
        onEnter={submitForm}
        onEdit={onEdit}
      />
    ) : null;
  const entersCard = step === 'cardFrame' || step === 'cardCvv';
  const shownNotice = model.busy === 'idle' ? noticeForChoice(notice, step, model.shownChannel) : undefined;
  useCheckOnReturn(steps.offline, shownNotice === 'unconfirmed', model.confirm);
  const payButton =
    step !== 'modifyExpiry' && step !== 'savedCards' && !loadingHome && !recipientRefused ? (
      <PayButton
        step={step}
        offline={steps.offline}
        notice={shownNotice}
        disabled={model.confirmDisabled}
        hint={model.confirmHint}
        busy={model.busy === 'creatingOrder'}
        onClick={entersCard ? undefined : model.confirm}
        amount={pack?.amount}
        labelKey={model.labelKey}
        walletMoved={model.walletMoved}
      />
    ) : null;
  return (
    <div className="pay-step__body">
      {loadingHome ? <Skeleton /> : null}
      {/* A refused recipient is the step's one message (with its way back): the package's answer for that
          account, refused too, would repeat it as a connection failure. */}
      {pack === undefined && packFailure !== undefined && !recipientRefused ? (
        <div className="notice notice-error" data-testid="pay-package-failed">
          <p role="alert">{packFailure.text}</p>
          {packFailure.retry ? <Button onClick={model.retryPack}>{pt('pay.retry')}</Button> : null}
          {/* A full page load, as the top bar's: /login's policy (the sign-in SDKs) is a document of its own. */}
          {packFailure.signIn === true ? (
            <a className="btn btn-primary" href={hrefOf({ pathname: '/login', search })}>
              {pt('pay.signIn')}
            </a>
          ) : null}
          <Button variant="secondary" onClick={() => navigate('/recharge-list')}>
            {pt('pay.backToList')}
          </Button>
        </div>
      ) : null}
      {step === 'home' && pack !== undefined && model.picked && !recipientRefused ? (
        <ChannelList
          channels={model.channels}
          selected={model.nothingChosen ? null : model.shownChannel}
          chosen={model.intent.pay_type as PayType}
          card={card}
          now={model.now}
          hasCards={model.cards.length > 0}
          onChannel={(payType) => {
            model.setSelected(payType);
          }}
          onCard={() => {
            model.setSelected(undefined);
            chooseCard(card?.source_id ?? '');
          }}
          onOpenCards={() => void flow.send({ type: 'openSavedCards' })}
        />
      ) : null}
      {step === 'savedCards' ? (
        <SavedCardList
          fetch={model.fetch}
          cards={model.cards}
          now={model.now}
          onChoose={(chosen) => {
            // An expired card opens its expiry update: backed out of, the card chosen before it is again.
            if (savedCardStatus(chosen, model.clock.now()) === 'expiredModifiable')
              chooseExpiredCard(chosen.source_id);
            else chooseCard(chosen.source_id);
            model.setSelected(undefined);
            void flow.send({
              type: 'chooseSavedCard',
              card: chosen,
              payType: flow.savedPayType(chosen),
              now: model.clock.now(),
            });
          }}
          onUpdate={(chosen) => {
            chooseCard(chosen.source_id);
            void flow.send({ type: 'updateSoonCard' });
          }}
          onDelete={model.cardActions.askDelete}
          onNewCard={() => {
            model.setSelected(model.framePayType);
            void flow.send({ type: 'useAnotherCard', hasAnotherCard: false });
          }}
          onRetry={() => void flow.send({ type: 'openSavedCards' })}
        />
      ) : null}
      {/* The card's fields and the pay button are one form: its submit is the pay button, so Enter (the
          phone keyboard's "go") in a field pays as the tap does, and only when the button is enabled (the
          platform's implicit submission uses the default button, and none while it is disabled). Posted, never
          a GET: no field of it can reach an address, and its fields have no names to send anyway. */}
      {entersCard ? (
        <form
          ref={form}
          className="pay-step__form"
          method="post"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            model.confirm();
          }}
          data-testid="pay-form"
        >
          {cardEntry}
          {payButton}
        </form>
      ) : (
        payButton
      )}
    </div>
  );
}
