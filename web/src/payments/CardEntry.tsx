import type { SavedCard } from '@topup/contracts';
import {
  type ComponentType,
  startTransition,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { pt } from '../i18n/pay';
import { SchemeMarks } from '../ui/PaymentMarks';
import '../ui/payment.css';
import { loadCardFields, loadCvvField } from './providers/adapters';
import { cleanHolderName, validateHolder } from './providers/card/validation';
import type {
  CardFieldsProps,
  CardFieldsValidity,
  CardProvider,
  CvvFieldProps,
  Submitted,
  TokenisedCard,
  TokenisedCvv,
} from './providers/types';
import type { RememberOffer } from './rememberCard';

type Loaded<T> =
  | { status: 'loading' }
  | { status: 'ready'; Component: ComponentType<T> }
  | { status: 'failed'; retry: () => void };

/**
 * The provider's fields, loaded for this step. A load that fails (offline, a dropped download) says so with a
 * retry, and is tried again by itself once the browser is back online: the step is never left without its
 * fields and no way to get them but to leave it.
 */
function useAdapter<T>(load: () => Promise<ComponentType<T>>, key: string): Loaded<T> {
  const [state, setState] = useState<Loaded<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reloads when the provider changes or on a retry
  useEffect(() => {
    let live = true;
    const retry = () => {
      if (live) setAttempt((n) => n + 1);
    };
    // Already loading (the first load): no second render of the card entry for the same state.
    setState((now) => (now.status === 'loading' ? now : { status: 'loading' }));
    // The provider's fields are drawn in a transition: the main thread is yielded while they render.
    const settle = (next: Loaded<T>) => live && startTransition(() => setState(next));
    // Noted from the start of the load: a connection back while the download was still on its way has no
    // `online` left to wait for once the download fails, so that load is tried again at once (once: this
    // load's retry listens afresh), and a failed one waits for the next `online`.
    let backOnline = false;
    const noteOnline = () => {
      backOnline = true;
    };
    window.addEventListener('online', noteOnline);
    load().then(
      (Component) => {
        window.removeEventListener('online', noteOnline);
        settle({ status: 'ready', Component });
      },
      () => {
        window.removeEventListener('online', noteOnline);
        if (!live) return;
        if (backOnline) return retry();
        settle({ status: 'failed', retry });
        window.addEventListener('online', retry, { once: true });
      },
    );
    return () => {
      live = false;
      window.removeEventListener('online', noteOnline);
      window.removeEventListener('online', retry);
    };
  }, [key, attempt]);
  return state;
}

/** What a failed load of the provider's fields shows: what happened, and the retry. */
function FieldsFailed({ retry }: { readonly retry: () => void }) {
  return (
    <div className="pay-fields-failed">
      <p role="alert" className="error-text">
        {pt('pay.cardFieldsFailed')}
      </p>
      <button type="button" className="btn btn-secondary" onClick={retry}>
        {pt('pay.retry')}
      </button>
    </div>
  );
}

/** The fields' validity before they report any. */
const NOT_REPORTED: CardFieldsValidity = { valid: false, messages: [] };

/**
 * The visitor changed the entry (`onEdit`): an input event from the page's own fields (the holder name, the mock
 * provider's), or, from a provider's frame the page cannot hear typing in, the validity it reports turning
 * after its first report.
 */
function useEdits(validity: CardFieldsValidity, onEdit: (() => void) | undefined): () => void {
  const last = useRef<boolean | undefined>(undefined);
  useEffect(() => {
    if (validity === NOT_REPORTED) return;
    const was = last.current;
    last.current = validity.valid;
    if (was !== undefined && was !== validity.valid) onEdit?.();
  }, [validity, onEdit]);
  return useCallback(() => onEdit?.(), [onEdit]);
}

export type CardSubmit = () => Promise<Submitted<TokenisedCard>>;

/** Step 3: the provider's card fields (loaded only now), the app's holder name and the remember choice. */
export function CardFrameStep({
  provider,
  rememberOffer,
  remember,
  onRemember,
  onReady,
  enterKeyHint,
  onEnter,
  onEdit,
  keptHolder = '',
  onHolder,
  onHolderMissing,
}: {
  readonly provider: CardProvider;
  /** The holder name the fields start with (a name kept from the card before, `StepState.keepHolder`). */
  readonly keptHolder?: string;
  /** The holder name as typed, from the start, so a host can keep it for the next card fields. */
  readonly onHolder?: ((holder: string) => void) | undefined;
  /** Whether the card is complete and only the holder name keeps the step from being ready. */
  readonly onHolderMissing?: ((missing: boolean) => void) | undefined;
  /** The visitor changed what they typed (`useEdits`). */
  readonly onEdit?: (() => void) | undefined;
  /** Enter in fields the provider draws in its own frames (`CardFieldsProps.onEnter`). */
  readonly onEnter?: (() => void) | undefined;
  /** The phone keyboard's Enter on the holder name, the last field, where Enter submits the host's form. */
  readonly enterKeyHint?: 'go';
  /** What is shown of the save-card choice (`rememberOffer`: nothing signed out, a sentence for an unanswered link). */
  readonly rememberOffer: RememberOffer;
  readonly remember: boolean;
  readonly onRemember: (remember: boolean) => void;
  readonly onReady: (submit: { submit: CardSubmit; holderName: string } | undefined) => void;
}) {
  const id = useId();
  const fields = useAdapter<CardFieldsProps>(() => loadCardFields(provider), String(provider));
  const [holder, setHolder] = useState(keptHolder);
  const [holderTouched, setHolderTouched] = useState(false);
  const [validity, setValidity] = useState<CardFieldsValidity>(NOT_REPORTED);
  const [submit, setSubmit] = useState<CardSubmit | undefined>(undefined);
  const holderCheck = validateHolder(holder);
  const bindSubmit = useCallback((fn: CardSubmit | undefined) => setSubmit(() => fn), []);
  const cleaned = cleanHolderName(holder).trim();
  const edited = useEdits(validity, onEdit);

  useEffect(() => {
    onReady(
      validity.valid && holderCheck.ok && submit !== undefined ? { submit, holderName: cleaned } : undefined,
    );
  }, [validity.valid, holderCheck.ok, submit, cleaned, onReady]);
  useEffect(() => onHolder?.(holder), [holder, onHolder]);
  useEffect(
    () => onHolderMissing?.(validity.valid && !holderCheck.ok),
    [validity.valid, holderCheck.ok, onHolderMissing],
  );

  // Each message sits under the field it is about: the card's under the card fields, the name's under the name.
  const holderMessage = holderTouched && !holderCheck.ok ? holderCheck.message : undefined;
  return (
    <div className="pay-card-entry" data-testid="card-frame" onInput={edited}>
      <SchemeMarks schemes={provider === 17 ? ['visa', 'mastercard'] : ['mada', 'visa', 'mastercard']} />
      {/* The fields' box from the start, so the provider's fields, when they arrive, move nothing below. */}
      <div className="pay-card-fields">
        {fields.status === 'loading' ? <p role="status">{pt('pay.cardFieldsLoading')}</p> : null}
        {fields.status === 'failed' ? <FieldsFailed retry={fields.retry} /> : null}
        {fields.status === 'ready' ? (
          <fields.Component
            provider={provider}
            holderName={cleaned}
            onValidity={setValidity}
            bindSubmit={bindSubmit}
            onEnter={onEnter}
          />
        ) : null}
      </div>
      <div role="alert" className="pay-messages" data-testid="card-messages">
        {validity.messages.map((message) => (
          <p key={message} className="error-text">
            {message}
          </p>
        ))}
      </div>
      <label htmlFor={`${id}-holder`}>{pt('pay.holderName')}</label>
      <input
        id={`${id}-holder`}
        autoComplete="cc-name"
        dir="auto"
        maxLength={300}
        enterKeyHint={enterKeyHint}
        value={holder}
        aria-invalid={holderMessage !== undefined}
        aria-describedby={`${id}-holder-error`}
        onChange={(e) => setHolder(cleanHolderName(e.target.value))}
        onBlur={() => setHolderTouched(true)}
      />
      <div role="alert" id={`${id}-holder-error`} className="pay-messages" data-testid="holder-message">
        {holderMessage === undefined ? null : <p className="error-text">{holderMessage}</p>}
      </div>
      {rememberOffer === 'offered' ? (
        <label className="pay-check">
          <input type="checkbox" checked={remember} onChange={(e) => onRemember(e.target.checked)} />
          <span>{pt('pay.rememberCard')}</span>
        </label>
      ) : rememberOffer === 'confirmFirst' ? (
        <p className="muted" data-testid="remember-confirm-first">
          {pt('pay.rememberConfirmFirst')}
        </p>
      ) : null}
    </div>
  );
}

export type CvvSubmit = () => Promise<Submitted<TokenisedCvv>>;

/** Steps 4 and 5: a saved card's CVV, tokenised by the provider. */
export function CvvStep({
  provider,
  card,
  label,
  onReady,
  onEnter,
  onEdit,
}: {
  readonly provider: CardProvider;
  readonly card: SavedCard;
  /** The visitor changed the CVV they typed (`useEdits`). */
  readonly onEdit?: (() => void) | undefined;
  /** Enter in a field the provider draws in its own frame (`CvvFieldProps.onEnter`). */
  readonly onEnter?: (() => void) | undefined;
  readonly label: string;
  readonly onReady: (submit: CvvSubmit | undefined) => void;
}) {
  const field = useAdapter<CvvFieldProps>(() => loadCvvField(provider), String(provider));
  const stored = useMemo(
    () => ({
      sourceId: card.source_id,
      last4: card.last4,
      scheme: card.scheme,
      validDate: card.card_valid_date,
    }),
    [card.source_id, card.last4, card.scheme, card.card_valid_date],
  );
  const [validity, setValidity] = useState<CardFieldsValidity>(NOT_REPORTED);
  const [submit, setSubmit] = useState<CvvSubmit | undefined>(undefined);
  const bindSubmit = useCallback((fn: CvvSubmit | undefined) => setSubmit(() => fn), []);
  useEffect(() => onReady(validity.valid ? submit : undefined), [validity.valid, submit, onReady]);
  const edited = useEdits(validity, onEdit);
  return (
    <div className="pay-cvv" data-testid="cvv-step" onInput={edited}>
      <p>
        <bdi dir="ltr">{label}</bdi>
      </p>
      {field.status === 'loading' ? <p role="status">{pt('pay.cardFieldsLoading')}</p> : null}
      {field.status === 'ready' ? (
        <field.Component
          provider={provider}
          card={stored}
          onValidity={setValidity}
          bindSubmit={bindSubmit}
          onEnter={onEnter}
        />
      ) : null}
      {field.status === 'failed' ? <FieldsFailed retry={field.retry} /> : null}
      <div role="alert" className="pay-messages">
        {validity.messages.map((message) => (
          <p key={message} className="error-text">
            {message}
          </p>
        ))}
      </div>
    </div>
  );
}
