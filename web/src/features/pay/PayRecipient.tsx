import type { ChargePackage } from '@topup/contracts';
import { useId } from 'react';
import { Link } from '../../app/routing';
import { formatCount, formatUsd } from '../../i18n/format';
import { pt } from '../../i18n/pay';
import { RefusalNote } from '../../payments/RefusalNote';
import { Button } from '../../ui/Button';
import { UserName } from '../../ui/UserName';
import type { RecipientLookup } from './recipient';

export interface Recipient {
  readonly nickname: string;
  readonly displayUid: string;
}

/** Who gets the diamonds: on every pay screen, so someone paying for another account can confirm it. */
export function PayRecipient({ recipient }: { readonly recipient: Recipient | undefined }) {
  if (recipient === undefined) return null;
  return (
    <p className="pay-recipient" data-testid="pay-recipient">
      <span className="muted">{pt('pay.recipient')}</span>{' '}
      <UserName name={recipient.nickname} testId="pay-recipient-nickname" />{' '}
      {/* The account's identity, stronger than its name: "معرّف الحساب 10000002", never broken inside. */}
      <strong className="pay-recipient__id">
        {pt('pay.recipientId')}{' '}
        <bdi dir="ltr" data-testid="pay-recipient-id">
          {recipient.displayUid}
        </bdi>
      </strong>
    </p>
  );
}

/** What is bought, as the recharge list shows it: "350 ماسة", then "+35 مكافأة" when there is a bonus. */
export function PackageCoins({
  pack,
  testId,
}: {
  readonly pack: Pick<ChargePackage, 'origin_coin' | 'extra_coin'>;
  readonly testId?: string;
}) {
  return (
    <span className="pay-coins" data-testid={testId}>
      {pt('pay.coins', { coins: formatCount(pack.origin_coin) })}
      {pack.extra_coin > 0 ? (
        <>
          {' '}
          <span className="pay-coins__bonus">{pt('pay.bonus', { coins: formatCount(pack.extra_coin) })}</span>
        </>
      ) : null}
    </span>
  );
}

/**
 * A pay step a link opened (typed, crafted, sent by anyone: preselect.ts), not the visitor's choice on the list:
 * the summary says so at its top, and names under it what the pay button would pay for (the account as the server
 * names it, the package's diamonds and price), asking the visitor to check them (its words link to the recharge
 * list, to choose there themselves); no method is chosen for them.
 * Its words are fixed, drawn with the summary from the start, so nothing moves when the account and package come.
 */
function LinkEntryWarning({ titleId }: { readonly titleId: string }) {
  // Its words name the recharge list, where the visitor chooses for themselves: that name is the link there.
  const [before, after = ''] = pt('pay.linkEntryBody').split('{list}');
  return (
    <div className="pay-link-entry" data-testid="pay-link-entry">
      <p className="pay-link-entry__title" id={titleId}>
        {pt('pay.linkEntryTitle')}
      </p>
      <p className="pay-link-entry__text">
        {before}
        <Link to="/recharge-list" data-testid="pay-link-entry-list">
          {pt('pay.linkEntryList')}
        </Link>
        {after}
      </p>
    </div>
  );
}

/** The pay screens' summary: who gets the diamonds, how many, and the amount (a skeleton until it is known). */
export function PaySummary({
  lookup,
  onRetry,
  pack,
  packFailed,
  fromLink,
}: {
  readonly lookup: RecipientLookup;
  readonly onRetry: () => void;
  readonly pack: ChargePackage | undefined;
  /** The package could not be loaded (said under the summary, with its retry): nothing is on its way. */
  readonly packFailed: boolean;
  /** A link opened the step (not the list): the summary is the warning that names what would be paid. */
  readonly fromLink: boolean;
}) {
  const titleId = useId();
  return (
    <section
      className={fromLink ? 'card pay-summary pay-summary--link' : 'card pay-summary'}
      {...(fromLink ? { 'aria-labelledby': titleId } : { 'aria-label': pt('pay.packageSummary') })}
      data-testid="pay-summary"
    >
      {fromLink ? <LinkEntryWarning titleId={titleId} /> : null}
      {lookup.status === 'found' ? <PayRecipient recipient={lookup.recipient} /> : null}
      {lookup.status === 'loading' ? (
        <div aria-busy="true" data-testid="pay-recipient-loading">
          <span className="visually-hidden" role="status">
            {pt('pay.recipientLoading')}
          </span>
          {lookup.hint !== undefined ? (
            <PayRecipient recipient={lookup.hint} />
          ) : (
            <p className="pay-recipient">
              <span className="skeleton skeleton-text" aria-hidden="true" />
            </p>
          )}
        </div>
      ) : null}
      {lookup.status === 'refused' ? (
        <div className="notice notice-error" data-testid="pay-recipient-refused">
          <p role="alert">{lookup.message}</p>
          {/* Its way on, as the list's search offers it: a ban after a refund, its fine. */}
          {lookup.refusal !== undefined ? (
            <RefusalNote result={lookup.refusal.result} displayId={lookup.refusal.displayUid} />
          ) : null}
          <Link to="/recharge-list" className="btn btn-secondary">
            {pt('pay.backToList')}
          </Link>
        </div>
      ) : null}
      {lookup.status === 'failed' ? (
        <div className="notice" data-testid="pay-recipient-failed">
          <p role="alert">{pt('pay.recipientLoadFailed')}</p>
          <Button variant="secondary" onClick={onRetry}>
            {pt('pay.retry')}
          </Button>
        </div>
      ) : null}
      {pack !== undefined ? (
        <p className="pay-summary__package">
          <PackageCoins pack={pack} testId="pay-coins" />
          <bdi dir="ltr" className="pay-summary__amount" data-testid="pay-amount">
            {formatUsd(pack.amount)}
          </bdi>
        </p>
      ) : lookup.status === 'refused' || packFailed ? null : (
        // The package on its way; for a refused recipient, or a package that failed, nothing is on its way.
        <p className="pay-summary__package" aria-hidden="true">
          <span className="skeleton skeleton-text" />
          <span className="skeleton skeleton-amount" />
        </p>
      )}
    </section>
  );
}
