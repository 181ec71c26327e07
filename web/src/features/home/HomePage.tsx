import { useAtomValue } from 'jotai';
import { Link, useLocation, useNavigate } from '../../app/routing';
import { tInfo } from '../../i18n/info';
import { pkgInfoAtom, storeLinksOf } from '../../platform/config';
import { readUrlArgs } from '../../platform/urlArgs';
import { safeHref } from '../../security/navigation';
import { SchemeMarks } from '../../ui/PaymentMarks';

const TABS = [
  { id: '1', label: 'home.tab1', lead: 'home.tab1.lead' },
  { id: '2', label: 'home.tab2', lead: 'home.tab2.lead' },
] as const;

/** Store links come from the server's configuration: only those the trusted-host policy allows are shown. */
export function StoreLinks() {
  const links = storeLinksOf(useAtomValue(pkgInfoAtom));
  if (links === undefined) return null;
  const stores = [
    { id: 'android', href: safeHref(links.android), label: tInfo('download.android') },
    { id: 'huawei', href: safeHref(links.huawei), label: tInfo('download.huawei') },
    { id: 'apple', href: safeHref(links.apple), label: tInfo('download.apple') },
  ];
  return (
    <ul className="store-links" aria-label={tInfo('download.heading')}>
      {stores.map((store) =>
        store.href === undefined ? null : (
          <li key={store.id}>
            <a className="btn btn-ghost" href={store.href} data-testid={`store-${store.id}`}>
              {store.label}
            </a>
          </li>
        ),
      )}
    </ul>
  );
}

/** The landing (SPEC §1): tab 1 the main app, tab 2 the Ludo game, chosen by the tab URL arg. */
export default function HomePage() {
  const location = useLocation();
  const navigate = useNavigate();
  const tab = readUrlArgs(location.search, location.hash).tab === '2' ? '2' : '1';
  const choose = (id: string) => {
    const params = new URLSearchParams(location.search);
    params.set('tab', id);
    navigate({ search: `?${params.toString()}` }, { replace: true });
  };
  const active = TABS.find((item) => item.id === tab) ?? TABS[0];
  return (
    <div className="home">
      <section className="hero">
        <h1>{tInfo('home.heading')}</h1>
        <div role="tablist" aria-label={tInfo('home.tabs')} className="tabs">
          {TABS.map((item) => (
            <button
              key={item.id}
              type="button"
              role="tab"
              id={`tab-${item.id}`}
              aria-selected={item.id === tab}
              aria-controls={`panel-${item.id}`}
              tabIndex={item.id === tab ? 0 : -1}
              className="tab"
              onClick={() => choose(item.id)}
              onKeyDown={(event) => {
                if (event.key === 'ArrowLeft' || event.key === 'ArrowRight')
                  choose(item.id === '1' ? '2' : '1');
              }}
            >
              {tInfo(item.label)}
            </button>
          ))}
        </div>
        <div
          role="tabpanel"
          id={`panel-${active.id}`}
          aria-labelledby={`tab-${active.id}`}
          className="tab-panel"
          data-testid={`home-tab-${active.id}`}
        >
          <p>{tInfo(active.lead)}</p>
          <Link
            className="btn btn-primary btn-block"
            to={{ pathname: '/recharge-list', search: location.search }}
            data-testid="home-cta"
          >
            {tInfo('home.cta')}
          </Link>
        </div>
      </section>
      <section className="card" aria-labelledby="home-steps">
        <h2 id="home-steps">{tInfo('home.steps')}</h2>
        <ol className="home-steps">
          <li>{tInfo('home.step1')}</li>
          <li>{tInfo('home.step2')}</li>
          <li>{tInfo('home.step3')}</li>
        </ol>
        <p className="home-accepted">
          <SchemeMarks schemes={['mada', 'visa', 'mastercard']} />
          <span>{tInfo('home.accepted')}</span>
        </p>
      </section>
      <section className="card">
        <h2>{tInfo('home.wallet')}</h2>
        <p>{tInfo('home.walletLead')}</p>
        <ul className="features">
          <li>{tInfo('home.feature.fast')}</li>
          <li>{tInfo('home.feature.safe')}</li>
          <li>{tInfo('home.feature.anyone')}</li>
        </ul>
      </section>
      <section className="card">
        <h2>{tInfo('download.heading')}</h2>
        <p>{tInfo('download.lead')}</p>
        <StoreLinks />
      </section>
    </div>
  );
}
