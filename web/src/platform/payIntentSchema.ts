import { z } from 'zod/mini';
import type { PayIntent } from './payIntent';

/**
 * The pay step's reading of the hand-over in its URL (hostile: any link can carry anything). Apart from
 * payIntent.ts, which the recharge list uses to write it, so the first screen loads no zod (issue 16);
 * built on its first use.
 */
export const PayIntentSchema = z.object({
  recharge_id: z.string().check(z.minLength(1), z.maxLength(64)),
  pay_type: z.pipe(z.coerce.number(), z.int().check(z.positive())),
  to_uid: z.pipe(z.coerce.number(), z.int().check(z.positive())),
});

export function readPayIntent(search: string): PayIntent | undefined {
  const params = new URLSearchParams(search);
  const parsed = PayIntentSchema.safeParse({
    recharge_id: params.get('recharge_id') ?? undefined,
    pay_type: params.get('pay_type') ?? undefined,
    to_uid: params.get('to_uid') ?? undefined,
  });
  return parsed.success ? parsed.data : undefined;
}
