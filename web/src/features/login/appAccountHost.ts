import { atom } from 'jotai/vanilla';

/**
 * Whether the app-account popup has been wanted this visit: set with the first offer, which only the app's
 * bridge can lead to. The shell mounts the popup (and fetches its code) from then on; in a browser, or in
 * the app with nothing to offer, it never does.
 */
const offeredState = atom(false);

export const appAccountOfferedAtom = atom((get) => get(offeredState));

export const markAppAccountOfferedAtom = atom(null, (_get, set) => set(offeredState, true));
