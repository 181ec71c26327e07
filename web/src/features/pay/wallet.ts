import {
  FailDetail,
  type PayType,
  Source,
  type WalletFailureReason,
  walletFailureReasonOf,
} from '@topup/contracts';
import { decodeMerchantSession, WalletVerifyCode } from '@topup/contracts/simulators';
import type { ApiClient } from '../../api/client';
import type { WalletPaymentRequest, WalletSession, WalletSessionConstructor } from '../providers/types';
import { failureOf, pollOrder } from './payment';

/**
 * The wallet flow (SPEC §4): the sheet begins in the tap; merchant validation creates the order and
 * completes with the decoded session; authorisation goes to adyen_verify_pay; pending polls every 500 ms.
 * The sheet is completed at once (within the wallet's 30 s) even while the result is pending.
 */

export const MERCHANT_SESSION_WAIT_MS = 15_000;

export interface WalletSheetConfig {
  readonly countryCode: string;
  readonly currencyCode: string;
  readonly supportedNetworks: readonly string[];
  readonly merchantCapabilities: readonly string[];
  readonly merchantName: string;
}

/** SPEC §9 sheet defaults: HK, USD, visa, masterCard, chinaUnionPay. */
export const DEFAULT_SHEET: WalletSheetConfig = {
  countryCode: 'HK',
  currencyCode: 'USD',
  supportedNetworks: ['visa', 'masterCard', 'chinaUnionPay'],
  merchantCapabilities: ['supports3DS'],
  merchantName: 'Top-up',
};

export function walletRequest(config: WalletSheetConfig, amountUsd: number): WalletPaymentRequest {
  return {
    countryCode: config.countryCode,
    currencyCode: config.currencyCode,
    supportedNetworks: config.supportedNetworks,
    merchantCapabilities: config.merchantCapabilities,
    total: { label: config.merchantName, amount: amountUsd.toFixed(2) },
  };
}

export type WalletEnd =
  | { readonly kind: 'paid'; readonly orderId: string }
  | { readonly kind: 'failed'; readonly orderId: string | undefined; readonly reason: WalletFailureReason }
  | { readonly kind: 'pending'; readonly orderId: string };

export interface WalletDeps {
  readonly api: ApiClient;
  readonly sleep: (ms: number) => Promise<void>;
  readonly Session: WalletSessionConstructor;
  readonly createOrder: () => Promise<{ ok: true; orderId: string } | { ok: false; message: string }>;
  readonly uid: number;
  readonly domain: string;
  readonly sessionKey: string | undefined;
  readonly payType: PayType;
  /** Called when the sheet is closed and the result is still being waited for. */
  readonly onWaiting: () => void;
}

function withTimeout<T>(
  promise: Promise<T>,
  ms: number,
  sleep: (ms: number) => Promise<void>,
): Promise<T | 'timeout'> {
  return Promise.race([promise, sleep(ms).then(() => 'timeout' as const)]);
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
    const fail = (reason: WalletFailureReason) => {
      session.abort();
      end({ kind: 'failed', orderId, reason });
    };

    session.onvalidatemerchant = () => {
      void (async () => {
        const created = await deps.createOrder();
        if (!created.ok) return fail('default');
        orderId = created.orderId;
        const params = {
          uid: deps.uid,
          source: Source.main,
          display_name: request.total.label,
          domain_name: deps.domain,
          app_order: created.orderId,
          merchant_identifier: request.total.label,
        };
        // The merchant session wait is 15 s, with one retry.
        for (let attempt = 0; attempt < 2; attempt += 1) {
          const answer = await withTimeout(
            deps.api.call('adyenApplePaySessionData', params),
            MERCHANT_SESSION_WAIT_MS,
            deps.sleep,
          );
          if (answer === 'timeout') continue;
          if (!answer.ok) return fail('default');
          const merchantSession = decodeMerchantSession(answer.data.session_json_string);
          if (merchantSession === undefined) return fail('default');
          session.completeMerchantValidation(merchantSession);
          return;
        }
        fail('networkTimeout');
      })();
    };

    session.onpaymentauthorized = (event) => {
      void (async () => {
        if (orderId === undefined) return fail('default');
        const paymentData = event.payment.token.paymentData;
        const token = typeof paymentData === 'string' ? paymentData : JSON.stringify(paymentData);
        const answer = await deps.api.call('adyenVerifyPay', {
          app_order: orderId,
          apple_pay_token: token,
          payment_method_type: 'applepay',
          ...(deps.sessionKey === undefined ? {} : { session_key: deps.sessionKey }),
        });
        if (!answer.ok) {
          session.completePayment(deps.Session.STATUS_FAILURE);
          return end({ kind: 'failed', orderId, reason: 'default' });
        }
        const { code, fail_detail: detail } = answer.data;
        if (code === WalletVerifyCode.paid) {
          session.completePayment(deps.Session.STATUS_SUCCESS);
          return end({ kind: 'paid', orderId });
        }
        if (code === WalletVerifyCode.pending || detail === FailDetail.pending) {
          // Close the sheet now; the result panel goes on waiting.
          session.completePayment(deps.Session.STATUS_SUCCESS);
          deps.onWaiting();
          const settled = await pollOrder(deps, orderId);
          if (settled.kind === 'paid') return end({ kind: 'paid', orderId });
          if (settled.kind === 'pending') return end({ kind: 'pending', orderId });
          return end({ kind: 'failed', orderId, reason: walletFailureReasonOf(settled.failure.failDetail) });
        }
        session.completePayment(deps.Session.STATUS_FAILURE);
        const failure = detail === '' ? await failureOf(deps, orderId) : { failDetail: detail };
        end({ kind: 'failed', orderId, reason: walletFailureReasonOf(failure.failDetail) });
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
