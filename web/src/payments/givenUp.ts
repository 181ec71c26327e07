import { OwnedStorageKeys } from '@topup/contracts/storage';
import { z } from 'zod/mini';
import { readJson, tabStorage, writeJson } from '../platform/storage';

/** How many given-up orders the tab remembers (the newest). */
const KEPT = 5;
const KEY = OwnedStorageKeys.givenUpOrders;
const Schema = z.array(z.string().check(z.minLength(1), z.maxLength(64))).check(z.maxLength(KEPT));

/**
 * The orders this tab gave up at the visitor's word (`giveUpOrder`: "cancel the order and pay again", the fines'
 * "pay another way"), their ids only, in this tab's sessionStorage: a return from one of them (its provider's or
 * issuer's page finished later) is said as that order cancelled here, not as a cancel on the provider's page.
 */
export function rememberGivenUp(orderId: string, storage = tabStorage()): void {
  const earlier = (readJson(storage, KEY, Schema) ?? []).filter((id) => id !== orderId);
  writeJson(storage, KEY, [...earlier, orderId].slice(-KEPT));
}

export function wasGivenUp(orderId: string, storage = tabStorage()): boolean {
  return (readJson(storage, KEY, Schema) ?? []).includes(orderId);
}
