import {
  FailDetail,
  OrderResult,
  outcomeOfFailure,
  ServerCode,
  WALLET_PENDING_POLLS,
  walletFailureReasonOf,
  walletSheetCancelled,
  walletTokens,
} from '@topup/contracts';
import { decodeMerchantSession, WALLET_CANCEL_TOKEN, WalletVerifyCode } from '@topup/contracts/simulators';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { callInject, okData } from './support/inject';
import { coinOrder, createdOrder, NOW, payError, pollResult } from './support/payments';

let app: FastifyInstance;
let rid = 0;
const walletOrder = async () =>
  (await createdOrder(app, coinOrder({ pay_type: 26 }), `rid-wallet-${++rid}`)).order_id;

const verify = (appOrder: string, token: string) =>
  callInject(app, 'adyenVerifyPay', {
    app_order: appOrder,
    apple_pay_token: token,
    payment_method_type: 'applepay',
  });

const sessionData = (appOrder: string, domain: string) =>
  callInject(app, 'adyenApplePaySessionData', {
    uid: 1002,
    source: 1,
    display_name: 'Top-up',
    domain_name: domain,
    app_order: appOrder,
    merchant_identifier: 'merchant.com.mock.topup',
  });

beforeAll(async () => {
  app = await buildApp({ now: NOW });
});
afterAll(() => app.close());

describe('the wallet merchant session', () => {
  it('answers base64 JSON of a merchant session for a payable domain', async () => {
    const order = await walletOrder();
    expect((await pollResult(app, order)).result).toBe(OrderResult.pending);
    const data = okData('adyenApplePaySessionData', await sessionData(order, 'localhost:8080'));
    const session = decodeMerchantSession(data.session_json_string);
    expect(session).toMatchObject({ domainName: 'localhost:8080', displayName: 'Top-up' });
    expect(session?.epochTimestamp).toBe(NOW.getTime());
    expect(session?.expiresAt).toBeGreaterThan(NOW.getTime());
  });

  it('fails merchant validation on a domain the wallet cannot pay on @spec:code.25002', async () => {
    const order = await walletOrder();
    expect((await sessionData(order, '127.0.0.1:8080')).result).toBe(ServerCode.walletSessionFailed);
  });

  it('refuses an unknown order, and an order of a card pay type @spec:code.23001 @spec:code.25001 @spec:rule.walletType', async () => {
    expect((await sessionData('PO-nope', 'localhost')).result).toBe(ServerCode.orderNotFound);
    const card = await createdOrder(app, coinOrder({ pay_type: 24 }), `rid-wallet-${++rid}`);
    expect((await sessionData(card.order_id, 'localhost')).result).toBe(ServerCode.walletTypeUnavailable);
  });
});

describe('every TESTDATA wallet token through adyen_verify_pay', () => {
  it.each(walletTokens.map((row) => [row.token, row] as const))(
    '%s @spec:failDetail.pending',
    async (token, row) => {
      const order = await walletOrder();
      const answer = okData('adyenVerifyPay', await verify(order, token));
      if (row.pending_polls > 0) {
        expect(answer).toEqual({ code: WalletVerifyCode.pending, fail_detail: FailDetail.pending });
        for (let poll = 0; poll < row.pending_polls; poll++) {
          expect((await pollResult(app, order)).result).toBe(OrderResult.pending);
          expect((await payError(app, order)).fail_detail).toBe(FailDetail.pending);
        }
      } else if (row.final_result === 0) {
        expect(answer).toEqual({ code: WalletVerifyCode.paid, fail_detail: '' });
      } else {
        expect(answer).toEqual({ code: WalletVerifyCode.failed, fail_detail: row.fail_detail });
      }
      const settled = await pollResult(app, order);
      expect(settled.result).toBe(row.final_result === 0 ? OrderResult.success : OrderResult.failed);
      const error = await payError(app, order);
      if (row.final_result === 0) {
        expect(error.fail_detail).toBe('');
      } else {
        expect(walletFailureReasonOf(error.fail_detail)).toBe(row.failure_reason);
      }
      if (token === 'wallet:insufficient') {
        expect(outcomeOfFailure({ errCode: error.err_code, failDetail: error.fail_detail })).toBe('balance');
      }
      // The decided order answers the same to a repeated verify.
      expect(okData('adyenVerifyPay', await verify(order, token)).code).toBe(
        row.final_result === 0 ? WalletVerifyCode.paid : WalletVerifyCode.failed,
      );
    },
  );

  it('records a cancelled sheet as userCancel and charges nothing, by token or by click_cancel', async () => {
    const byToken = await walletOrder();
    expect(okData('adyenVerifyPay', await verify(byToken, WALLET_CANCEL_TOKEN))).toEqual({
      code: WalletVerifyCode.failed,
      fail_detail: walletSheetCancelled.fail_detail,
    });
    const byCancel = await walletOrder();
    await callInject(app, 'clickCancel', { app_order: byCancel, reason: FailDetail.userCancel });
    for (const order of [byToken, byCancel]) {
      expect((await pollResult(app, order)).result).toBe(OrderResult.failed);
      expect(walletFailureReasonOf((await payError(app, order)).fail_detail)).toBe('userCancel');
    }
  });

  it('answers the same token sent again while pending with that payment, its polls not started over', async () => {
    const order = await walletOrder();
    const pending = { code: WalletVerifyCode.pending, fail_detail: FailDetail.pending };
    expect(okData('adyenVerifyPay', await verify(order, 'wallet:pending-success'))).toEqual(pending);
    for (let poll = 0; poll < WALLET_PENDING_POLLS - 1; poll++) {
      expect((await pollResult(app, order)).result).toBe(OrderResult.pending);
    }
    expect(okData('adyenVerifyPay', await verify(order, 'wallet:pending-success'))).toEqual(pending);
    // Another token for the order already paying is refused, and changes nothing.
    expect((await verify(order, 'wallet:success')).result).toBe(ServerCode.invalidParam);
    expect((await pollResult(app, order)).result).toBe(OrderResult.pending);
    expect((await pollResult(app, order)).result).toBe(OrderResult.success);
    expect(okData('adyenVerifyPay', await verify(order, 'wallet:pending-success')).code).toBe(
      WalletVerifyCode.paid,
    );
  });

  it('keeps a pending payment pending for exactly three polls', () => {
    expect(WALLET_PENDING_POLLS).toBe(3);
  });
});

describe('check_domain_payable', () => {
  const check = (domain: string, payType: 26 | 23 = 26) =>
    callInject(app, 'checkDomainPayable', { pay_type: payType, domain });

  it.each([
    ['localhost:8080', { is_payable: true, domain: 'localhost:8080' }],
    ['localhost', { is_payable: true, domain: 'localhost' }],
    ['127.0.0.1:8080', { is_payable: false, domain: 'localhost:8080' }],
    ['http://127.0.0.1:5173/recharge-list', { is_payable: false, domain: 'localhost:5173' }],
    ['evil.example:8080', { is_payable: false, domain: '' }],
  ])('%s', async (domain, expected) => {
    expect(okData('checkDomainPayable', await check(domain))).toEqual({ ...expected, pay_type: 26 });
  });

  it('never sends a visitor to a host outside walletHosts', async () => {
    const strict = await buildApp({ now: NOW, walletHosts: ['127.0.0.1'] });
    const answer = await callInject(strict, 'checkDomainPayable', { pay_type: 26, domain: '127.0.0.1:8080' });
    expect(okData('checkDomainPayable', answer)).toEqual({ is_payable: false, domain: '', pay_type: 26 });
    await strict.close();
  });

  it('answers payable for a pay type that is not a wallet', async () => {
    expect(okData('checkDomainPayable', await check('127.0.0.1:8080', 23)).is_payable).toBe(true);
  });
});
