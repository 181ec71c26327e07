import { Source } from '@topup/contracts';
import type { ApiClient } from '../../api/client';

/** The page-view id (SPEC §3, §9): refreshed after 20 minutes or a completed payment. */
export const PAGE_VIEW_TTL_MS = 20 * 60 * 1000;

let current: { id: string; at: number } | undefined;

const fresh = (now: number) => {
  const bytes = new Uint8Array(8);
  globalThis.crypto.getRandomValues(bytes);
  return { id: `pv_${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`, at: now };
};

export function pageViewId(now: number = Date.now()): string {
  // A clock set back (the phone's time corrected) would otherwise keep one id until it caught up again.
  if (current === undefined || now < current.at || now - current.at >= PAGE_VIEW_TTL_MS) current = fresh(now);
  return current.id;
}

/** After a completed payment: report the finished page view and start a new one. */
export function refreshPageViewId(api: ApiClient, now: number = Date.now()): string {
  const finished = current?.id;
  if (finished !== undefined)
    void api.call('pageViewIdResult', { page_view_id: finished, source: Source.main });
  current = fresh(now);
  return current.id;
}
