import { useEffect, useRef, useState } from 'react';
import { openedFromList } from '../../payments/payHandOver';

const GUARD = 'payBackGuard';

const guardOnTop = () => (window.history.state as Record<string, unknown> | null)?.[GUARD] === true;

/**
 * The browser's and the phone's back button behave like the page's own back: while `active` (a step beyond the
 * first, or a leave question open), an extra history entry of the same address sits on top; going back pops it
 * and `onBack` runs the page's back (which may ask before leaving), and the entry is put back while still
 * needed. When no longer needed, the entry is taken off again, so history never loops into the pay step; an
 * entry left by the page before a reload is adopted while needed and taken off when not.
 */
export function useBackGuard(active: boolean, onBack: () => void): void {
  const [present, setPresent] = useState(false);
  const presentRef = useRef(false);
  const ignoreNextPop = useRef(false);
  const onBackRef = useRef(onBack);
  onBackRef.current = onBack;

  useEffect(() => {
    if (active && !present) {
      // A guard this page left on top before a reload is adopted, never doubled (two backs for one).
      if (!guardOnTop()) window.history.pushState({ ...(window.history.state ?? {}), [GUARD]: true }, '');
      presentRef.current = true;
      setPresent(true);
    } else if (!active && present) {
      presentRef.current = false;
      setPresent(false);
      if (guardOnTop()) {
        ignoreNextPop.current = true;
        window.history.back();
      }
    } else if (!active && !present && guardOnTop() && !ignoreNextPop.current) {
      // A guard left on top before a reload, no longer needed: taken off, so the next back leaves at once.
      ignoreNextPop.current = true;
      window.history.back();
    }
  }, [active, present]);

  useEffect(() => {
    const onPop = () => {
      if (ignoreNextPop.current) {
        ignoreNextPop.current = false;
        return;
      }
      if (!presentRef.current || guardOnTop()) return;
      presentRef.current = false;
      setPresent(false);
      onBackRef.current();
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
}

/**
 * Leaves the pay step for the list it came from: back through history when the list opened the step, else the
 * list replaces it (`toList`). A `paid` step first waits for the guard's entry, over the step's own while the
 * order was made, to be taken off by the guard once the result closes: the step's own entry is reached first
 * (so the list is one back away, not two at once). Both entries are the paid visit's (`markVisitPaid`, at the
 * success): opened again, they are the list.
 */
export async function leaveForList(toList: () => void, paid: boolean): Promise<void> {
  if (paid && guardOnTop())
    await new Promise<void>((resolve) =>
      window.addEventListener('popstate', () => resolve(), { once: true }),
    );
  if (openedFromList()) window.history.back();
  else toList();
}
