import { useEffect, useRef, useSyncExternalStore } from 'react';

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
 * second), as the pay step does (features/pay/useCheckOnReturn.ts), not left for a charged visitor to find by a
 * tap. Answers whether the browser is offline now (the page then says it will check by itself).
 */
export function useCheckOnReconnect(unconfirmed: boolean, check: () => void): boolean {
  const offline = !useSyncExternalStore(subscribe, online, () => true);
  const wasOffline = useRef(offline);
  useEffect(() => {
    const returned = wasOffline.current && !offline;
    wasOffline.current = offline;
    if (returned && unconfirmed) check();
  }, [offline, unconfirmed, check]);
  return offline;
}
