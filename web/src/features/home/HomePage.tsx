import { Link, useLocation, useNavigate } from '../../app/routing';
import { tInfo } from '../../i18n/info';
import { readUrlArgs } from '../../platform/urlArgs';
import { StoreLinks } from '../../ui/StoreLinks';
import { AcceptedMethods, HomePackages } from '../recharge';

import './home.css';

const TABS = [
  { id: '1', label: 'home.tab1', lead: 'home.tab1.lead' },
  { id: '2', label: 'home.tab2', lead: 'home.tab2.lead' },
] as const;

/**
 * The landing (SPEC §1): a hero whose tab 1 is the main app and tab 2 the Ludo game (the tab URL arg), the
 * packages with their prices, the accepted methods, ID help, and the three steps. The hero's heading is the
 * static first paint's (index.html), and stays the largest text of the page.
 */
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
    <div className={`home home--tab${active.id}`}>
      <section className={`hero home-hero home-hero--tab${active.id}`}>
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
          className="tab-panel home-hero__panel"
          data-testid={`home-tab-${active.id}`}
        >
          <HeroArt tab={active.id} />
          <div className="home-hero__text">
            <p>{tInfo(active.lead)}</p>
            {active.id === '2' ? (
              <p className="home-hero__note" data-testid="home-tab2-note">
                {tInfo('home.tab2.note')}
              </p>
            ) : null}
          </div>
          <Link
            className="btn btn-primary btn-block"
            to={{ pathname: '/recharge-list', search: location.search }}
            data-testid="home-cta"
          >
            {tInfo('home.cta')}
          </Link>
        </div>
      </section>
      <HomePackages />
      <section
        className="card home-methods"
        aria-labelledby="home-methods-heading"
        data-testid="home-methods"
      >
        <h2 id="home-methods-heading">{tInfo('home.methods')}</h2>
        <AcceptedMethods />
      </section>
      <section className="card" aria-labelledby="home-steps">
        <h2 id="home-steps">{tInfo('home.steps')}</h2>
        <ol className="home-steps">
          <li>{tInfo('home.step1')}</li>
          <li>{tInfo('home.step2')}</li>
          <li>{tInfo('home.step3')}</li>
        </ol>
      </section>
      <section className="card" aria-labelledby="home-why">
        <h2 id="home-why">{tInfo('home.why')}</h2>
        <p>{tInfo('home.walletLead')}</p>
        <ul className="features">
          <li>{tInfo('home.feature.fast')}</li>
          <li>{tInfo('home.feature.safe')}</li>
          <li>{tInfo('home.feature.anyone')}</li>
        </ul>
      </section>
      <section className="card" aria-labelledby="home-download">
        <h2 id="home-download">{tInfo('download.heading')}</h2>
        <p>{tInfo('download.lead')}</p>
        <StoreLinks />
      </section>
    </div>
  );
}

/** Drawn art for each tab (no image to fetch): diamonds for the app, a die and tokens for Ludo. */
function HeroArt({ tab }: { readonly tab: '1' | '2' }) {
  return tab === '1' ? (
    <svg className="home-hero__art" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <path d="M20 8h24l12 14-24 34L8 22z" fill="#fff" opacity="0.95" />
      <path
        d="M8 22h48M20 8l12 48M44 8 32 56M20 8l-4 14M44 8l4 14"
        stroke="#a35cff"
        strokeWidth="2"
        fill="none"
      />
    </svg>
  ) : (
    <svg className="home-hero__art" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect x="6" y="6" width="36" height="36" rx="8" fill="#fff" />
      <circle cx="16" cy="16" r="3.5" fill="#0b7a53" />
      <circle cx="24" cy="24" r="3.5" fill="#0b7a53" />
      <circle cx="32" cy="32" r="3.5" fill="#0b7a53" />
      <circle cx="48" cy="50" r="8" fill="#ffb020" />
      <circle cx="30" cy="54" r="6" fill="#e53935" />
      <circle cx="54" cy="30" r="6" fill="#1e88e5" />
    </svg>
  );
}
