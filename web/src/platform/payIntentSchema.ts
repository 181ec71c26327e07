import { z } from 'zod/mini';
import type { PayIntent } from './payIntent';

/**
 * The pay step's reading of the hand-over in its URL (hostile: any link can carry anything). Apart from
 * payIntent.ts, which the recharge list uses to write it, so the first screen loads no zod.
 */
/** A positive whole number written in at most `digits` ASCII digits, no sign, point, exponent, hex or blank. */
const digitsNumber = (digits: number) =>
  z.pipe(z.string().check(z.regex(new RegExp(`^[1-9]\\d{0,${digits - 1}}$`))), z.transform(Number));

export const PayIntentSchema = z.object({
  recharge_id: z.string().check(z.minLength(1), z.maxLength(64)),
  pay_type: digitsNumber(4),
  // SPEC §5: a user id is digits only, of a bounded length (the search's 12 digits).
  to_uid: digitsNumber(12),
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
