import { useAtomValue, useStore } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { loadFailureText } from '../../api/loadFailure';
import { hrefOf, useLocation, useNavigate } from '../../app/routing';
import { tCharge } from '../../i18n/charge';
import { formatCount, formatUsd } from '../../i18n/format';
import { t } from '../../i18n/t';
import { openedFromListState } from '../../payments/payHandOver';
import { payIntentSearch } from '../../platform/payIntent';
import { sessionAtom } from '../../session/session';
import { Button } from '../../ui/Button';
import { Skeleton } from '../../ui/Loading';
import { pickedPayTypeAtom, selectedMethodAtom, selectedPackageAtom } from './chargeState';
import { syncHistory } from './historySync';
import { loadChargeList } from './load';
import { MethodList } from './MethodList';
import { PackageGrid, RiyalEquivalent } from './PackageGrid';
import { canConfirmSearch } from './searchRules';
import {
  chargeListAtom,
  type InlineSearch,
  inlineSearchAtom,
  searchFailedAtom,
  shownChargeListAtom,
} from './state';

/**
 * The packages, methods and pay bar: a chosen target's, else (before an ID) those offered whoever the target
 * is, so prices show from the first visit. A chunk of its own: a returning visitor's copy
 * arrives while the charge list is still on its way.
 */
export default function ChargePanel({ uid }: { readonly uid: number | undefined }) {
  const store = useStore();
  const location = useLocation();
  const navigate = useNavigate();
  const session = useAtomValue(sessionAtom);
  const chargeList = useAtomValue(chargeListAtom);
  const selected = useAtomValue(selectedPackageAtom);
  const method = useAtomValue(selectedMethodAtom);
  // Under a search's refusal nothing can be paid: no pay bar (its button would be a dead end).
  const searchFailed = useAtomValue(searchFailedAtom);
  // "Pay now" before an ID: said beside the button, and the ID field (above) takes the focus.
  const [askId, setAskId] = useState(false);
  useEffect(() => {
    if (uid !== undefined) setAskId(false);
  }, [uid]);

  useEffect(() => {
    if (session !== undefined) void syncHistory(store);
  }, [session, store]);

  // "Pay now" with an ID typed but not searched: it is checked as the search checks it (the form's rules, its
  // messages at the field), and once the server has named the account and its packages are here, the visitor
  // goes on to pay, the package and method they picked still theirs. Meanwhile the button says it is working.
  const inlineSearch = useAtomValue(inlineSearchAtom);
  const [lookingUp, setLookingUp] = useState(false);
  const [continuing, setContinuing] = useState<{ readonly payType: number | undefined }>();
  const focusIdField = () => {
    const field = document.querySelector<HTMLInputElement>('[data-testid="target-search-input"]');
    field?.focus();
    field?.scrollIntoView({ block: 'center' });
  };
  const lookUp = async (search: InlineSearch, displayId: string) => {
    setAskId(false);
    setLookingUp(true);
    const payType = store.get(pickedPayTypeAtom);
    const chosen = await search.run(displayId);
    setLookingUp(false);
    if (!chosen) return focusIdField();
    setContinuing({ payType });
  };

  // Set once "pay now" has sent the visitor on: a second press before the pay step has the screen (a double
  // tap's or a double click's) opens nothing more (one pay step in the history, nothing done twice).
  const leaving = useRef(false);
  const pay = () => {
    if (leaving.current || lookingUp || selected === undefined || method === undefined) return;
    if (uid === undefined) {
      const typed = inlineSearch?.text() ?? '';
      if (inlineSearch !== undefined && canConfirmSearch(typed)) return void lookUp(inlineSearch, typed);
      setAskId(true);
      focusIdField();
      return;
    }
    leaving.current = true;
    navigate(
      {
        pathname: '/pay-step',
        search: payIntentSearch(
          { recharge_id: method.rechargeId, pay_type: method.payType, to_uid: uid },
          location.search,
        ),
      },
      { state: openedFromListState },
    );
  };

  // The account looked up for "pay now" is chosen: once its packages are here, on to pay if the package and
  // the method picked are still offered for it (else the visitor sees its list, their choice to make again).
  const payNow = useRef(pay);
  payNow.current = pay;
  useEffect(() => {
    if (continuing === undefined || uid === undefined) return;
    if (chargeList.status === 'idle' || chargeList.status === 'loading' || chargeList.uid !== uid) return;
    setContinuing(undefined);
    if (chargeList.status !== 'loaded') return;
    if (continuing.payType !== undefined && continuing.payType !== method?.payType) return;
    payNow.current();
  }, [continuing, uid, chargeList, method]);

  // Idle is the first render's state (the build's page too), before the page's effect asks for the list: its
  // skeleton is drawn from the start, so the footer below does not move when the loading begins. A list
  // loading for a newly chosen target keeps the one before it on screen (and under the visitor's finger).
  const loading = chargeList.status === 'loading' || chargeList.status === 'idle';
  const shown = useAtomValue(shownChargeListAtom);
  // The packages, the methods and "pay now" are one form: its submit is "pay now", so Enter on a chosen package
  // or method pays as the button does (the platform's implicit submission; its default button is "pay now").
  return (
    <form
      className="charge-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        pay();
      }}
    >
      <section className="card charge-panel" aria-busy={loading} aria-label={tCharge('recharge.packages')}>
        {loading && shown === undefined ? <Skeleton kind="packages" /> : null}
        {chargeList.status === 'failed' ? (
          <div className="notice notice-error" role="alert">
            <p>
              {tCharge('recharge.loadFailed')}: {loadFailureText(chargeList, chargeList.online)}
            </p>
            <Button variant="secondary" onClick={() => void loadChargeList(store, uid, true)}>
              {t('app.retry')}
            </Button>
          </div>
        ) : null}
        {shown !== undefined && chargeList.status !== 'failed' ? (
          <>
            <PackageGrid />
            <p className="muted price-note">{tCharge('recharge.sarNote')}</p>
            <MethodList />
          </>
        ) : null}
        {session === undefined ? (
          <p className="muted">
            {/* A full page load: /login's policy (the sign-in SDKs) is a document of its own. */}
            <a href={hrefOf({ pathname: '/login', search: location.search })}>
              {tCharge('recharge.signInForMore')}
            </a>
          </p>
        ) : null}
      </section>
      {selected !== undefined && !searchFailed ? (
        <div className="pay-bar" data-testid="pay-bar">
          <div className="pay-bar-total">
            <span className="muted">{tCharge('recharge.total')}</span>{' '}
            <strong dir="ltr" className="ltr" data-testid="pay-total">
              {formatUsd(selected.amount)}
            </strong>{' '}
            <RiyalEquivalent usd={selected.amount} testId="pay-total-riyal" />{' '}
            <span className="muted">{tCharge('recharge.coins', { coins: formatCount(selected.coin) })}</span>
            {askId ? (
              <p className="pay-bar-ask" role="alert" data-testid="pay-ask-id">
                {tCharge('recharge.enterIdFirst')}
              </p>
            ) : null}
          </div>
          <Button
            type="submit"
            disabled={method === undefined}
            busy={lookingUp || continuing !== undefined}
            data-testid="pay-now"
          >
            {tCharge('recharge.payNow')}
          </Button>
        </div>
      ) : null}
    </form>
  );
}
