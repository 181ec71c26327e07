import { atom } from 'jotai';

/**
 * Whether the page runs inside the native app, as start-up found it. Only then are the app-account popup's
 * code and the bridge exchange loaded: in a browser they never are.
 */
const inAppState = atom(false);

export const appAccountHostAtom = atom((get) => get(inAppState));

export const hostAppAccountAtom = atom(null, (_get, set) => set(inAppState, true));
