import { ORDER_PAYMENT_WINDOW_MS } from '@topup/contracts/limits';
import { ORDER_KINDS } from '@topup/contracts/outcomes';
import { type PayType, PayTypeSchema } from '@topup/contracts/payments';
import { OwnedStorageKeys } from '@topup/contracts/storage';
import { z } from 'zod/mini';
import type { Params } from '../api/client';
import { readJson, tabStorage, writeJson } from '../platform/storage';
import { appStore } from '../platform/store';
import { sessionAtom } from '../session/session';
import { fineOrders } from './fineOrders';

/**
 * One payment intent, one order (as Stripe's idempotency keys), one rule for every payment screen: the
 * X-CLI-RID of an order creation is kept until the order is known, so a retry after a time-out, a reset or a
 * reload asks for the same order rather than making a second one. Once the order exists its id is kept until
 * its result is known, so a reload or a return finds it again and asks for its result. A new intent (another
 * package, target, method, card, fine or amount) gets a new id.
 *
 * What is kept (in sessionStorage, one tab's, one key per screen: pay's and fines') is the intent's public
 * fields, the request id, the order id and the uid signed in (whose it is, app/accountOrders.ts): never a card
 * token, a number or a CVV. A retry of a new-card payment re-sends the same request from memory; after a reload
 * its answer is asked for by the same request without the card (the server answers the order that id made, and
 * without a card can make none), and a new card is a new intent.
 */

/** What a screen's requests are to the rule: each request's intent, and where its attempt is kept. */
export interface AttemptRule<Request, Intent> {
  readonly storageKey: string;
  /** The intent's public fields as read back from storage (hostile: anything may be there). */
  readonly intent: z.ZodMiniType<Intent>;
  readonly orderOf: (request: Request) => {
    /** Equal keys, the same intent. */
    readonly key: string;
    readonly intent: Intent;
    /** Whether the request can be re-sent from what storage keeps (no card token of any kind). */
    readonly resendable: boolean;
    readonly payType: PayType;
  };
}

export const ATTEMPT_STORAGE_KEY = OwnedStorageKeys.payAttempt;

/** The intent an X-CLI-RID stands for: the order's public parameters (no token, no ext). */
export function intentKeyOf(params: Params<'createCoinPay'>): string {
  return JSON.stringify([
    params.recharge_id,
    params.uid,
    params.pay_type,
    params.kind ?? 'normal',
    params.source_id ?? '',
    params.token !== undefined || (params.platform_data !== undefined && params.source_id === undefined)
      ? 'new card'
      : '',
  ]);
}

/**
 * Whether the request can be re-sent from what storage keeps: no card data of any kind (a card token, a CVV
 * token, or the provider's encrypted card or security code in platform_data, as provider 17's fields send).
 */
export function resendable(params: Params<'createCoinPay'>): boolean {
  return params.token === undefined && params.cvv_token === undefined && params.platform_data === undefined;
}

/** A package's order: its public fields, enough to ask again for what an X-CLI-RID made (no card, no token). */
const IntentSchema = z.object({
  recharge_id: z.string().check(z.minLength(1), z.maxLength(64)),
  uid: z.int().check(z.positive()),
  kind: z.enum(ORDER_KINDS),
  source_id: z.optional(z.string().check(z.minLength(1), z.maxLength(128))),
});
export type Intent = z.infer<typeof IntentSchema>;

/** The pay step's rule: create_coin_pay, kept under `topup.pay_attempt`. */
export const coinOrders: AttemptRule<Params<'createCoinPay'>, Intent> = {
  storageKey: ATTEMPT_STORAGE_KEY,
  intent: IntentSchema,
  orderOf: (params) => ({
    key: intentKeyOf(params),
    intent: {
      recharge_id: params.recharge_id,
      uid: params.uid,
      kind: params.kind ?? 'normal',
      ...(params.source_id === undefined || params.source_id === '' ? {} : { source_id: params.source_id }),
    },
    resendable: resendable(params),
    payType: params.pay_type,
  }),
};

/** What storage keeps, read back hostile; built on its first read, not when the pay step loads. */
const attemptSchemaOf = <I>(intent: z.ZodMiniType<I>) =>
  z.object({
    key: z.string().check(z.maxLength(512)),
    intent: z.optional(intent),
    requestId: z.string().check(z.minLength(1), z.maxLength(200)),
    resendable: z.boolean(),
    orderId: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
    challenged: z.optional(z.boolean()),
    left: z.optional(z.boolean()),
    payType: PayTypeSchema,
    at: z.number(),
    account: z.optional(z.int().check(z.positive())),
  });
export interface Attempt<I = Intent> {
  readonly key: string;
  readonly intent?: I | undefined;
  readonly requestId: string;
  readonly resendable: boolean;
  readonly orderId?: string | undefined;
  /** The order's 3-D Secure challenge was opened (in the page's own layer): a reload ends it unanswered. */
  readonly challenged?: boolean | undefined;
  /** The page left for the order's own page (a provider's hosted page, the issuer's 3-D Secure page). */
  readonly left?: boolean | undefined;
  readonly payType: PayType;
  readonly at: number;
  /** The uid signed in when it was made (none: signed out, or kept by an older page): whose it is. */
  readonly account?: number | undefined;
}

export interface AttemptStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface OrderAttempts<Request = Params<'createCoinPay'>, I = Intent> {
  /** The X-CLI-RID for this request: the kept one for the same unsettled intent, else a fresh one. */
  requestIdFor(request: Request, fresh: () => string): string;
  /** The order exists: keep its id until its result is known. */
  ordered(orderId: string): void;
  /**
   * The order's 3-D Secure challenge opened: in the page's layer a reload cannot resume it (it is said so, and
   * given up); on the issuer's own page (`onItsPage`) the page is left for it, as for a provider's page.
   */
  challengeOpened(onItsPage?: boolean): void;
  /** The page leaves for the order's own page: a return without its result can give the order up. */
  leftForPage(): void;
  /** The order's result is known, or the server refused the request: nothing to find again. */
  settled(): void;
  /** An order made before a reload or a return whose result is not known yet. */
  unsettled(): (Attempt<I> & { readonly orderId: string }) | undefined;
  /**
   * A card order sent before a reload whose answer never came (no order id, and its card gone with the
   * page): its X-CLI-RID and intent, to ask which order that id made.
   */
  unanswered(): (Attempt<I> & { readonly intent: I }) | undefined;
  /** A screen shows the kept attempt now (its order's check, polls, "check again"): until the returned stop. */
  follow(): () => void;
  /** The kept order a screen shows now (undefined: none shown, or not made yet). */
  followed(): string | undefined;
  /**
   * Forgets the kept attempt unless a screen shows it, or `keep` (given its order, if made, and its account, if
   * known) says to keep it.
   */
  keepOnly(keep: (orderId: string | undefined, account: number | undefined) => boolean): void;
}

export function orderAttempts<Request, I>(
  storage: AttemptStorage | undefined,
  now: () => number,
  { storageKey, intent, orderOf }: AttemptRule<Request, I>,
  /** The account signed in now (its uid; undefined: signed out): a new attempt is that account's. */
  account: () => number | undefined = () => undefined,
): OrderAttempts<Request, I> {
  let schema: ReturnType<typeof attemptSchemaOf<I>> | undefined;
  const read = (): Attempt<I> | undefined => {
    schema ??= attemptSchemaOf(intent);
    const attempt = readJson(storage, storageKey, schema);
    // An order past its payment window is over, whatever its result; so is one from the future.
    const age = attempt === undefined ? -1 : now() - attempt.at;
    return age >= 0 && age < ORDER_PAYMENT_WINDOW_MS ? attempt : undefined;
  };
  // Storage full or refused: the payment goes on, only a reload cannot find it again.
  const write = (attempt: Attempt<I> | undefined) => writeJson(storage, storageKey, attempt);
  // Within one page the kept attempt is the truth even when storage refuses it.
  let current: Attempt<I> | undefined;
  const kept = () => current ?? read();
  // Screens showing the kept attempt now (a count: one screen may hand over to the next).
  let shown = 0;
  const mark = (flag: 'challenged' | 'left') => {
    const earlier = kept();
    if (earlier?.orderId === undefined) return;
    current = { ...earlier, [flag]: true };
    write(current);
  };
  return {
    requestIdFor(request, fresh) {
      const order = orderOf(request);
      const key = order.key;
      const earlier = kept();
      const reuse =
        earlier !== undefined &&
        earlier.orderId === undefined &&
        earlier.key === key &&
        (earlier.resendable || current !== undefined);
      if (reuse) return earlier.requestId;
      const signedIn = account();
      current = {
        key,
        intent: order.intent,
        requestId: fresh(),
        resendable: order.resendable,
        payType: order.payType,
        at: now(),
        ...(signedIn === undefined ? {} : { account: signedIn }),
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
    challengeOpened: (onItsPage = false) => mark(onItsPage ? 'left' : 'challenged'),
    leftForPage: () => mark('left'),
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
    follow() {
      shown += 1;
      let stopped = false;
      return () => {
        if (!stopped) shown -= 1;
        stopped = true;
      };
    },
    followed: () => (shown > 0 ? kept()?.orderId : undefined),
    keepOnly(keep) {
      const attempt = kept();
      if (attempt === undefined || shown > 0 || keep(attempt.orderId, attempt.account)) return;
      current = undefined;
      write(undefined);
    },
  };
}

/** The pay step's and the fines screen's attempts, kept in this tab's sessionStorage. */
const signedInUid = () => appStore.get(sessionAtom)?.user.uid;
export const payAttempts: OrderAttempts = orderAttempts(
  tabStorage(),
  () => Date.now(),
  coinOrders,
  signedInUid,
);
export const fineAttempts = orderAttempts(tabStorage(), () => Date.now(), fineOrders, signedInUid);
/** What an account gone from the tab must not leave behind (app/accountOrders.ts). */
export const tabAttempts: readonly Pick<OrderAttempts, 'followed' | 'keepOnly'>[] = [
  payAttempts,
  fineAttempts,
];

/**
 * The orders this tab follows on screen now: the pay step's or the fines screen's kept order while that screen
 * shows it (its 3-D Secure check, its polls, a pending result and its "check again"). Not every kept order: one
 * left behind (the visitor went elsewhere) is no longer followed, and an account change forgets it.
 */
export function keptOrderIds(): ReadonlySet<string> {
  return new Set(tabAttempts.map((attempts) => attempts.followed()).filter((id) => id !== undefined));
}
