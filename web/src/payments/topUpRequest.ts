import { atom } from 'jotai/vanilla';

/**
 * An account another screen sends the recharge list to top up (a paid fine's "top up this account"): its display
 * id, taken once by the list's target card and searched there as if typed, through the app's one account search
 * (features/recharge/searchState.ts). The server is asked again, so an earlier answer (the ban the fine lifted)
 * is never what the list shows of it.
 */
export const topUpRequestAtom = atom<string | undefined>(undefined);
