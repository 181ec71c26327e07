import { ServerCode } from '@topup/contracts';
import type { CallContext, Handlers } from '../contract/reply';
import { ok, refuse } from '../contract/reply';

/** The signed-in uid, or undefined when signed out (the dispatcher has refused a logged-out key). */
function uidOf({ world, sessionKey }: CallContext): number | undefined {
  return sessionKey === undefined ? undefined : world.sessions.sessionUser(sessionKey)?.uid;
}

/**
 * Saved cards, only ever the session's own. The h5_deviceid the calls carry is no credential: a
 * signed-out caller has no cards, whatever device id it names.
 */
export const cardHandlers: Pick<Handlers, 'getCardSource' | 'updateCardSource' | 'deleteCardSource'> = {
  getCardSource: (_request, context) => ok({ items: context.world.cards.list(uidOf(context)) }),

  /** Another owner's card and a bad expiry answer the same 31073, so a card id reveals nothing. */
  updateCardSource: (request, context) => {
    const vault = context.world.cards;
    const card = vault.ownedBy(request.source_id, uidOf(context));
    if (card === undefined) return refuse(ServerCode.cardUpdateFailed);
    if (request.card_valid_date !== undefined && !vault.checkNewExpiry(card, request.card_valid_date).ok) {
      return refuse(ServerCode.cardUpdateFailed);
    }
    const updated = vault.update(card.source_id, {
      card_valid_date: request.card_valid_date,
      is_remember: request.is_remember,
    });
    return updated === undefined ? refuse(ServerCode.cardUpdateFailed) : ok({ card: updated });
  },

  deleteCardSource: (request, context) =>
    ok({ deleted: context.world.cards.deleteByFingerprint(uidOf(context), request.fingerprint) }),
};
