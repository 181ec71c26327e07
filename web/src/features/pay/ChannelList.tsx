import { DisplayGroup, displayGroupOf, isPayType, type PayType, type SavedCard } from '@topup/contracts';
import type { ChargePackage } from '@topup/contracts/entities';
import { useState } from 'react';
import { type PayKey, pt } from '../../i18n/pay';
import { PayTypeMark, SchemeMark } from '../../ui/PaymentMarks';
import { LABEL_MAX, shownName } from '../../ui/shownName';
import { maskedCard, savedCardStatus } from './savedCards';

const GROUP_LABEL: Readonly<Record<DisplayGroup, PayKey>> = {
  [DisplayGroup.wallet]: 'pay.groupWallet',
  [DisplayGroup.p13]: 'pay.groupProvider13',
  [DisplayGroup.p17]: 'pay.groupProvider17',
  [DisplayGroup.p6]: 'pay.groupProvider6',
};

export interface Channel {
  readonly payType: PayType;
  readonly group: DisplayGroup;
  readonly displayName: string;
}

/** Channels of a package from payItemDisplayMethods, known pay types only, one per pay type. */
export function channelsOf(pack: ChargePackage, walletAvailable: boolean): Channel[] {
  const seen = new Set<number>();
  const out: Channel[] = [];
  for (const item of pack.payItemDisplayMethods) {
    for (const method of item.methods) {
      if (!isPayType(method.subType) || seen.has(method.subType)) continue;
      const group = displayGroupOf(method.subType);
      if (group === DisplayGroup.wallet && !walletAvailable) continue;
      seen.add(method.subType);
      out.push({ payType: method.subType, group, displayName: item.displayName });
    }
  }
  return out;
}

/**
 * The server's name of the method (payItemDisplayMethods[].displayName), as the recharge list shows it: as a
 * shown name (ui/shownName.ts: no bidirectional controls), its display group's name if it gave none.
 */
export function channelLabel(channel: Channel): string {
  const name = shownName(channel.displayName, LABEL_MAX);
  return name === '' ? pt(GROUP_LABEL[channel.group]) : name;
}

/**
 * One row per name: pay types the server lists under one name (two Apple Pay integrations) are one choice;
 * of them the chosen or selected one, else the first.
 */
export function onePerName(
  channels: readonly Channel[],
  preferred: readonly (PayType | undefined)[],
): Channel[] {
  const byName = new Map<string, Channel>();
  for (const channel of channels) {
    const name = channelLabel(channel);
    const kept = byName.get(name);
    if (kept === undefined || (preferred.includes(channel.payType) && !preferred.includes(kept.payType)))
      byName.set(name, channel);
  }
  return [...byName.values()];
}

/**
 * The home step. The method was chosen on the recharge list: it shows alone (beside the visitor's saved card),
 * with the other methods one tap away, so nothing is chosen twice. Choosing a channel clears the card.
 */
export function ChannelList({
  channels: listed,
  selected,
  chosen,
  card,
  now,
  onChannel,
  onCard,
  onOpenCards,
  hasCards,
}: {
  readonly channels: readonly Channel[];
  /** The chosen channel; undefined for the saved card; null for nothing chosen yet (a link's step). */
  readonly selected: PayType | undefined | null;
  /**
   * The method the entry names: the one chosen on the recharge list, or a link's (shown first, the others one tap
   * away, but not chosen: `selected` is null).
   */
  readonly chosen: PayType | undefined;
  readonly card: SavedCard | undefined;
  readonly now: Date;
  readonly onChannel: (payType: PayType) => void;
  readonly onCard: () => void;
  readonly onOpenCards: () => void;
  readonly hasCards: boolean;
}) {
  const [expanded, setExpanded] = useState(false);
  const channels = onePerName(listed, [selected ?? undefined, chosen]);
  const pinned = channels.filter((c) => c.payType === chosen || c.payType === selected);
  // Nothing to pin (the chosen method is not offered here): every method shows.
  const shown = expanded || pinned.length === 0 ? channels : pinned;
  const hidden = channels.length - shown.length;
  return (
    <fieldset className="pay-channels" data-testid="pay-channels">
      <legend className="section-title">{pt('pay.method')}</legend>
      {card !== undefined ? (
        <label
          className={`pay-option${selected === undefined ? ' pay-option--on' : ''}`}
          data-testid="saved-card-option"
        >
          <input type="radio" name="pay-channel" checked={selected === undefined} onChange={onCard} />
          <SchemeMark scheme={card.scheme} />
          <bdi dir="ltr">{maskedCard(card)}</bdi>
          {savedCardStatus(card, now) === 'expiresSoon' ? (
            <span className="tag tag-warn">{pt('pay.expiresSoonFlag')}</span>
          ) : null}
        </label>
      ) : null}
      {shown.map((channel) => (
        <label
          key={channel.payType}
          className={`pay-option${selected === channel.payType ? ' pay-option--on' : ''}`}
          data-testid="pay-channel"
          data-pay-type={channel.payType}
        >
          <input
            type="radio"
            name="pay-channel"
            checked={selected === channel.payType}
            onChange={() => onChannel(channel.payType)}
          />
          <PayTypeMark payType={channel.payType} />
          <span>{channelLabel(channel)}</span>
        </label>
      ))}
      <div className="pay-channels__more">
        {hidden > 0 ? (
          <button
            type="button"
            className="link-button"
            aria-expanded={false}
            onClick={() => setExpanded(true)}
            data-testid="more-methods"
          >
            {pt('pay.moreMethods')} ({hidden})
          </button>
        ) : null}
        {hasCards ? (
          <button type="button" className="link-button" onClick={onOpenCards} data-testid="open-saved-cards">
            {pt('pay.stepSavedCards')}
          </button>
        ) : null}
      </div>
    </fieldset>
  );
}
