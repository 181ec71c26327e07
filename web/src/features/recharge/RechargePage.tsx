import { useAtomValue, useStore } from 'jotai';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from '../../app/routing';
import { formatCount, formatUsd, t } from '../../i18n/t';
import { payIntentSearch } from '../../platform/payIntent';
import { paymentReturnOf, readUrlArgs } from '../../platform/urlArgs';
import { sessionAtom } from '../../session/session';
import { Button } from '../../ui/Button';
import { LoadingOverlay, PageSpinner } from '../../ui/Loading';
import { loadChargeList, syncHistory } from './load';
import { MethodList } from './MethodList';
import { PackageGrid } from './PackageGrid';
import { onPaymentReturn } from './paymentReturn';
import { chargeListAtom, payTargetAtom, selectedMethodAtom, selectedPackageAtom } from './state';
import { TargetCard } from './TargetCard';

/**
 * /recharge-list (and /pay, /recharge): pay targets, packages and methods. On /recharge-list a return from
 * a payment is handed over to `onPaymentReturn` before the page initialises.
 */
export default function RechargePage({
  handlesPaymentReturn = false,
}: {
  readonly handlesPaymentReturn?: boolean;
}) {
  const store = useStore();
  const location = useLocation();
  const navigate = useNavigate();
  const target = useAtomValue(payTargetAtom);
  const session = useAtomValue(sessionAtom);
  const chargeList = useAtomValue(chargeListAtom);
  const selected = useAtomValue(selectedPackageAtom);
  const method = useAtomValue(selectedMethodAtom);
  const [returning, setReturning] = useState(() =>
    handlesPaymentReturn ? paymentReturnOf(readUrlArgs(location.search, location.hash)) !== undefined : false,
  );

  useEffect(() => {
    if (!returning) return;
    const payment = paymentReturnOf(readUrlArgs(location.search, location.hash));
    if (payment === undefined) return setReturning(false);
    void onPaymentReturn(payment, { store }).finally(() => setReturning(false));
  }, [returning, location.search, location.hash, store]);

  useEffect(() => {
    if (returning || target === undefined) return;
    void loadChargeList(store, target.uid);
  }, [returning, target, store]);

  useEffect(() => {
    if (session !== undefined) void syncHistory(store);
  }, [session, store]);

  const pay = () => {
    if (target === undefined || selected === undefined || method === undefined) return;
    navigate({
      pathname: '/pay-step',
      search: payIntentSearch(
        { recharge_id: method.rechargeId, pay_type: method.payType, to_uid: target.uid },
        location.search,
      ),
    });
  };

  const loading = chargeList.status === 'loading';
  return (
    <div className="recharge-page">
      <h1>{t('recharge.heading')}</h1>
      {/* Same text and style as the static first paint in index.html, so React's paint is not a new LCP. */}
      <p className="lead">{t('recharge.lead')}</p>
      {returning ? <LoadingOverlay text={t('recharge.paymentReturn')} /> : null}
      <TargetCard />
      {target !== undefined ? (
        <section className="card" aria-busy={loading} aria-label={t('recharge.packages')}>
          {loading ? <PageSpinner /> : null}
          {chargeList.status === 'failed' ? (
            <div className="notice notice-error" role="alert">
              <p>
                {t('recharge.loadFailed')}: {chargeList.message}
              </p>
              <Button variant="secondary" onClick={() => void loadChargeList(store, target.uid, true)}>
                {t('app.retry')}
              </Button>
            </div>
          ) : null}
          {chargeList.status === 'loaded' ? (
            <>
              <PackageGrid />
              <MethodList />
            </>
          ) : null}
          {session === undefined ? (
            <p className="muted">
              <Link to={{ pathname: '/login', search: location.search }}>{t('recharge.signInForMore')}</Link>
            </p>
          ) : null}
        </section>
      ) : null}
      {target !== undefined && selected !== undefined ? (
        <div className="pay-bar" data-testid="pay-bar">
          <div className="pay-bar-total">
            <span className="muted">{t('recharge.total')}</span>{' '}
            <strong dir="ltr" className="ltr" data-testid="pay-total">
              {formatUsd(selected.amount)}
            </strong>{' '}
            <span className="muted">{t('recharge.coins', { coins: formatCount(selected.coin) })}</span>
          </div>
          <Button onClick={pay} disabled={method === undefined} data-testid="pay-now">
            {t('recharge.payNow')}
          </Button>
        </div>
      ) : null}
      <p className="faq-link">
        <Link to="/feedback">{t('recharge.faq')}</Link>
      </p>
    </div>
  );
}
