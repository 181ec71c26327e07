import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { dismissToastAtom, TOAST_MS, toastAtom } from './toast';

/** The live region is always present, so screen readers announce each toast. */
export function ToastHost() {
  const toast = useAtomValue(toastAtom);
  const dismiss = useSetAtom(dismissToastAtom);
  const id = toast?.id;
  useEffect(() => {
    if (id === undefined) return;
    const timer = setTimeout(() => dismiss(id), TOAST_MS);
    return () => clearTimeout(timer);
  }, [id, dismiss]);
  return (
    <div className="toast-region" role="status" aria-live="polite" data-testid="toast">
      {toast ? (
        <div key={toast.id} className={`toast toast-${toast.tone}`}>
          {toast.text}
        </div>
      ) : null}
    </div>
  );
}
