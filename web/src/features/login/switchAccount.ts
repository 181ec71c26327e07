import type { Session } from '@topup/contracts/api/common';
import { atom } from 'jotai/vanilla';
import { signInAtom } from '../../session/session';

/** A session the app offers while another user is signed in here: the switch popup asks first (SPEC §4). */
const pendingSwitchState = atom<Session | undefined>(undefined);

export const pendingSwitchAtom = atom((get) => get(pendingSwitchState)?.user);

export const answerSwitchAtom = atom(null, (get, set, accept: boolean) => {
  const pending = get(pendingSwitchState);
  set(pendingSwitchState, undefined);
  if (accept && pending !== undefined) set(signInAtom, { session: pending, loginType: 'ticket' });
});

export const offerSwitchAtom = atom(null, (_get, set, session: Session) => set(pendingSwitchState, session));
