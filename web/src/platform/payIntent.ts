import { atom } from 'jotai/vanilla';
import type { z } from 'zod/mini';
import type { PayIntentSchema } from './payIntentSchema';

/**
 * The hand-over from the recharge list to /pay-step: what the visitor chose, carried in the URL so a
 * reload or a provider's return keeps it. Never holds card data. The pay step reads it back through
 * `readPayIntent` (payIntentSchema.ts), which checks it.
 */
export type PayIntent = Readonly<z.output<typeof PayIntentSchema>>;

export function payIntentSearch(intent: PayIntent, current: string): string {
  const params = new URLSearchParams(current);
  params.set('recharge_id', intent.recharge_id);
  params.set('pay_type', String(intent.pay_type));
  params.set('to_uid', String(intent.to_uid));
  return `?${params.toString()}`;
}

/**
 * The launch URL carried `#pageinfo`, as the wallet's domain move does (SPEC §4): the wallet's sheet opens only
 * from a tap on this page, so the pay step says the next tap opens it. A stranger's link can carry it too, so
 * the step says only what it checks itself (the wallet is offered here and chosen), never that a move happened.
 */
export const arrivedByWalletMoveAtom = atom(false);
