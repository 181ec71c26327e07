import type { ChargePackage } from '@topup/contracts/entities';
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { loadFailureText } from '../../api/loadFailure';
import { Link, useLocation, useNavigate } from '../../app/routing';
import { tCharge } from '../../i18n/charge';
import { formatCount, formatUsd } from '../../i18n/format';
import { tInfo } from '../../i18n/info';
import { t } from '../../i18n/t';
import { type PayTarget, payTargetAtom } from '../../payments/payTarget';
import { sessionKeyAtom, urlSignInPendingAtom } from '../../session/session';
import { Button } from '../../ui/Button';
import { UserName } from '../../ui/UserName';
import { packagesAtom, recommendedAtom, selectPackageAtom, topRecommendationAtom } from './chargeState';
import { loadChargeList, useChargeList } from './load';
import { CoinCount, RefusedPackagesNote, RiyalEquivalent } from './PackageGrid';
import { chargeListAtom, chargeListOf } from './state';
import { TargetSearchForm } from './TargetSearch';

/**
 * The landing's packages: those of the account a visitor tops up (the signed-in visitor's own, or the one
 * chosen before); before any ID, those offered whoever the target is (get_recharge_list_v3 without a uid),
 * with the ID asked for under them. Choosing one opens the recharge list with it chosen. The strip
 * keeps one fixed height in every state (loading, failed, loaded), so nothing shifts.
 */
export function HomePackages() {
  const target = useAtomValue(payTargetAtom);
  // A sign-in from the URL brings the signed-in user's packages: their strip's skeleton meanwhile.
  const signingIn = useAtomValue(urlSignInPendingAtom);
  return (
    <section
      className="card home-packages"
      aria-labelledby="home-packages-heading"
      data-testid="home-packages"
    >
      <h2 id="home-packages-heading">{tInfo('home.packages')}</h2>
      {/* One height for both states, so a sign-in finishing after the first paint shifts nothing below. */}
      <div className="home-packages__body">
        {target === undefined && signingIn ? (
          <>
            <p className="home-packages__for" aria-hidden="true" />
            <SkeletonStrip />
          </>
        ) : target === undefined ? (
          <>
            <PackageStrip uid={undefined} />
            <p className="home-packages__ask" data-testid="home-packages-ask">
              {tInfo('home.packagesAsk')}
            </p>
            <TargetSearchForm form="inline" />
          </>
        ) : (
          <TargetPackages target={target} />
        )}
      </div>
      {/* Outside the strip's fixed height: only a server pricing a package outside the contract brings it. */}
      <RefusedPackagesNote />
      <details className="home-id-help" data-testid="home-id-help">
        <summary>{tInfo('home.idHelp')}</summary>
        <p>{tInfo('home.idHelpBody')}</p>
      </details>
    </section>
  );
}

/** The strip's cells: two rows of three on a phone, one row of six on a desktop, whatever the state. */
const CELLS = 6;
const SKELETON_CELLS = ['c1', 'c2', 'c3', 'c4', 'c5', 'c6'] as const;

/** All packages when they fit; else the first ones and a last cell leading to all of them. */
export function shownOf<T>(packages: readonly T[]): readonly T[] {
  return packages.length <= CELLS ? packages : packages.slice(0, CELLS - 1);
}

function TargetPackages({ target }: { readonly target: PayTarget }) {
  const location = useLocation();
  return (
    <>
      <p className="home-packages__for" data-testid="home-packages-for">
        <span className="home-packages__who">
          <span className="muted">{tInfo('home.packagesFor')}</span> <UserName name={target.nickname} />{' '}
          <strong dir="ltr" className="ltr">
            ({target.displayUid})
          </strong>
        </span>
        <Link
          to={{ pathname: '/recharge-list', search: location.search }}
          className="home-packages__change"
          aria-label={tInfo('home.changeTarget')}
        >
          {tInfo('home.change')}
        </Link>
      </p>
      <PackageStrip uid={target.uid} />
    </>
  );
}

/** The strip of a target's packages, or (uid undefined) of those offered whoever the target is. */
function PackageStrip({ uid }: { readonly uid: number | undefined }) {
  const store = useStore();
  const location = useLocation();
  const navigate = useNavigate();
  const chargeList = useAtomValue(chargeListAtom);
  const packages = useAtomValue(packagesAtom);
  const recommended = useAtomValue(recommendedAtom);
  const top = useAtomValue(topRecommendationAtom);
  const select = useSetAtom(selectPackageAtom);

  // Asked again when the account signed in changes (here or in another window).
  useChargeList(uid, false);
  const sessionKey = useAtomValue(sessionKeyAtom);

  const choose = (item: ChargePackage) => {
    select(item.recharge_id);
    navigate({ pathname: '/recharge-list', search: location.search });
  };

  const mine = chargeListOf(chargeList, uid, sessionKey);
  const status = mine ? chargeList.status : 'loading';
  return (
    <div className="home-strip" aria-busy={status === 'loading'} data-testid="home-strip">
      {status === 'loading' ? <SkeletonCells /> : null}
      {chargeList.status === 'failed' && mine ? (
        <div className="home-strip__message notice notice-error" data-testid="home-packages-failed">
          <p role="alert">
            {tInfo('home.packagesFailed')} {loadFailureText(chargeList, chargeList.online)}
          </p>
          <Button variant="secondary" onClick={() => void loadChargeList(store, uid, true)}>
            {t('app.retry')}
          </Button>
        </div>
      ) : null}
      {status === 'loaded' && packages.length === 0 ? (
        <p className="home-strip__message muted">{tInfo('home.packagesEmpty')}</p>
      ) : null}
      {status === 'loaded' && packages.length > 0 ? (
        <ul className="home-strip__row" aria-label={tInfo('home.packages')}>
          {shownOf(packages).map((item) => (
            <li key={item.recharge_id}>
              <PackageButton
                item={item}
                recommended={recommended.includes(item.amount)}
                top={top?.recharge_id === item.recharge_id}
                onChoose={() => choose(item)}
              />
            </li>
          ))}
          {packages.length > CELLS ? (
            <li>
              <Link
                className="home-pack home-pack--all"
                to={{ pathname: '/recharge-list', search: location.search }}
                data-testid="home-all-packages"
              >
                {tInfo('home.allPackages', { count: packages.length })}
              </Link>
            </li>
          ) : null}
        </ul>
      ) : null}
    </div>
  );
}

function SkeletonCells() {
  return (
    <div className="home-strip__row" role="status">
      <span className="visually-hidden">{t('app.loading')}</span>
      {SKELETON_CELLS.map((cell) => (
        <span key={cell} className="skeleton home-pack-skeleton" aria-hidden="true" />
      ))}
    </div>
  );
}

function SkeletonStrip() {
  return (
    <div className="home-strip" aria-busy="true" data-testid="home-strip">
      <SkeletonCells />
    </div>
  );
}

/** One package: coins, bonus and price, formatted as the recharge list formats them. */
function PackageButton({
  item,
  recommended,
  top,
  onChoose,
}: {
  readonly item: ChargePackage;
  readonly recommended: boolean;
  /** The top recommendation: highlighted, never chosen for the visitor. */
  readonly top: boolean;
  readonly onChoose: () => void;
}) {
  const price = formatUsd(item.amount);
  return (
    <button
      type="button"
      className={`home-pack${recommended ? ' home-pack--recommended' : ''}${top ? ' home-pack--top' : ''}`}
      onClick={onChoose}
      data-testid="home-package"
      data-recharge-id={item.recharge_id}
    >
      <CoinCount coins={item.origin_coin} className="home-pack__coins" />
      <span className="home-pack__bonus">
        {item.extra_coin > 0 ? tCharge('recharge.bonus', { coins: formatCount(item.extra_coin) }) : null}
      </span>
      <span className="home-pack__price" dir="ltr" data-testid="home-package-price">
        {price}
      </span>
      <RiyalEquivalent usd={item.amount} testId="home-package-riyal" />
      {item.new_user_only ? (
        <span className="tag tag-new home-pack__tag">{tCharge('recharge.newUser')}</span>
      ) : recommended ? (
        <span className="tag home-pack__tag">{tCharge('recharge.recommended')}</span>
      ) : null}
    </button>
  );
}
