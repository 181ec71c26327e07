import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useId, useState } from 'react';
import { ft } from '../../i18n/fines';
import { pt } from '../../i18n/pay';
import { CardFrameStep } from '../../payments/CardEntry';
import { RefusalSentence } from '../../payments/RefusalSentence';
import type { RefusalNote } from '../../payments/refusalText';
import {
  cardKeeperAtom,
  lastRememberChoiceAtom,
  mayKeepCard,
  rememberChoiceAtom,
  rememberDefault,
  rememberOffer,
} from '../../payments/rememberCard';
import { Button } from '../../ui/Button';
import { AmountChangeNotice } from './AmountChangeNotice';
import { awaitsConfirm } from './amountChange';
import { FineAmount } from './FineViews';
import { FINE_CARD_PROVIDER } from './finePayment';
import type { FineScreen, PayMethod } from './state';
import type { PendingCard } from './useFineFlow';

type Payable = Extract<FineScreen, { kind: 'payable' }>;

/** A refused fine order, said beside its button (payments/RefusalSentence.tsx). */
function FineRefusal({ note }: { readonly note: RefusalNote }) {
  return (
    <RefusalSentence
      note={note}
      texts={{
        refused: ft('fines.orderFailed'),
        refusedWith: ft('fines.orderFailedWith'),
        noCharge: ft('fines.orderRefusedNoCharge'),
        sameOrder: ft('fines.orderRefusedSameOrder'),
      }}
      testId="fine-pay-error"
    />
  );
}

/** The screens after which this page pays no more: the card typed is let go (its fields unmounted). */
const CARD_DROPPED: ReadonlySet<FineScreen['kind']> = new Set(['paid', 'alreadyPaid', 'notFound']);

/**
 * The pay choices to draw: the payable screen's, else the last payable one's (hidden), while the fine may still
 * be paid here. The card fields then stay mounted through "amount changed", a refresh, a failure and its retry,
 * so the card typed is still there (in the page's memory only, never stored); a paid fine lets it go.
 */
export function useKeptChoices(state: FineScreen): Payable | undefined {
  const [kept, setKept] = useState<Payable | undefined>(undefined);
  const next = state.kind === 'payable' ? state : CARD_DROPPED.has(state.kind) ? undefined : kept;
  if (next !== kept) setKept(next);
  return next;
}

/** The pay choices: a card through the pay feature's card fields (provider 13), or the hosted page. */
export function PayChoices({
  state,
  hidden,
  cardReady,
  onCard,
  onRemember,
  onMethod,
  onPay,
  onConfirmAmount,
  keptHolder,
  offlineUnconfirmed = false,
}: {
  readonly state: Payable;
  /** Offline with an order whose answer was lost: checked by itself when the connection is back, said so. */
  readonly offlineUnconfirmed?: boolean;
  /** Kept while another screen shows (useKeptChoices), out of sight and of reach. */
  readonly hidden: boolean;
  readonly cardReady: boolean;
  readonly onCard: (ready: PendingCard | undefined) => void;
  readonly onRemember: (remember: boolean) => void;
  readonly onMethod: (method: PayMethod) => void;
  readonly onPay: () => void;
  /** The visitor ticks (or unticks) paying a fine's changed amount. */
  readonly onConfirmAmount: (confirmed: boolean) => void;
  /** The holder name of an order given up on a new page (Back from the issuer's page), to pay another way. */
  readonly keptHolder?: string | undefined;
}) {
  const id = useId();
  // The pay step's rule: never ticked signed out or for an unconfirmed link sign-in (a fine is often paid for
  // someone else's account); signed in, the visitor's last answer, else yes.
  const who = useAtomValue(cardKeeperAtom);
  const lastChoice = useAtomValue(lastRememberChoiceAtom);
  const keepChoice = useSetAtom(rememberChoiceAtom);
  const [remember, setRemember] = useState(() => rememberDefault(who, lastChoice));
  // biome-ignore lint/correctness/useExhaustiveDependencies: the default again only when the visitor signs in or out
  useEffect(() => setRemember(rememberDefault(who, lastChoice)), [who]);
  // The flow sends what the box shows, the default included.
  // An unanswered link's account keeps nothing the visitor types (`mayKeepCard`).
  const sent = remember && mayKeepCard(who);
  useEffect(() => onRemember(sent), [sent, onRemember]);
  const busy = state.busy !== 'idle';
  const methods: readonly { method: PayMethod; label: string }[] = [
    { method: 'card', label: ft('fines.methodCard') },
    { method: 'hosted', label: ft('fines.methodHosted') },
  ];
  const waitsForCard = state.method === 'card' && !cardReady;
  const waitsForAmount = awaitsConfirm(state.amountChange);
  const hint = busy
    ? undefined
    : waitsForAmount
      ? ft('fines.hintConfirmAmount')
      : waitsForCard
        ? pt('pay.hintEnterCard')
        : undefined;
  return (
    <section className="card fines-pay" aria-labelledby={`${id}-title`} hidden={hidden}>
      <h2 id={`${id}-title`}>{ft('fines.chooseMethod')}</h2>
      <fieldset className="fines-methods" disabled={busy}>
        <legend className="visually-hidden">{ft('fines.chooseMethod')}</legend>
        {methods.map(({ method, label }) => (
          <label
            key={method}
            className={`pay-option fines-method${state.method === method ? ' pay-option--on' : ''}`}
            data-testid="fine-method"
            data-method={method}
          >
            <input
              type="radio"
              name={`${id}-method`}
              value={method}
              checked={state.method === method}
              onChange={() => onMethod(method)}
            />
            <span>{label}</span>
          </label>
        ))}
      </fieldset>
      {state.method === 'card' ? (
        <CardFrameStep
          provider={FINE_CARD_PROVIDER}
          {...(keptHolder === undefined ? {} : { keptHolder })}
          rememberOffer={rememberOffer(who)}
          remember={remember}
          onRemember={(next) => {
            setRemember(next);
            if (who === 'in') keepChoice(next);
          }}
          onReady={onCard}
        />
      ) : null}
      {state.amountChange === undefined ? null : (
        <AmountChangeNotice
          fine={state.fine}
          change={state.amountChange}
          disabled={busy}
          onConfirm={onConfirmAmount}
        />
      )}
      {offlineUnconfirmed ? (
        <p role="alert" className="error-text" data-testid="fine-pay-offline">
          {ft('fines.offlineUnconfirmed')}
        </p>
      ) : state.error !== undefined ? (
        <p role="alert" className="error-text" data-testid="fine-pay-error">
          {typeof state.error === 'string' ? state.error : <FineRefusal note={state.error} />}
        </p>
      ) : null}
      {/* Apart from the card's last field, and, while the card waits for the visitor, saying why it is dimmed
          (the pay step's hint, which its aria-describedby names). */}
      <div className="fines-pay-action">
        <Button
          variant="primary"
          block
          disabled={busy || waitsForCard || waitsForAmount}
          busy={state.busy === 'creatingOrder'}
          onClick={onPay}
          aria-describedby={hint === undefined ? undefined : `${id}-hint`}
          data-testid="fine-pay"
        >
          {ft('fines.pay')} <FineAmount fine={state.fine} testId="fine-pay-amount" />
        </Button>
        {hint === undefined ? null : (
          <p id={`${id}-hint`} className="pay-hint" data-testid="fine-pay-hint">
            {hint}
          </p>
        )}
      </div>
    </section>
  );
}
