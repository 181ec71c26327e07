import { OwnedStorageKeys } from '@topup/contracts/storage';
import { z } from 'zod/mini';
import { browserStorage, readJson, writeJson } from '../platform/storage';

/** How many given-up orders the browser remembers (the newest). */
const KEPT = 5;
/** How long a given-up order is remembered: longer than a provider's or issuer's page stays open to pay. */
export const GIVEN_UP_MS = 24 * 60 * 60_000;
const KEY = OwnedStorageKeys.givenUpOrders;

const GivenUpSchema = z.object({
  order: z.string().check(z.minLength(1), z.maxLength(64)),
  at: z.number().check(z.int()),
});
type GivenUp = z.infer<typeof GivenUpSchema>;

/** The kept orders still remembered at `now`, read back hostile (a bad entry is dropped, not trusted). */
function keptAt(storage: Storage | undefined, now: number): GivenUp[] {
  return (readJson(storage, KEY, z.array(z.unknown())) ?? []).flatMap((entry) => {
    const kept = GivenUpSchema.safeParse(entry);
    // A time ahead of now (a lying or changed clock) is not trusted as recent.
    return kept.success && kept.data.at <= now && now - kept.data.at < GIVEN_UP_MS ? [kept.data] : [];
  });
}

/**
 * The orders this browser gave up at the visitor's word (`giveUpOrder`: "cancel the order and pay again", the
 * fines' "pay another way"), their ids only, the last five for a day, in localStorage so every tab of the
 * origin knows them: a return from one of them (its provider's or issuer's page finished later, in this tab
 * or another) is said as that order cancelled here, not as a cancel on the provider's page.
 */
export function rememberGivenUp(orderId: string, storage = browserStorage(), now: number = Date.now()): void {
  const earlier = keptAt(storage, now).filter((entry) => entry.order !== orderId);
  writeJson(storage, KEY, [...earlier, { order: orderId, at: now }].slice(-KEPT));
}

export function wasGivenUp(orderId: string, storage = browserStorage(), now: number = Date.now()): boolean {
  return keptAt(storage, now).some((entry) => entry.order === orderId);
}
