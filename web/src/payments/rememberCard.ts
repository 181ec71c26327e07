import { atom } from 'jotai/vanilla';
import { rememberCardStored } from '../session/accountKept';
import { linkUnacknowledgedAtom, sessionAtom } from '../session/session';

/** The save-card choice under a new card's fields, one rule for every payment screen (pay and fines). */

/**
 * Who would keep a card saved now: nobody signed out; an account a link signed in that the visitor has not
 * answered the link notice about (`unansweredLink`: a stranger's link may have signed them in, so nothing they
 * type is kept for it); a link's account they said is theirs (`unconfirmedLink`: the login type stays `link`);
 * a sign-in of their own (`in`).
 */
export type CardKeeper = 'out' | 'unansweredLink' | 'unconfirmedLink' | 'in';

export const cardKeeperAtom = atom((get): CardKeeper => {
  const session = get(sessionAtom);
  if (session === undefined) return 'out';
  if (get(linkUnacknowledgedAtom)) return 'unansweredLink';
  return session.loginType === 'link' ? 'unconfirmedLink' : 'in';
});

/**
 * Whether a new card is offered to be saved, ticked: never for a signed-out visitor (saved cards are a signed-in
 * feature, SPEC §6), nor for an account a link signed in that the visitor has not confirmed (a stranger's link
 * must not collect the visitor's card into the stranger's account); for a signed-in one, their last answer,
 * else yes.
 */
export const rememberDefault = (who: CardKeeper, lastChoice: boolean | undefined): boolean =>
  who === 'in' ? (lastChoice ?? true) : false;

/**
 * What a new card's fields show of the save choice: nothing signed out (a saved card belongs to an account; the
 * server keeps no card for a signed-out payer, and a box that saves nothing would mislead); a sentence in its
 * place while a link's account is not answered for (`confirmFirst`: cards are saved only once the visitor says
 * the account is theirs); else the box.
 */
export type RememberOffer = 'none' | 'confirmFirst' | 'offered';
export const rememberOffer = (who: CardKeeper): RememberOffer =>
  who === 'out' ? 'none' : who === 'unansweredLink' ? 'confirmFirst' : 'offered';

/** Whether a card may be kept for the account at all (the remember flag sent, the success panel's choice). */
export const mayKeepCard = (who: CardKeeper): boolean => rememberOffer(who) === 'offered';

export const lastRememberChoiceAtom = atom((get) => get(rememberCardStored));
/** The signed-in visitor's answer, kept for their next card. */
export const rememberChoiceAtom = atom(null, (_get, set, choice: boolean) => set(rememberCardStored, choice));
