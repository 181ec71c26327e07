import type { Session } from '@topup/contracts/api/common';
import { atom } from 'jotai/vanilla';
import { acknowledgeLinkAtom, signInAtom } from '../../session/session';

/**
 * A session a link brought (a session key, a ticket, a Facebook hand-over, a `#pageinfo` move) while another
 * user is signed in here: the switch popup asks first and names the link's account (SPEC §4).
 * Accepting signs in as a `link`, never as a confirmed sign-in: the visitor agreed to change accounts, not
 * proved the account is theirs. That agreement, given to a question naming the account, is also the link
 * notice's answer (LinkNotice): it is not asked a second time.
 */
const pendingSwitchState = atom<Session | undefined>(undefined);

export const pendingSwitchAtom = atom((get) => get(pendingSwitchState)?.user);

export const answerSwitchAtom = atom(null, (get, set, accept: boolean) => {
  const pending = get(pendingSwitchState);
  set(pendingSwitchState, undefined);
  if (accept && pending !== undefined) {
    set(signInAtom, { session: pending, loginType: 'link' });
    set(acknowledgeLinkAtom);
  }
});

export const offerSwitchAtom = atom(null, (_get, set, session: Session) => set(pendingSwitchState, session));
