import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { dismissToastAtom, TOAST_MS, toastAtom } from './toast';

/**
 * The live region is always present, so screen readers announce each toast. It is drawn empty first and a toast
 * already in the store (one written before React had the page) is shown in the render after: a region inserted
 * with its text, or inside the still inert built page, is not announced. A toast's 3 s run from when it shows.
 */
export function ToastHost() {
  const toast = useAtomValue(toastAtom);
  const dismiss = useSetAtom(dismissToastAtom);
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const shown = mounted ? toast : undefined;
  const id = shown?.id;
  useEffect(() => {
    if (id === undefined) return;
    const timer = setTimeout(() => dismiss(id), TOAST_MS);
    return () => clearTimeout(timer);
  }, [id, dismiss]);
  return (
    <div className="toast-region" role="status" aria-live="polite" data-testid="toast">
      {shown ? (
        <div key={shown.id} className={`toast toast-${shown.tone}`}>
          {shown.text}
        </div>
      ) : null}
    </div>
  );
}
