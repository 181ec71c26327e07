import type { SavedCard } from '@topup/contracts';
import { pt } from '../../i18n/pay';
import { Button } from '../../ui/Button';
import { maskedCard, savedCardStatus } from './savedCards';
import type { SavedCardsFetch } from './state';

/** Step 2: the saved cards (at most 3) with their flags, delete, and the fetch states. */
export function SavedCardList({
  fetch,
  cards,
  now,
  onChoose,
  onDelete,
  onUpdate,
  onNewCard,
  onRetry,
}: {
  readonly fetch: SavedCardsFetch;
  readonly cards: readonly SavedCard[];
  readonly now: Date;
  readonly onChoose: (card: SavedCard) => void;
  readonly onDelete: (card: SavedCard) => void;
  readonly onUpdate: (card: SavedCard) => void;
  readonly onNewCard: () => void;
  readonly onRetry: () => void;
}) {
  if (fetch.status === 'fetching' || fetch.status === 'notStarted') {
    return (
      <p role="status" data-testid="saved-cards-fetching">
        {pt('pay.savedCardsFetching')}
      </p>
    );
  }
  if (fetch.status === 'failed') {
    return (
      <div className="notice notice-error" role="alert" data-testid="saved-cards-failed">
        <p>{pt('pay.savedCardsFailed')}</p>
        <Button variant="secondary" onClick={onRetry}>
          {pt('pay.retry')}
        </Button>
      </div>
    );
  }
  return (
    <div className="pay-cards">
      <ul className="pay-cards__list" aria-label={pt('pay.stepSavedCards')}>
        {cards.map((card) => {
          const status = savedCardStatus(card, now);
          return (
            <li
              key={card.source_id}
              className="pay-card"
              data-testid="saved-card"
              data-source-id={card.source_id}
              data-status={status}
            >
              <button type="button" className="pay-card__main" onClick={() => onChoose(card)}>
                <bdi dir="ltr">{maskedCard(card)}</bdi>
                {status === 'bankExpired' ? null : (
                  <span className="muted">
                    {pt(status === 'expiredModifiable' ? 'pay.expiredOn' : 'pay.expiresOn')}{' '}
                    <bdi dir="ltr">{card.card_valid_date}</bdi>
                  </span>
                )}
                {status === 'expiresSoon' ? (
                  <span className="tag tag-warn" data-testid="flag-soon">
                    {pt('pay.expiresSoonFlag')}
                  </span>
                ) : null}
                {status === 'expiredModifiable' ? (
                  <span className="tag tag-warn" data-testid="flag-expired">
                    {pt('pay.expiredFlag')}
                  </span>
                ) : null}
                {status === 'bankExpired' ? (
                  <span className="tag tag-warn" data-testid="flag-bank">
                    {pt('pay.bankExpiredFlag')}
                  </span>
                ) : null}
              </button>
              {status === 'bankExpired' ? (
                <p className="pay-card__note">{pt('pay.bankExpiredNote')}</p>
              ) : null}
              {status === 'expiresSoon' ? (
                <button
                  type="button"
                  className="link-button"
                  onClick={() => onUpdate(card)}
                  data-testid="update-soon"
                >
                  {pt('pay.updateExpiry')}
                </button>
              ) : null}
              <button
                type="button"
                className="link-button"
                onClick={() => onDelete(card)}
                aria-label={`${pt('pay.deleteCard')} ${maskedCard(card)}`}
                data-testid="delete-card"
              >
                {pt('pay.deleteCard')}
              </button>
            </li>
          );
        })}
      </ul>
      <Button variant="secondary" block onClick={onNewCard} data-testid="new-card">
        {pt('pay.addNewCard')}
      </Button>
    </div>
  );
}
