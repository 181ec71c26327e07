import { ORDER_PAYMENT_WINDOW_MS } from '@topup/contracts/limits';
import { ORDER_KINDS } from '@topup/contracts/outcomes';
import { PayTypeSchema } from '@topup/contracts/payments';
import { z } from 'zod/mini';
import type { Params } from '../api/client';

/**
 * One payment intent, one order (as Stripe's idempotency keys): the X-CLI-RID of an order creation is kept
 * until the order is known, so a retry after a time-out, a reset or a reload asks for the same order rather
 * than making a second one. Once the order exists its id is kept until its result is known, so a reload or a
 * return finds it again and asks for its result.
 *
 * What is kept (in sessionStorage, one tab's) is the intent's public fields, the request id and the order
 * id: never a card token, a number or a CVV. A retry of a new-card payment re-sends the same request from
 * memory; after a reload its answer is asked for by the same request without the card (the server answers
 * the order that id made, and without a card can make none), and a new card is a new intent.
 */

export const ATTEMPT_STORAGE_KEY = 'topup.pay_attempt';

/** The intent an X-CLI-RID stands for: the order's public parameters (no token, no ext). */
export function intentKeyOf(params: Params<'createCoinPay'>): string {
  return JSON.stringify([
    params.recharge_id,
    params.uid,
    params.pay_type,
    params.kind ?? 'normal',
    params.source_id ?? '',
    params.token === undefined ? '' : 'new card',
  ]);
}

/** Whether the request can be re-sent from what storage keeps (no card token of any kind). */
export function resendable(params: Params<'createCoinPay'>): boolean {
  return params.token === undefined && params.cvv_token === undefined;
}

/** The order's public fields, enough to ask again for what an X-CLI-RID made (no card, no token). */
const IntentSchema = z.object({
  recharge_id: z.string().check(z.minLength(1), z.maxLength(64)),
  uid: z.int().check(z.positive()),
  kind: z.enum(ORDER_KINDS),
  source_id: z.optional(z.string().check(z.minLength(1), z.maxLength(128))),
});
export type Intent = z.infer<typeof IntentSchema>;

/** What storage keeps, read back hostile; built on its first read, not when the pay step loads (issue 16). */
export const AttemptSchema = z.object({
  key: z.string().check(z.maxLength(512)),
  intent: z.optional(IntentSchema),
  requestId: z.string().check(z.minLength(1), z.maxLength(200)),
  resendable: z.boolean(),
  orderId: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
  payType: PayTypeSchema,
  at: z.number(),
});
export type Attempt = z.infer<typeof AttemptSchema>;

export interface AttemptStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface OrderAttempts {
  /** The X-CLI-RID for this request: the kept one for the same unsettled intent, else a fresh one. */
  requestIdFor(params: Params<'createCoinPay'>, fresh: () => string): string;
  /** The order exists: keep its id until its result is known. */
  ordered(orderId: string): void;
  /** The order's result is known, or the server refused the request: nothing to find again. */
  settled(): void;
  /** An order made before a reload or a return whose result is not known yet. */
  unsettled(): (Attempt & { readonly orderId: string }) | undefined;
  /**
   * A card order sent before a reload whose answer never came (no order id, and its card gone with the
   * page): its X-CLI-RID and intent, to ask which order that id made.
   */
  unanswered(): (Attempt & { readonly intent: Intent }) | undefined;
}

export function orderAttempts(storage: AttemptStorage | undefined, now: () => number): OrderAttempts {
  const read = (): Attempt | undefined => {
    let raw: string | null = null;
    try {
      raw = storage?.getItem(ATTEMPT_STORAGE_KEY) ?? null;
    } catch {
      return undefined;
    }
    if (raw === null) return undefined;
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      return undefined;
    }
    const parsed = AttemptSchema.safeParse(json);
    if (!parsed.success) return undefined;
    // An order past its payment window is over, whatever its result; so is one from the future.
    const age = now() - parsed.data.at;
    return age >= 0 && age < ORDER_PAYMENT_WINDOW_MS ? parsed.data : undefined;
  };
  const write = (attempt: Attempt | undefined) => {
    try {
      if (attempt === undefined) storage?.removeItem(ATTEMPT_STORAGE_KEY);
      else storage?.setItem(ATTEMPT_STORAGE_KEY, JSON.stringify(attempt));
    } catch {
      // Storage full or refused: the payment goes on, only a reload cannot find it again.
    }
  };
  // Within one page the kept attempt is the truth even when storage refuses it.
  let current: Attempt | undefined;
  const kept = () => current ?? read();
  return {
    requestIdFor(params, fresh) {
      const key = intentKeyOf(params);
      const earlier = kept();
      const reuse =
        earlier !== undefined &&
        earlier.orderId === undefined &&
        earlier.key === key &&
        (earlier.resendable || current !== undefined);
      if (reuse) return earlier.requestId;
      current = {
        key,
        intent: {
          recharge_id: params.recharge_id,
          uid: params.uid,
          kind: params.kind ?? 'normal',
          ...(params.source_id === undefined || params.source_id === ''
            ? {}
            : { source_id: params.source_id }),
        },
        requestId: fresh(),
        resendable: resendable(params),
        payType: params.pay_type,
        at: now(),
      };
      write(current);
      return current.requestId;
    },
    ordered(orderId) {
      const earlier = kept();
      if (earlier === undefined) return;
      current = { ...earlier, orderId };
      write(current);
    },
    settled() {
      current = undefined;
      write(undefined);
    },
    unsettled() {
      const attempt = kept();
      const orderId = attempt?.orderId;
      return attempt === undefined || orderId === undefined ? undefined : { ...attempt, orderId };
    },
    unanswered() {
      const attempt = kept();
      const intent = attempt?.intent;
      // A resendable attempt is re-sent whole by the next tap; one with an order is `unsettled`.
      if (attempt === undefined || intent === undefined || attempt.orderId !== undefined) return undefined;
      return attempt.resendable ? undefined : { ...attempt, intent };
    },
  };
}

function sessionStore(): AttemptStorage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

/** The page's attempts, kept in this tab's sessionStorage. */
export const payAttempts: OrderAttempts = orderAttempts(sessionStore(), () => Date.now());
