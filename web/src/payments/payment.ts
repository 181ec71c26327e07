import {
  adyenStepOf,
  FailDetail,
  type OrderCreated,
  OrderIdParam,
  type OrderKind,
  type OrderPlatformData,
  type Outcome,
  type PayType,
  Source,
} from '@topup/contracts';
import { LIMITS } from '@topup/contracts/limits';
import type { ApiClient, CallResult, Params } from '../api/client';

import { answerDoubtOf } from './answerDoubt';
import { outcomeOfPaymentFailure, type PaymentFailure } from './outcome';
import {
  REDIRECT_REFUSED,
  type ThreeDsAction,
  type ThreeDsAdapter,
  type TokenisedCard,
  type TokenisedCvv,
} from './providers/types';
import { pollDecisionOf } from './resultPoll';
import { type Connection, forgetUnsent, keepUnsent, resendUnsent, unanswered } from './unsentResult';

/**
 * The payment engine: order creation with X-CLI-RID, the order's next state, 3-D Secure, polling the result
 * and the failure lookup. UI-free; the page runs it and renders what it answers.
 */

export const POLL_INTERVAL_MS = LIMITS.resultPollMs;
export const POLL_TRIES = LIMITS.resultPollTries;
/**
 * A result asked for again while the visitor waits (a reload, a return from a provider's page, "check again"):
 * SPEC §9's 100 polls are the wait that follows a payment the page itself is completing; an order it is not
 * completing (the visitor left its page, or already waited for it) is asked briefly, about 3 s, and said
 * "processing" with "check again" and its other ways on, never a screen locked for most of a minute.
 */
export const CHECK_TRIES = 6;

export interface OrderContext {
  readonly rechargeId: string;
  readonly toUid: number;
  readonly payType: PayType;
  readonly kind: OrderKind;
  readonly deviceId: string;
  readonly sessionKey: string | undefined;
  readonly pageViewId: string;
}

export interface CardPayment {
  readonly sourceId?: string | undefined;
  readonly tokenised?: TokenisedCard | undefined;
  readonly cvv?: TokenisedCvv | undefined;
  readonly holderName?: string | undefined;
  readonly remember?: boolean | undefined;
}

/** create_coin_pay's parameters: only tokens and public card fields, never a number or a CVV. */
export function coinPayParams(order: OrderContext, card: CardPayment = {}): Params<'createCoinPay'> {
  const platformData = { ...(card.tokenised?.platformData ?? {}), ...(card.cvv?.platformData ?? {}) };
  const t = card.tokenised;
  return {
    recharge_id: order.rechargeId,
    uid: order.toUid,
    pay_type: order.payType,
    source: Source.main,
    kind: order.kind,
    ext: {
      h5_deviceid: order.deviceId,
      page_view_id: order.pageViewId,
      ...(order.sessionKey === undefined ? {} : { session_key: order.sessionKey }),
    },
    ...(order.sessionKey === undefined ? {} : { session_key: order.sessionKey }),
    ...(card.sourceId === undefined ? {} : { source_id: card.sourceId }),
    ...(Object.keys(platformData).length === 0 ? {} : { platform_data: platformData }),
    ...(t?.token === undefined ? {} : { token: t.token }),
    ...(card.cvv?.cvvToken === undefined ? {} : { cvv_token: card.cvv.cvvToken }),
    ...(t === undefined ? {} : { bin: t.bin, last4: t.last4, scheme: t.scheme }),
    ...(t?.cardValidDate === undefined ? {} : { card_valid_date: t.cardValidDate }),
    ...(card.holderName === undefined || card.holderName === '' ? {} : { name: card.holderName }),
    ...(card.remember === undefined ? {} : { is_remember: card.remember }),
  };
}

/** One X-CLI-RID per payment attempt: the device id and a timestamp (SPEC §3 order client-direction id). */
export function orderRequestId(deviceId: string, now: number): string {
  return `${deviceId}-${now}`;
}

export type Step =
  | { readonly kind: 'paid'; readonly sourceId: string | undefined }
  | { readonly kind: 'failed'; readonly failure: PaymentFailure }
  | { readonly kind: 'action'; readonly action: ThreeDsAction }
  | { readonly kind: 'redirect'; readonly url: string }
  | { readonly kind: 'pending' };

/**
 * What the server's platform_data says happens next (provider 17's result codes included). An answer whose
 * fields contradict each other (`answerDoubt.ts`) is pending: the result poll asks the server for the order,
 * never a success nor a "nothing was charged" read from it (a retry would make a second order).
 */
export function nextStep(data: OrderPlatformData, url: string): Step {
  if (answerDoubtOf(data) !== undefined) return { kind: 'pending' };
  const failure: PaymentFailure = {
    errCode: data.err_code,
    failDetail: data.fail_detail,
    refusalReasonCode: data.refusalReasonCode,
  };
  if (data.status === 'paid') return { kind: 'paid', sourceId: data.source_id };
  if (data.status === 'failed') return { kind: 'failed', failure };
  if (data.status === 'action' && data.action !== undefined) return { kind: 'action', action: data.action };
  if (data.status === 'redirect' && url !== '') return { kind: 'redirect', url };
  if (data.resultCode !== undefined) {
    const adyen = adyenStepOf(data.resultCode, data.refusalReasonCode);
    if (adyen.kind === 'done') {
      return adyen.outcome === 'success'
        ? { kind: 'paid', sourceId: data.source_id }
        : { kind: 'failed', failure };
    }
  }
  return { kind: 'pending' };
}

export interface EngineDeps {
  readonly api: ApiClient;
  readonly sleep: (ms: number) => Promise<void>;
}

export type Settled =
  | { readonly kind: 'paid'; readonly sourceId: string | undefined }
  | { readonly kind: 'failed'; readonly failure: PaymentFailure }
  /**
   * The server knows no such order (23001) for this caller, or the id is none an order can have (past the
   * contract's 64 characters; never sent): nothing is known of a charge for it.
   */
  | { readonly kind: 'notFound' }
  | { readonly kind: 'pending' };

/**
 * Polls pay_result_by_order_fast every 500 ms up to 100 tries while the answer does not know yet
 * (`pollDecisionOf`); a definite answer ends it at once. One the same request would meet again is "pending":
 * the order's state stays unknown.
 *
 * `tries` is how many result polls this call may make; `budget` is what is left of SPEC §9's shared budget
 * (100 tries) for this order's check: a failure's reason is polled with what the result polls left of it.
 */
export async function pollOrder(
  deps: EngineDeps,
  orderId: string,
  extra: Record<string, string | number> = {},
  tries = POLL_TRIES,
  budget = POLL_TRIES,
): Promise<Settled> {
  // An id the contract refuses (a crafted or cut link) names no order: not found, and nothing is asked.
  if (!OrderIdParam.safeParse(orderId).success) return { kind: 'notFound' };
  for (let attempt = 0; attempt < Math.min(tries, budget); attempt += 1) {
    if (attempt > 0) await deps.sleep(POLL_INTERVAL_MS);
    const answer = await deps.api.call('payResultByOrderFast', { zp_orderid: orderId, ...extra });
    const decision = pollDecisionOf(answer);
    // A decided order (or none) has nothing left to be sent for it.
    if (decision.kind !== 'askAgain' && decision.kind !== 'unanswerable') forgetUnsent(orderId);
    switch (decision.kind) {
      case 'askAgain':
        continue;
      case 'paid':
        return { kind: 'paid', sourceId: decision.sourceId };
      case 'failed':
        return { kind: 'failed', failure: await failureOf(deps, orderId, budget - attempt - 1) };
      case 'notFound':
        return { kind: 'notFound' };
      case 'unanswerable':
        return { kind: 'pending' };
    }
  }
  return { kind: 'pending' };
}

/**
 * The failure reason (get_pay_error_by_order), polled while it still says pending, up to `tries`: what is left
 * of the shared budget. None left, or pending throughout: the default reason.
 */
export async function failureOf(deps: EngineDeps, orderId: string, tries: number): Promise<PaymentFailure> {
  for (let attempt = 0; attempt < tries; attempt += 1) {
    if (attempt > 0) await deps.sleep(POLL_INTERVAL_MS);
    const answer = await deps.api.call('getPayError', { order_id: orderId, source: Source.main });
    if (!answer.ok) return {};
    if (answer.data.fail_detail === 'pending') continue;
    return {
      errCode: answer.data.err_code,
      failDetail: answer.data.fail_detail,
      summary: answer.data.err_summary,
    };
  }
  return { failDetail: 'default' };
}

export interface ThreeDsDeps extends EngineDeps {
  readonly threeDs: () => Promise<ThreeDsAdapter>;
  readonly container: () => HTMLElement;
  readonly signal: AbortSignal;
  /** 3-D Secure begins: its action says whether in the page's layer or on the issuer's page (a redirect). */
  readonly onVerifying: (action: ThreeDsAction) => void;
  /** The challenge's own signal: aborted when the visitor cancels it (its cancel button, or back). */
  readonly challengeSignal?: AbortSignal | undefined;
  /** Sends the page to a provider's page; false when its address is refused and the page stays. */
  readonly onRedirect: (url: string) => boolean;
  /** The challenge answered: its result is sent and the order asked for (the challenge is no longer shown). */
  readonly onAnswered?: (() => void) | undefined;
  /** The challenge's result waits for the connection to be sent (true), or no longer (false). */
  readonly onUnsent?: ((waiting: boolean) => void) | undefined;
  /** The connection the unsent result waits for (the browser's unless a test gives one). */
  readonly connection?: Connection | undefined;
}

export type PaymentEnd =
  | {
      readonly kind: 'done';
      readonly outcome: Outcome;
      readonly failure: PaymentFailure | undefined;
      readonly sourceId: string | undefined;
      /** A 3-D Secure step ran (a verify failure is then the bank's, not a saved card's code). */
      readonly challenged?: boolean;
    }
  /** The visitor cancelled the challenge; `confirmed` when the server says the order ended uncharged. */
  | { readonly kind: 'challengeCancelled'; readonly confirmed: boolean }
  | { readonly kind: 'redirected' }
  /** The provider's page (hosted or 3-D Secure) was refused by the trusted-host policy: nothing to pay on. */
  | { readonly kind: 'redirectRefused' }
  /** The server knows no such order (23001): neither paid nor failed, nothing known of a charge. */
  | { readonly kind: 'notFound' }
  | { readonly kind: 'pending' };

export const done = (settled: Settled): PaymentEnd => {
  if (settled.kind === 'pending' || settled.kind === 'notFound') return { kind: settled.kind };
  if (settled.kind === 'paid')
    return { kind: 'done', outcome: 'success', failure: undefined, sourceId: settled.sourceId };
  return {
    kind: 'done',
    outcome: outcomeOfPaymentFailure(settled.failure),
    failure: settled.failure,
    sourceId: undefined,
  };
};

/**
 * From the order answer to an end: 3-D Secure actions are run and their results submitted; an abandoned,
 * failed or timed-out verification asks the server for the order's state rather than assuming.
 */
export async function completePayment(deps: ThreeDsDeps, created: OrderCreated): Promise<PaymentEnd> {
  let step = nextStep(created.platform_data, created.url);
  let challenged = false;
  const ended = (settled: Settled): PaymentEnd => {
    const end = done(settled);
    return end.kind === 'done' && challenged ? { ...end, challenged } : end;
  };
  for (let round = 0; round < 5; round += 1) {
    switch (step.kind) {
      case 'paid':
        return ended({ kind: 'paid', sourceId: step.sourceId });
      case 'failed':
        return ended({ kind: 'failed', failure: step.failure });
      case 'pending':
        return ended(await pollOrder(deps, created.order_id));
      case 'redirect':
        return deps.onRedirect(step.url) ? { kind: 'redirected' } : { kind: 'redirectRefused' };
      case 'action': {
        challenged = true;
        deps.onVerifying(step.action);
        const adapter = await deps.threeDs();
        const signal =
          deps.challengeSignal === undefined
            ? deps.signal
            : AbortSignal.any([deps.signal, deps.challengeSignal]);
        const outcome = await adapter.run({
          orderId: created.order_id,
          action: step.action,
          container: deps.container(),
          signal,
        });
        if (outcome.kind === 'redirected') return { kind: 'redirected' };
        if (outcome.kind === 'failed' && outcome.reason === REDIRECT_REFUSED)
          return { kind: 'redirectRefused' };
        if (outcome.kind === 'cancelled' && deps.challengeSignal?.aborted === true) {
          // The visitor gave the verification up: the order is given up too, then the server says what it is.
          await deps.api.call('clickCancel', { app_order: created.order_id, reason: FailDetail.userCancel });
          const settled = await pollOrder(deps, created.order_id, {}, 1);
          if (settled.kind === 'paid') return ended(settled);
          return {
            kind: 'challengeCancelled',
            confirmed: settled.kind === 'failed' && settled.failure.failDetail === FailDetail.userCancel,
          };
        }
        if (outcome.kind !== 'authentication') {
          // Abandoned or failed: the server decides; still undecided means the verification did not finish.
          const settled = await pollOrder(deps, created.order_id, {}, 1);
          if (settled.kind !== 'pending') return ended(settled);
          return {
            kind: 'done',
            outcome: 'verify',
            failure: { failDetail: FailDetail.threeDsFailed },
            sourceId: undefined,
            challenged,
          };
        }
        deps.onAnswered?.();
        const params = { order_id: created.order_id, platform_data: { ...outcome.platformData } };
        let submitted = await deps.api.call('submitAuthenticationResult', params);
        if (!submitted.ok && unanswered(submitted)) {
          // The bank's answer never reached the server, which cannot decide the order without it: it is kept
          // (in memory) and sent again once the connection is back; still unsent, "check again" sends it.
          let latest: CallResult<'submitAuthenticationResult'> = submitted;
          keepUnsent(created.order_id, async () => {
            latest = await deps.api.call('submitAuthenticationResult', params);
            return latest;
          });
          await resendUnsent(deps, created.order_id);
          submitted = latest;
        }
        if (!submitted.ok) return ended(await pollOrder(deps, created.order_id, {}, 3));
        step = nextStep(submitted.data, '');
        break;
      }
    }
  }
  return ended(await pollOrder(deps, created.order_id));
}
