import { useEffect, useRef } from 'react';

/**
 * An order request whose answer the connection lost (the "unconfirmed" notice shown, the pay button labelled
 * as checking the payment): once the connection is back, its order is asked for by itself, by that button's
 * own tap (the same request and X-CLI-RID: the order it made, or that one order at most), never left for a
 * charged visitor to find by pressing a button that reads as paying. The pay step's and the fines screen's rule.
 */
export function useCheckOnReturn(offline: boolean, unconfirmed: boolean, check: () => void): void {
  const wasOffline = useRef(offline);
  useEffect(() => {
    const returned = wasOffline.current && !offline;
    wasOffline.current = offline;
    if (returned && unconfirmed) check();
  }, [offline, unconfirmed, check]);
}
