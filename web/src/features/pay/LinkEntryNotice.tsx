import type { ChargePackage } from '@topup/contracts';
import { useId } from 'react';
import { Link } from '../../app/routing';
import { formatUsd } from '../../i18n/format';
import { pt } from '../../i18n/pay';
import { Sentence } from '../../ui/Sentence';
import { UserName } from '../../ui/UserName';
import { PackageCoins, type Recipient } from './PayRecipient';

/**
 * A pay step a link opened (typed, crafted, sent by anyone: preselect.ts), not the visitor's choice on the list:
 * above the methods, which show with nothing chosen, it says so and names what the pay button would pay for:
 * the account as the server named it (nickname and display ID) and the package (diamonds and price), asking the
 * visitor to check them before choosing a method, with the way back to the list. A labelled region in the
 * reading order before the methods; the nickname is inert text (UserName).
 */
export function LinkEntryNotice({
  shown,
  recipient,
  pack,
}: {
  readonly shown: boolean;
  /** The server-confirmed account; until it is known the notice waits (the step's methods wait with it). */
  readonly recipient: Recipient | undefined;
  readonly pack: ChargePackage;
}) {
  const titleId = useId();
  if (!shown || recipient === undefined) return null;
  return (
    <section className="notice pay-link-entry" aria-labelledby={titleId} data-testid="pay-link-entry">
      <p className="pay-link-entry__title" id={titleId}>
        <strong>{pt('pay.linkEntryTitle')}</strong>
      </p>
      <p className="pay-link-entry__text">
        <Sentence
          text={pt('pay.linkEntryBody')}
          slots={{
            coins: <PackageCoins pack={pack} testId="pay-link-entry-coins" />,
            amount: (
              <bdi dir="ltr" data-testid="pay-link-entry-amount">
                {formatUsd(pack.amount)}
              </bdi>
            ),
            nickname: <UserName name={recipient.nickname} testId="pay-link-entry-nickname" />,
            id: (
              <bdi dir="ltr" data-testid="pay-link-entry-id">
                {recipient.displayUid}
              </bdi>
            ),
          }}
        />
      </p>
      <Link to="/recharge-list" className="btn btn-secondary">
        {pt('pay.backToList')}
      </Link>
    </section>
  );
}
