import { type ReactNode, Suspense, useState } from 'react';
import { LoadBoundary } from './LoadBoundary';
import { LoadingOverlay } from './Loading';

/**
 * A lazily loaded popup, mounted from the first time it is wanted: its code is fetched then, with the
 * loading overlay shown meanwhile (and a way to try again if it cannot be fetched), and not before. Once mounted it stays, so it opens and closes (focus
 * back, shell inert) as a popup always does.
 */
export function OnDemand({ when, children }: { readonly when: boolean; readonly children: ReactNode }) {
  const [wanted, setWanted] = useState(when);
  if (when && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <LoadBoundary>
      <Suspense fallback={when ? <LoadingOverlay /> : null}>{children}</Suspense>
    </LoadBoundary>
  );
}
