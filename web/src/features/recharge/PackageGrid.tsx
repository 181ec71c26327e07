import { useAtomValue, useSetAtom } from 'jotai';
import { tCharge } from '../../i18n/charge';
import { formatCount, formatSarEquivalent, formatUsd } from '../../i18n/format';
import { shortCount } from '../../i18n/shortCount';
import {
  packagesAtom,
  recommendedAtom,
  refusedPackagesAtom,
  selectedPackageAtom,
  selectPackageAtom,
  topRecommendationAtom,
} from './chargeState';

/** A USD price's riyal equivalent at the fixed peg, marked approximate: "≈ 18.71 ر.س", its number LTR. */
export function RiyalEquivalent({ usd, testId }: { readonly usd: number; readonly testId: string }) {
  return (
    <span className="price-sar" data-testid={testId}>
      ≈ <bdi dir="ltr">{formatSarEquivalent(usd)}</bdi> {tCharge('recharge.sar')}
    </span>
  );
}

/**
 * A package's coins as its tile shows them: the diamond mark (the word, for a screen reader), then the count read left to right, shortened
 * above 10,000 (SPEC §9: K/M, and B/T past it, outside a live context). The pay step shows the exact count
 * it charges for.
 */
export function CoinCount({ coins, className }: { readonly coins: number; readonly className: string }) {
  return (
    <span className={className}>
      <span aria-hidden="true" className="diamond">
        ◆
      </span>{' '}
      <span dir="ltr" className="ltr" data-testid="coin-count">
        {shortCount(coins, 'elsewhere')}
      </span>
      {/* The mark says "diamonds" to the eye; a screen reader is told the word. */}
      <span className="visually-hidden"> {tCharge('recharge.diamonds')}</span>
    </span>
  );
}

/**
 * Said when packages were left out (payments/trustedPackages.ts): a price outside the contract, or a recharge_id
 * the list gives other terms, or a method ordering another package.
 */
export function RefusedPackagesNote() {
  const refused = useAtomValue(refusedPackagesAtom);
  if (refused === 0) return null;
  return (
    <p className="notice notice-error" role="alert" data-testid="packages-refused">
      {tCharge('recharge.packagesRefused')}
    </p>
  );
}

/**
 * The packages as a radio group: amount ascending, coins and bonus, price in USD and riyals; recommended
 * ones marked and the top recommendation highlighted, none chosen until the visitor chooses.
 */
export function PackageGrid() {
  const packages = useAtomValue(packagesAtom);
  const recommended = useAtomValue(recommendedAtom);
  const top = useAtomValue(topRecommendationAtom);
  const selected = useAtomValue(selectedPackageAtom);
  const select = useSetAtom(selectPackageAtom);
  if (packages.length === 0)
    return (
      <>
        <RefusedPackagesNote />
        <p className="muted">{tCharge('recharge.empty')}</p>
      </>
    );
  return (
    <>
      <RefusedPackagesNote />
      <fieldset className="package-grid" data-testid="package-grid">
        <legend className="section-title">{tCharge('recharge.packages')}</legend>
        {packages.map((item) => {
          const isRecommended = recommended.includes(item.amount);
          const checked = selected?.recharge_id === item.recharge_id;
          return (
            <label
              key={item.recharge_id}
              className={`package${checked ? ' package-selected' : ''}${
                top?.recharge_id === item.recharge_id ? ' package-top' : ''
              }`}
              data-testid="package"
            >
              <input
                type="radio"
                name="package"
                value={item.recharge_id}
                checked={checked}
                onChange={() => select(item.recharge_id)}
                className="visually-hidden"
              />
              <CoinCount coins={item.origin_coin} className="package-coins" />
              {item.extra_coin > 0 ? (
                <span className="package-bonus">
                  {tCharge('recharge.bonus', { coins: formatCount(item.extra_coin) })}
                </span>
              ) : null}
              <span className="package-amount" dir="ltr" data-testid="package-amount">
                {formatUsd(item.amount)}
              </span>
              <RiyalEquivalent usd={item.amount} testId="package-riyal" />
              {item.new_user_only ? <span className="tag tag-new">{tCharge('recharge.newUser')}</span> : null}
              {isRecommended && !item.new_user_only ? (
                <span className="tag" data-testid="package-recommended">
                  {tCharge('recharge.recommended')}
                </span>
              ) : null}
            </label>
          );
        })}
      </fieldset>
    </>
  );
}
