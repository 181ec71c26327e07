import { useAtomValue, useStore } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { page } from '../../app/lazyPage';
import { Link, useLocation } from '../../app/routing';
import { t } from '../../i18n/t';
import { reopenedPaidAtom } from '../../payments/payHandOver';
import { payTargetAtom } from '../../payments/payTarget';
import { useHydrated } from '../../platform/hydration';
import { paymentReturnOf, readUrlArgs } from '../../platform/urlArgs';
import { urlSignInPendingAtom } from '../../session/session';
import { ClosableNotice } from '../../ui/ClosableNotice';
import { LoadBoundary } from '../../ui/LoadBoundary';
import { Skeleton } from '../../ui/Loading';
import type { ReturnNotice } from '../pay';
import { useChargeList } from './load';
import { PaidAgainNotice } from './PaidAgainNotice';
import { TargetCard } from './TargetCard';

/**
 * The packages, methods and pay bar, a chunk of their own; a visit that starts here loads it before its first
 * render (app/router.tsx's `firstRenderOf`), as the build's page of the route drew it.
 */
export const ChargePanel = page(
  'src/features/recharge/ChargePanel.tsx',
  () => import('./ChargePanel'),
  false,
  <Skeleton kind="packages" />,
);

/**
 * /recharge-list (and /pay, /recharge): pay targets, then the chosen target's packages and methods. On /recharge-list a return from
 * a payment is handed over to the pay feature (`returnFromPayment`) before the page initialises.
 */
export default function RechargePage({
  handlesPaymentReturn = false,
}: {
  readonly handlesPaymentReturn?: boolean;
}) {
  const store = useStore();
  const location = useLocation();
  const target = useAtomValue(payTargetAtom);
  const signingIn = useAtomValue(urlSignInPendingAtom);
  const hydrated = useHydrated();
  const [returning, setReturning] = useState(() =>
    handlesPaymentReturn ? paymentReturnOf(readUrlArgs(location.search, location.hash)) !== undefined : false,
  );
  /** What a return with no pay step to show it on ended as (no such order, say), above the list. */
  const [returnNotice, setReturnNotice] = useState<ReturnNotice | undefined>(undefined);
  /** A paid pay step opened again, sent here: its order, said above the list (taken once). */
  const [paidAgain, setPaidAgain] = useState(() => store.get(reopenedPaidAtom));
  useEffect(() => store.set(reopenedPaidAtom, undefined), [store]);
  const heading = useRef<HTMLHeadingElement>(null);
  /** The notice closed: focus, on its close button until now, goes to the page's heading it follows. */
  const closeNotice = () => {
    setReturnNotice(undefined);
    setPaidAgain(undefined);
    heading.current?.focus();
  };

  useEffect(() => {
    if (!returning) return;
    const payment = paymentReturnOf(readUrlArgs(location.search, location.hash));
    if (payment === undefined) return setReturning(false);
    // The pay feature's code, fetched beside the entry for such a URL (the start script's plan).
    void import('../pay')
      .then((code) => code.returnFromPayment(payment, store))
      .then(setReturnNotice)
      .finally(() => setReturning(false));
  }, [returning, location.search, location.hash, store]);

  // The target's packages, else (no ID yet, no sign-in on its way) those offered whoever the target is; asked
  // again when the account signed in changes.
  const uid = target?.uid;
  useChargeList(uid, returning || (uid === undefined && signingIn));

  return (
    <div className="recharge-page">
      <h1 ref={heading} tabIndex={-1}>
        {t('recharge.heading')}
      </h1>
      {/* Same text and style as the static first paint in index.html, so React's paint is not a new LCP. */}
      <p className="lead">{t('recharge.lead')}</p>
      {/* A return's result has its room while it is checked, from the first paint (index.html marks such a visit,
          which shows the build's copy, ui.css), and is said in the same notice: nothing below moves when it comes.
          The notice alone says the check is on (no loading box over the page says it twice); the packages wait
          for its end, so nothing can be paid meanwhile. */}
      {handlesPaymentReturn && (returning || !hydrated) ? (
        <ClosableNotice
          tone="info"
          role="status"
          testId="payment-return-checking"
          className={hydrated ? 'notice-return' : 'notice-return notice-return--built'}
        >
          {t('recharge.paymentReturn')}
        </ClosableNotice>
      ) : returnNotice === undefined ? null : (
        <ClosableNotice
          tone={returnNotice.tone}
          role="alert"
          testId="payment-return-notice"
          className="notice-return"
          onClose={closeNotice}
        >
          {returnNotice.text}
        </ClosableNotice>
      )}
      {paidAgain === undefined ? null : <PaidAgainNotice paid={paidAgain} onClose={closeNotice} />}
      <TargetCard />
      {target === undefined && signingIn ? (
        // A sign-in from the URL brings the signed-in user's packages: their skeleton from the start.
        <Skeleton kind="packages" />
      ) : (
        <LoadBoundary>
          <ChargePanel uid={uid} />
        </LoadBoundary>
      )}
      <p className="faq-link">
        <Link to="/feedback">{t('recharge.faq')}</Link>
      </p>
    </div>
  );
}
