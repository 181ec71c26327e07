import { useSyncExternalStore } from 'react';
import { useCheckOnReturn } from '../../payments/useCheckOnReturn';

const subscribe = (listener: () => void) => {
  addEventListener('online', listener);
  addEventListener('offline', listener);
  return () => {
    removeEventListener('online', listener);
    removeEventListener('offline', listener);
  };
};
const online = () => navigator.onLine;

/**
 * A fine order whose answer the connection lost (`unconfirmed`): once the connection is back it is asked for by
 * itself (`check`: the pay button's own request, with the same X-CLI-RID, so the order it made and never a
 * second), by the pay step's rule (payments/useCheckOnReturn.ts), not left for a charged visitor to find by a
 * tap. Answers whether the browser is offline now (the page then says it will check by itself).
 */
export function useCheckOnReconnect(unconfirmed: boolean, check: () => void): boolean {
  const offline = !useSyncExternalStore(subscribe, online, () => true);
  useCheckOnReturn(offline, unconfirmed, check);
  return offline;
}
