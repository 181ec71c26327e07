import { useEffect, useRef, useState } from 'react';

const GUARD = 'backGuard';

/** Whether the entry on top of history is a back guard's. */
export const guardOnTop = (): boolean =>
  (window.history.state as Record<string, unknown> | null)?.[GUARD] === true;

/**
 * The browser's and the phone's back button behave like the page's own back: while `active` (a pay step's step
 * beyond the first or its leave question, a popup that Back closes), an extra history entry of the same address
 * sits on top; going back pops it and `onBack` runs the page's back (which may ask before leaving), and the entry
 * is put back while still needed. When no longer needed, the entry is taken off again, so history never loops
 * into the page; an entry left by the page before a reload is adopted while needed and taken off when not. One
 * guard at a time: a page whose own guard holds Back does not give its popups one too.
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
