import type { PayTargetRecord } from '@topup/contracts/entities';
import { LIMITS } from '@topup/contracts/limits';
import { useAtom, useAtomValue, useStore } from 'jotai';
import { atom } from 'jotai/vanilla';
import { useEffect, useRef, useState } from 'react';
import { t } from '../../i18n/t';
import { importFresh, LATE, within } from '../../platform/loadOnce';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { UserName } from '../../ui/UserName';
import { canConfirmSearch, normaliseSearch, SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH } from './searchRules';
import { isCurrent, type SearchFormKind, searchOf } from './searchState';
import { inlineTextAtom, searchEventAtom, targetSearchAtom } from './state';

/**
 * The check-and-choose code (choose.ts), a chunk of its own: fetched when the visitor starts on the search
 * (focus, a tap, a key), so it is there by the time they confirm. A failed fetch is forgotten, so confirming
 * again fetches it again.
 */
type ChooseCode = typeof import('./choose');
let choosing: Promise<ChooseCode> | undefined;
function loadChoose(): Promise<ChooseCode> {
  // A download that stalls is given up after an API call's time limit, as a failed one.
  choosing ??= within(
    importFresh(() => import('./choose')),
    LIMITS.apiMs,
  )
    .then((code) => {
      if (code === LATE) throw code;
      return code;
    })
    .catch((error: unknown) => {
      choosing = undefined;
      throw error;
    });
  return choosing;
}
const offline = () => typeof navigator !== 'undefined' && !navigator.onLine;

/** Starts fetching the check early; a failure shows when the visitor confirms. */
const prefetchChoose = () => void loadChoose().catch(() => undefined);

/** The search running now and its promise (true once its account is chosen), for a confirm of the same ID. */
const pendingSearch = atom<{ readonly seq: number; readonly chosen: Promise<boolean> } | undefined>(
  undefined,
);

/**
 * A search form's state: the field's text, and the app's one search (searchState.ts) as this form shows it. The
 * inline forms share their text, so a search the landing started is seen, with its ID, in the recharge list's
 * form; the sheet's form has its own, and closing it drops its search. One per form, shared by its earlier
 * accounts.
 */
export type TargetSearch = ReturnType<typeof useTargetSearch>;
export function useTargetSearch(form: SearchFormKind, onChosen: (() => void) | undefined) {
  const store = useStore();
  const [inlineText, setInlineText] = useAtom(inlineTextAtom);
  const [ownText, setOwnText] = useState('');
  const text = form === 'inline' ? inlineText : ownText;
  const setText = form === 'inline' ? setInlineText : setOwnText;
  // Busy while its search runs; the field's error and beside a refusal its way on (a note from the check's
  // chunk). A failure met offline keeps the id it was for: searched again once the connection is back.
  const { busy, failure, offlineId } = searchOf(useAtomValue(targetSearchAtom), form);
  useEffect(
    () => (form === 'dialog' ? () => void store.set(searchEventAtom, { type: 'close', form }) : undefined),
    [form, store],
  );
  /**
   * Checks `displayId`; true once it is chosen (false: refused, said at the field, or superseded). A confirm of
   * the ID already being searched waits for that search rather than asking again.
   */
  const search = (displayId: string): Promise<boolean> => {
    const now = store.get(targetSearchAtom);
    const pending = store.get(pendingSearch);
    if (now.status === 'searching' && now.id === displayId && pending?.seq === now.seq) return pending.chosen;
    const { seq } = store.set(searchEventAtom, { type: 'start', id: displayId, form });
    const wanted = () => isCurrent(store.get(targetSearchAtom), seq);
    const chosen = (async () => {
      // Offline, stalled, or a new version replaced the files: said so, and confirming again tries again. Offline
      // is said as the network's failure (as the check's own call says it), not as a part of the page missing.
      const choose = await loadChoose().catch(() => undefined);
      const refusal =
        choose === undefined
          ? { message: offline() ? t('app.networkError') : t('app.loadFailed') }
          : await choose.searchAndChoose(store, displayId, wanted);
      if (refusal === 'superseded' || !wanted()) return false;
      store.set(searchEventAtom, { type: 'answer', seq, refusal, offline: offline() });
      return refusal === undefined;
    })();
    store.set(pendingSearch, { seq, chosen });
    return chosen;
  };
  const run = async (displayId: string): Promise<boolean> => {
    const chosen = await search(displayId);
    if (chosen) onChosen?.();
    return chosen;
  };
  // Back online, a search that failed offline is made again by itself (unless the visitor has typed since,
  // which clears the failure); confirming again does the same sooner.
  const latestRun = useRef(run);
  latestRun.current = run;
  useEffect(() => {
    if (offlineId === undefined) return;
    const again = () => void latestRun.current(offlineId);
    addEventListener('online', again);
    return () => removeEventListener('online', again);
  }, [offlineId]);
  return {
    text,
    /** The visitor's typing: a search for another ID than this is no longer wanted, an error goes. */
    edit: (value: string) => {
      setText(value);
      store.set(searchEventAtom, { type: 'edit', form, text: value });
    },
    busy,
    failure,
    run,
    /** An earlier account, picked: its id in the field, then checked and chosen as if typed. */
    pick: (record: PayTargetRecord) => {
      setText(record.to_display_uid);
      void run(record.to_display_uid);
    },
  };
}

/** The search form with its state (the landing's inline form, the search dialog's). */
export function TargetSearchForm({
  form,
  onChosen,
  autoFocus = false,
  earlier = [],
}: {
  readonly form: SearchFormKind;
  readonly onChosen?: () => void;
  readonly autoFocus?: boolean;
  readonly earlier?: readonly PayTargetRecord[];
}) {
  return <SearchForm search={useTargetSearch(form, onChosen)} autoFocus={autoFocus} earlier={earlier} />;
}

/** The search form: digits only, confirm from 5 characters, each refusal shown with its message. */
export function SearchForm({
  search,
  autoFocus = false,
  earlier = [],
}: {
  readonly search: TargetSearch;
  readonly autoFocus?: boolean;
  readonly earlier?: readonly PayTargetRecord[];
}) {
  const { text, edit, busy, failure, run } = search;
  const submit = async () => {
    if (canConfirmSearch(text)) await run(text);
  };

  return (
    <form
      className="target-search"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      noValidate
    >
      <Field
        label={t('search.label')}
        value={text}
        onValueChange={(value) => edit(normaliseSearch(value))}
        numeric
        maxDigits={SEARCH_MAX_LENGTH}
        placeholder={t('search.placeholder')}
        // The length hint only while it applies, and never beside an error about the account.
        hint={
          failure === undefined && text.length < SEARCH_MIN_LENGTH
            ? t('search.minLength', { min: SEARCH_MIN_LENGTH })
            : undefined
        }
        error={failure?.message}
        data-testid="target-search-input"
        data-autofocus={autoFocus ? true : undefined}
        enterKeyHint="search"
        onFocus={prefetchChoose}
        onPointerDown={prefetchChoose}
        onKeyDown={prefetchChoose}
      />
      <Button
        type="submit"
        block
        disabled={!canConfirmSearch(text) || busy}
        busy={busy}
        data-testid="target-search-confirm"
      >
        {busy ? t('search.checking') : t('search.confirm')}
      </Button>
      {failure?.note}
      <EarlierTargets targets={earlier} onPick={search.pick} />
    </form>
  );
}

export function EarlierTargets({
  targets,
  onPick,
  current,
}: {
  readonly targets: readonly PayTargetRecord[];
  readonly onPick: (record: PayTargetRecord) => void;
  /** The account chosen now, marked in the list (the list stays after a choice). */
  readonly current?: number | undefined;
}) {
  if (targets.length === 0) return null;
  return (
    <section aria-labelledby="earlier-targets" className="earlier-targets">
      <h3 id="earlier-targets" className="section-title">
        {t('recharge.history')}
      </h3>
      <ul className="target-list" data-testid="earlier-targets">
        {targets.map((record) => (
          <li key={record.to_uid}>
            <button
              type="button"
              className="target-row"
              aria-current={record.to_uid === current ? 'true' : undefined}
              onPointerDown={prefetchChoose}
              onFocus={prefetchChoose}
              onClick={() => onPick(record)}
            >
              <Avatar src={record.to_icon} name={record.to_nickname} size="sm" />
              <span className="target-row-text">
                <UserName name={record.to_nickname} />
                <span className="target-id ltr" dir="ltr">
                  {record.to_display_uid}
                </span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
