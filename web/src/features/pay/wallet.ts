import {
  type CallName,
  ClientCode,
  FailDetail,
  type PayType,
  Source,
  type WalletFailureReason,
  walletFailureReasonOf,
} from '@topup/contracts';
import { LIMITS, WALLET_SHEET } from '@topup/contracts/limits';
import { decodeMerchantSession, WalletVerifyCode } from '@topup/contracts/simulators';
import type { ApiClient, CallResult } from '../../api/client';
import { isAmbiguous } from '../../payments/ambiguous';
import { failureOf, POLL_INTERVAL_MS, POLL_TRIES, pollOrder, type Settled } from '../../payments/payment';
import type {
  WalletPaymentRequest,
  WalletSession,
  WalletSessionConstructor,
} from '../../payments/providers/types';
import { type Connection, keepUnsent, resendUnsent, unanswered } from '../../payments/unsentResult';

/**
 * The wallet flow (SPEC §4): the sheet begins in the tap; merchant validation creates the order and
 * completes with the decoded session; authorisation goes to adyen_verify_pay; pending polls every 500 ms
 * (one budget of 100 tries, the failure reason's lookup included) with the sheet still open, and the sheet
 * completes with 0 or 1 after the real result, before a failure's reason is asked. When Apple's window ends first, the sheet completes as not completed (1) and the page goes on
 * polling with the rest of the budget, then says "processing" if it is still undecided.
 *
 * Apple's limits hold whatever the backend does: merchant validation (order creation and the session waits)
 * fits in WALLET_SHEET.validateWithinMs or fails clearly, and completePayment comes within
 * WALLET_SHEET.completeWithinMs of authorisation; a verify that has not answered by then closes the sheet
 * and the result is waited for, as the pending path does.
 */

export const MERCHANT_SESSION_WAIT_MS = LIMITS.walletSessionMs;

export type WalletEnd =
  | { readonly kind: 'paid'; readonly orderId: string }
  | {
      readonly kind: 'failed';
      readonly orderId: string | undefined;
      readonly reason: WalletFailureReason;
      /** The visitor had authorised the payment: it was declined, rather than not started. */
      readonly authorised?: boolean;
    }
  | { readonly kind: 'pending'; readonly orderId: string }
  /** The server refused to make the order: the pay type is not (or no longer) offered (25001). */
  | { readonly kind: 'unavailable'; readonly orderId: undefined };

export interface WalletDeps {
  readonly api: ApiClient;
  readonly sleep: (ms: number) => Promise<void>;
  readonly Session: WalletSessionConstructor;
  /** Creates the order; `signal` aborts the request when the window closes first. */
  readonly createOrder: (
    signal: AbortSignal,
  ) => Promise<
    { ok: true; orderId: string } | { ok: false; message: string; ambiguous: boolean; unavailable?: boolean }
  >;
  readonly uid: number;
  readonly domain: string;
  readonly sessionKey: string | undefined;
  readonly payType: PayType;
  /** Called when the sheet is closed and the result is still being waited for. */
  readonly onWaiting: () => void;
  /** Called as soon as the order exists, so a reload or a return can find it again. */
  readonly onOrder?: (orderId: string) => void;
  /** The token waits for the connection to be sent (true), or no longer (false). */
  readonly onUnsent?: ((waiting: boolean) => void) | undefined;
  /** The connection an unsent token waits for (the browser's unless a test gives one). */
  readonly connection?: Connection | undefined;
}

const TIMEOUT: unique symbol = Symbol('timeout');

/** A call that cannot throw: an answer outside the contract counts as a network failure. */
function settled<N extends CallName>(call: Promise<CallResult<N>>): Promise<CallResult<N>> {
  return call.catch(() => ({ ok: false, result: ClientCode.network, message: '' }) as const);
}

function before<T>(
  promise: Promise<T>,
  ...deadlines: Promise<typeof TIMEOUT>[]
): Promise<T | typeof TIMEOUT> {
  return Promise.race([promise, ...deadlines]);
}

/** Runs one wallet payment from the tap; call it synchronously inside the click handler. */
export function runWallet(deps: WalletDeps, request: WalletPaymentRequest): Promise<WalletEnd> {
  const session: WalletSession = new deps.Session(1, request);
  let orderId: string | undefined;
  return new Promise<WalletEnd>((resolve) => {
    let ended = false;
    const end = (result: WalletEnd) => {
      if (ended) return;
      ended = true;
      resolve(result);
    };
    /** Before authorisation: the sheet is aborted and an order made for it is given up, so none is left open. */
    const fail = (reason: WalletFailureReason) => {
      if (ended) return;
      session.abort();
      if (orderId !== undefined) giveUp(orderId, reason);
      end({ kind: 'failed', orderId, reason });
    };
    const giveUp = (id: string, reason: WalletFailureReason) =>
      void settled(
        deps.api.call('clickCancel', {
          app_order: id,
          reason: reason === 'networkTimeout' ? FailDetail.timeOut : FailDetail.default,
        }),
      );

    session.onvalidatemerchant = () => {
      // Apple's window for merchant validation: everything below fits in it or the sheet fails clearly.
      const window = deps.sleep(WALLET_SHEET.validateWithinMs).then((): typeof TIMEOUT => TIMEOUT);
      void (async () => {
        const ordering = new AbortController();
        const creating = deps
          .createOrder(ordering.signal)
          .catch(() => ({ ok: false, message: '', ambiguous: true, unavailable: false }) as const);
        const created = await before(creating, window);
        if (created === TIMEOUT) {
          // Cancelled, so a retry (the same X-CLI-RID) is not held behind it by the browser.
          ordering.abort();
          fail('networkTimeout');
          // An order that arrives after the window will never be paid by this sheet: give it up too.
          void creating.then((late) => late.ok && giveUp(late.orderId, 'networkTimeout'));
          return;
        }
        if (!created.ok && created.unavailable === true) {
          // No order was made: the sheet goes, and the page says the method is not available.
          session.abort();
          return end({ kind: 'unavailable', orderId: undefined });
        }
        if (!created.ok) return fail(created.ambiguous ? 'networkTimeout' : 'default');
        if (ended) return;
        orderId = created.orderId;
        deps.onOrder?.(created.orderId);
        const params = {
          uid: deps.uid,
          source: Source.main,
          display_name: request.total.label,
          domain_name: deps.domain,
          app_order: created.orderId,
          merchant_identifier: request.total.label,
        };
        // The merchant session wait is 15 s, with one retry, both inside the window.
        for (let attempt = 0; attempt < LIMITS.walletSessionTries; attempt += 1) {
          // A wait that runs out is cancelled: the browser would hold an identical retry behind it.
          const attemptCall = new AbortController();
          const answer = await before(
            settled(deps.api.call('adyenApplePaySessionData', params, { signal: attemptCall.signal })),
            deps.sleep(MERCHANT_SESSION_WAIT_MS).then((): typeof TIMEOUT => TIMEOUT),
            window,
          );
          if (answer === TIMEOUT) attemptCall.abort();
          if (ended) return;
          if (answer === TIMEOUT) continue;
          if (!answer.ok) {
            if (isAmbiguous(answer.result) && attempt + 1 < LIMITS.walletSessionTries) continue;
            return fail(isAmbiguous(answer.result) ? 'networkTimeout' : 'default');
          }
          const merchantSession = decodeMerchantSession(answer.data.session_json_string);
          if (merchantSession === undefined) return fail('default');
          session.completeMerchantValidation(merchantSession);
          return;
        }
        fail('networkTimeout');
      })();
    };

    session.onpaymentauthorized = (event) => {
      // Apple cancels a sheet whose completePayment has not come within 30 s: this deadline comes first.
      const deadline = deps.sleep(WALLET_SHEET.completeWithinMs).then((): typeof TIMEOUT => TIMEOUT);
      let completed = false;
      const complete = (status: number) => {
        if (completed) return;
        completed = true;
        session.completePayment(status);
      };
      const waitForResult = async (id: string) => {
        // The sheet shows its own "processing" while it is open: the page's wait begins when it closes.
        let windowOver = false;
        void deadline.then(() => {
          windowOver = true;
        });
        // The sheet stays open while the result is polled within Apple's window: it shows the real outcome.
        // Each poll here asks no failure reason (a budget of one): the sheet is completed first, then it is asked.
        let polled: Settled = { kind: 'pending' };
        let tries = 0;
        while (tries < POLL_TRIES && !windowOver) {
          tries += 1;
          const answer = await before(pollOrder(deps, id, {}, 1, 1), deadline);
          if (answer === TIMEOUT) break;
          polled = answer;
          if (polled.kind !== 'pending') break;
          await before(deps.sleep(POLL_INTERVAL_MS), deadline);
        }
        // SPEC §9: one budget of 100 tries for the result and the failure reason together.
        const left = POLL_TRIES - tries;
        if (polled.kind === 'pending') {
          // Apple's window is over: the sheet says not completed, the page goes on with the rest of the budget.
          complete(deps.Session.STATUS_FAILURE);
          deps.onWaiting();
          polled = await pollOrder(deps, id, {}, left, left);
        } else if (polled.kind === 'failed') {
          complete(deps.Session.STATUS_FAILURE);
          polled = { kind: 'failed', failure: await failureOf(deps, id, left) };
        }
        complete(polled.kind === 'paid' ? deps.Session.STATUS_SUCCESS : deps.Session.STATUS_FAILURE);
        if (polled.kind === 'paid') return end({ kind: 'paid', orderId: id });
        if (polled.kind === 'pending') return end({ kind: 'pending', orderId: id });
        return end({
          kind: 'failed',
          orderId: id,
          // No such order (23001) has no reason to look up: the sheet's default failure.
          reason: walletFailureReasonOf(polled.kind === 'failed' ? polled.failure.failDetail : undefined),
          authorised: true,
        });
      };
      void (async () => {
        if (orderId === undefined) {
          complete(deps.Session.STATUS_FAILURE);
          return end({ kind: 'failed', orderId, reason: 'default' });
        }
        const id = orderId;
        const paymentData = event.payment.token.paymentData;
        const token = typeof paymentData === 'string' ? paymentData : JSON.stringify(paymentData);
        // The token lives in this closure only (memory): never in storage, a URL or a log.
        const verify = () =>
          settled(
            deps.api.call('adyenVerifyPay', {
              app_order: id,
              apple_pay_token: token,
              payment_method_type: 'applepay',
              ...(deps.sessionKey === undefined ? {} : { session_key: deps.sessionKey }),
            }),
          );
        let answer = await before(verify(), deadline);
        if (answer !== TIMEOUT && unanswered(answer)) {
          // The token never reached the server (the connection dropped): nothing can decide the order without
          // it, so it is sent again once the connection is back. Apple's window may end meanwhile: the sheet
          // then says not completed and the page says what it waits for.
          let latest: CallResult<'adyenVerifyPay'> = answer;
          keepUnsent(id, async () => {
            latest = await verify();
            return latest;
          });
          void deadline.then(() => {
            if (completed || ended) return;
            complete(deps.Session.STATUS_FAILURE);
            deps.onWaiting();
          });
          await resendUnsent({ sleep: deps.sleep, connection: deps.connection, onUnsent: deps.onUnsent }, id);
          answer = latest;
          if (unanswered(answer)) {
            // Still unsent after its tries: kept for "check again", the order undecided.
            complete(deps.Session.STATUS_FAILURE);
            return end({ kind: 'pending', orderId: id });
          }
        }
        // No answer in time, or no answer at all: the payment may have gone through; the server decides.
        if (answer === TIMEOUT || (!answer.ok && isAmbiguous(answer.result))) return waitForResult(id);
        if (!answer.ok) {
          complete(deps.Session.STATUS_FAILURE);
          return end({ kind: 'failed', orderId: id, reason: 'default', authorised: true });
        }
        const { code, fail_detail: detail } = answer.data;
        if (code === WalletVerifyCode.paid) {
          complete(deps.Session.STATUS_SUCCESS);
          return end({ kind: 'paid', orderId: id });
        }
        if (code === WalletVerifyCode.pending || detail === FailDetail.pending) return waitForResult(id);
        complete(deps.Session.STATUS_FAILURE);
        // No result was polled: the reason has the whole budget.
        const failure = detail === '' ? await failureOf(deps, id, POLL_TRIES) : { failDetail: detail };
        end({
          kind: 'failed',
          orderId: id,
          reason: walletFailureReasonOf(failure.failDetail),
          authorised: true,
        });
      })();
    };

    session.oncancel = () => {
      if (orderId !== undefined)
        void deps.api.call('clickCancel', { app_order: orderId, reason: FailDetail.userCancel });
      end({ kind: 'failed', orderId, reason: 'userCancel' });
    };

    session.begin();
  });
}
