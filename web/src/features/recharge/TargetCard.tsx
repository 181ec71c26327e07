import type { PayTargetRecord } from '@topup/contracts/entities';
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { lazy, useEffect, useId, useRef, useState } from 'react';
import { t } from '../../i18n/t';
import { payTargetAtom } from '../../payments/payTarget';
import { RefusalNote } from '../../payments/RefusalNote';
import { topUpRequestAtom } from '../../payments/topUpRequest';
import { useHydrated } from '../../platform/hydration';
import {
  inNativeApp,
  linkUnacknowledgedAtom,
  sessionAtom,
  urlSignInPendingAtom,
} from '../../session/session';
import { Avatar } from '../../ui/Avatar';
import { OnDemand } from '../../ui/OnDemand';
import { UserName } from '../../ui/UserName';
import { earlierTargets, targetDisplayMode } from './history';
import { historyAtom, inlineSearchAtom, targetLivingNoteAtom } from './state';
import { EarlierTargets, SearchForm, useTargetSearch } from './TargetSearch';
import { useTargetConfirm } from './useTargetConfirm';

const SearchDialog = lazy(() => import('./SearchDialog'));

/** Who is topped up: the chosen target with its avatar and nickname, or the search form (modes of SPEC §2). */
export function TargetCard() {
  const target = useAtomValue(payTargetAtom);
  const living = useAtomValue(targetLivingNoteAtom);
  const history = useAtomValue(historyAtom);
  const session = useAtomValue(sessionAtom);
  const signingIn = useAtomValue(urlSignInPendingAtom);
  const linkUnanswered = useAtomValue(linkUnacknowledgedAtom);
  const [searching, setSearching] = useState(false);
  // The history is this browser's: the build's page has none, so it is drawn once React has that page.
  const hydrated = useHydrated();
  const earlier = hydrated ? earlierTargets(history, session?.user.uid) : [];
  const mode = targetDisplayMode(target !== undefined, earlier.length);
  // A stored target is named once the server has (useTargetConfirm); meanwhile its row has placeholders.
  const { confirm, retry } = useTargetConfirm();
  const named = confirm.status === 'confirmed';
  const shown = target !== undefined ? (named ? 'target' : 'unconfirmed') : signingIn ? 'pending' : 'form';
  // An account chosen in the inline form hides that form (inert), which drops the focus to the page: it goes
  // to the row's "change" instead, as when the dialog closes, unless the visitor has moved it elsewhere since.
  const entryRef = useRef<HTMLDivElement>(null);
  const changeRef = useRef<HTMLButtonElement>(null);
  const targetTextId = useId();
  const [chosenInline, setChosenInline] = useState(false);
  const search = useTargetSearch('inline', () => setChosenInline(true));
  // "Pay now" checks an ID typed here but not searched (ChargePanel.tsx), through this form: the same rules,
  // its busy button, its error at the field. Offered while the form is the one on screen.
  const latestSearch = useRef(search);
  latestSearch.current = search;
  const setInlineSearch = useSetAtom(inlineSearchAtom);
  // An account sent here to be topped up (a paid fine's account, unbanned): its id in the form and searched as
  // if typed, so the server's word now chooses it (never the ban an earlier search of it met). Taken once.
  const store = useStore();
  useEffect(() => {
    const displayId = store.get(topUpRequestAtom);
    if (displayId === undefined) return;
    store.set(topUpRequestAtom, undefined);
    latestSearch.current.edit(displayId);
    void latestSearch.current.run(displayId);
  }, [store]);
  useEffect(() => {
    if (shown !== 'form') return;
    setInlineSearch({
      text: () => latestSearch.current.text,
      run: (displayId) => latestSearch.current.run(displayId),
    });
    return () => setInlineSearch(undefined);
  }, [shown, setInlineSearch]);
  // The earlier accounts as the form showed them, kept (in that order) once an account is chosen, from them or
  // the form: the list and the packages below it stay under the finger, and a second tap lands on what was
  // seen there. A visit that starts with an account chosen has no list beside it ("change" offers it).
  const [kept, setKept] = useState<readonly PayTargetRecord[]>([]);
  if (shown === 'form' && !sameAccounts(kept, earlier)) setKept(earlier);
  useEffect(() => {
    if (!chosenInline || shown !== 'target') return;
    setChosenInline(false);
    const active = document.activeElement;
    if (active === null || active === document.body || entryRef.current?.contains(active)) {
      changeRef.current?.focus();
    }
  }, [chosenInline, shown]);

  return (
    <section
      className="card target-card"
      aria-labelledby="target-heading"
      data-testid="target-card"
      data-mode={mode}
    >
      <h2 id="target-heading">{t('recharge.target')}</h2>
      {/*
        The search form and the account it finds share one box (.target-slot): the account's row is drawn
        over the form's place, which it keeps, so the packages below do not move when the account appears
        (a tap aimed at one then lands on it). The form stays mounted under the row, hidden and inert.
      */}
      <div className="target-slot">
        <div className="target-entry" inert={shown !== 'form'} data-testid="target-entry" ref={entryRef}>
          <SearchForm search={search} />
        </div>
        {shown === 'pending' ? (
          <PendingTarget
            badge={(session === undefined && !inNativeApp()) || linkUnanswered ? 'link' : 'own'}
          />
        ) : null}
        {shown === 'unconfirmed' ? <PendingTarget badge={undefined} /> : null}
        {shown === 'target' && target !== undefined ? (
          <div className="target-current">
            <Avatar src={target.icon} name={target.nickname} />
            <div className="target-text" id={targetTextId}>
              <p className="target-name">
                <UserName name={target.nickname} testId="target-nickname" />
                {target.own ? <span className="badge">{t('recharge.own')}</span> : null}
                {/* Not "my account" until the visitor says so in the link notice. */}
                {target.linkAccount ? (
                  <span className="badge badge-warn" data-testid="target-link-account">
                    {t('recharge.linkAccount')}
                  </span>
                ) : null}
              </p>
              <p className="target-id">
                {t('recharge.idLabel')}:{' '}
                <span dir="ltr" className="ltr" data-testid="target-display-id">
                  {target.displayUid}
                </span>
              </p>
            </div>
            <button
              type="button"
              className="btn btn-ghost target-change"
              onClick={() => setSearching(true)}
              aria-haspopup="dialog"
              aria-describedby={targetTextId}
              ref={changeRef}
              data-testid="target-change"
            >
              {t('recharge.changeTarget')}
            </button>
          </div>
        ) : null}
      </div>
      <EarlierTargets targets={kept} onPick={search.pick} current={target?.uid} />
      {/* An earlier account refused while another is chosen: the form that says so is under the row. */}
      {shown === 'target' && search.failure !== undefined ? (
        <p className="field-error" role="alert" data-testid="earlier-target-error">
          {search.failure.message}
        </p>
      ) : null}
      {confirm.status === 'refused' ? (
        <div data-testid="target-refused">
          <p className="field-error" role="alert">
            {confirm.message}
          </p>
          {confirm.refusal !== undefined ? (
            <RefusalNote result={confirm.refusal.result} displayId={confirm.refusal.displayUid} />
          ) : null}
          <button type="button" className="btn btn-ghost" onClick={() => setSearching(true)}>
            {t('recharge.changeTarget')}
          </button>
        </div>
      ) : null}
      {confirm.status === 'failed' ? (
        <div data-testid="target-check-failed">
          <p className="field-error" role="alert">
            {t('recharge.targetCheckFailed')}
          </p>
          <button type="button" className="btn btn-ghost" onClick={retry}>
            {t('app.retry')}
          </button>
        </div>
      ) : null}
      {living !== undefined ? (
        <p className="notice" role="status">
          {living}
        </p>
      ) : null}
      <OnDemand when={searching}>
        <SearchDialog open={searching} onClose={() => setSearching(false)} earlier={earlier} />
      </OnDemand>
    </section>
  );
}

/**
 * While a sign-in from the URL is checked: the signed-in user's row (the target it brings, the own badge)
 * with placeholders for the name and id, the same boxes, so the row that replaces it moves nothing. So too
 * while a stored target is asked of the server (no badge: it is not the visitor's own).
 */
function PendingTarget({ badge }: { readonly badge: 'own' | 'link' | undefined }) {
  return (
    <div className="target-current" data-testid="target-pending" aria-busy="true">
      <Avatar src="" name="" />
      <div className="target-text">
        <p className="target-name">
          <bdi className="user-name skeleton skeleton-inline">{'\u00a0'}</bdi>
          {/* A link's account signing a signed-out browser visitor in arrives as the link's, not "my account"
              (inside the native app, where such a link is the app's hand-over, it is theirs). */}
          {badge === 'link' ? (
            <span className="badge badge-warn">{t('recharge.linkAccount')}</span>
          ) : badge === 'own' ? (
            <span className="badge">{t('recharge.own')}</span>
          ) : null}
        </p>
        <p className="muted">
          {t('recharge.idLabel')}: <span className="ltr skeleton skeleton-inline">{'\u00a0'}</span>
        </p>
      </div>
      <button type="button" className="btn btn-ghost target-change" disabled>
        {t('recharge.changeTarget')}
      </button>
    </div>
  );
}

const sameAccounts = (a: readonly PayTargetRecord[], b: readonly PayTargetRecord[]): boolean =>
  a.length === b.length && a.every((record, i) => record.to_uid === b[i]?.to_uid);
