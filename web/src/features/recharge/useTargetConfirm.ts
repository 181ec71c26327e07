import { useAtomValue, useStore } from 'jotai';
import { useEffect, useState } from 'react';
import { payTargetAtom, refreshTargetAtom, targetConfirmedAtom } from '../../payments/payTarget';

/** A stored target not yet named by the server: asked, refused (its message and way on), or not answered. */
export type TargetConfirm =
  | { readonly status: 'confirmed' }
  | { readonly status: 'checking' }
  | {
      readonly status: 'refused';
      readonly message: string;
      readonly refusal?: { readonly result: number; readonly displayUid: string } | undefined;
    }
  | { readonly status: 'failed' };

/**
 * The list's stored target is a hint, as on the pay step: storage can be edited, so before the list names it
 * the account its uid names is asked of the server (the pay step's `lookUpRecipient`, fetched on demand), and
 * the server's name and id replace the stored ones (`refreshTargetAtom`). The visitor's own account is the
 * session's and is not asked.
 */
export function useTargetConfirm(): { readonly confirm: TargetConfirm; readonly retry: () => void } {
  const store = useStore();
  const confirmed = useAtomValue(targetConfirmedAtom);
  const uid = useAtomValue(payTargetAtom)?.uid;
  const [confirm, setConfirm] = useState<TargetConfirm>({ status: 'checking' });
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt asks again on the visitor's retry
  useEffect(() => {
    if (confirmed || uid === undefined) return;
    let live = true;
    setConfirm({ status: 'checking' });
    import('../pay')
      .then((code) => code.lookUpRecipient(store, uid))
      .then(({ lookup, checked }) => {
        if (!live) return;
        if (checked !== undefined) return void store.set(refreshTargetAtom, checked);
        setConfirm(
          lookup.status === 'refused'
            ? { status: 'refused', message: lookup.message, refusal: lookup.refusal }
            : { status: 'failed' },
        );
      })
      .catch(() => {
        if (live) setConfirm({ status: 'failed' });
      });
    return () => {
      live = false;
    };
  }, [confirmed, uid, store, attempt]);
  return {
    confirm: confirmed ? { status: 'confirmed' } : confirm,
    retry: () => setAttempt((n) => n + 1),
  };
}
