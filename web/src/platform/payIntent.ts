import { z } from 'zod/mini';

/**
 * The hand-over from the recharge list to /pay-step: what the visitor chose, carried in the URL so a
 * reload or a provider's return keeps it. Never holds card data.
 */
export const PayIntentSchema = z.object({
  recharge_id: z.string().check(z.minLength(1), z.maxLength(64)),
  pay_type: z.pipe(z.coerce.number(), z.int().check(z.positive())),
  to_uid: z.pipe(z.coerce.number(), z.int().check(z.positive())),
});
export type PayIntent = z.infer<typeof PayIntentSchema>;

export function payIntentSearch(intent: PayIntent, current: string): string {
  const params = new URLSearchParams(current);
  params.set('recharge_id', intent.recharge_id);
  params.set('pay_type', String(intent.pay_type));
  params.set('to_uid', String(intent.to_uid));
  return `?${params.toString()}`;
}

export function readPayIntent(search: string): PayIntent | undefined {
  const params = new URLSearchParams(search);
  const parsed = PayIntentSchema.safeParse({
    recharge_id: params.get('recharge_id') ?? undefined,
    pay_type: params.get('pay_type') ?? undefined,
    to_uid: params.get('to_uid') ?? undefined,
  });
  return parsed.success ? parsed.data : undefined;
}
