import { describe, expect, it } from 'vitest';
import { domainPayability, walletSheetCancelled, walletTokenOutcome, walletTokens } from './wallet';

describe('wallet tokens', () => {
  it.each([
    ['wallet:success', '', 0, 0, null],
    ['wallet:pending-success', 'pending', 3, 0, null],
    ['wallet:pending-fail', 'pending', 3, 1, 'default'],
    ['wallet:insufficient', 'Insufficient Funds or Exceeds Amount Limits', 0, 1, 'insufficientFunds'],
    ['wallet:risk', 'channel_user_risk', 0, 1, 'highRisk'],
    ['wallet:timeout', 'time_out', 0, 1, 'networkTimeout'],
  ])('%s: fail_detail %j, %i pending polls, then %i (%s)', (token, detail, polls, result, reason) => {
    expect(walletTokenOutcome(token)).toMatchObject({
      token,
      fail_detail: detail,
      pending_polls: polls,
      final_result: result,
      failure_reason: reason,
    });
  });

  it('has exactly the six tokens of TESTDATA', () => {
    expect(walletTokens).toHaveLength(6);
  });

  it('pays an unknown token at once', () => {
    expect(walletTokenOutcome('opaque-real-token')).toMatchObject({
      token: 'opaque-real-token',
      final_result: 0,
      pending_polls: 0,
      failure_reason: null,
    });
  });

  it('cancels the sheet with userCancel, nothing charged', () => {
    expect(walletSheetCancelled).toEqual({
      fail_detail: 'userCancel',
      failure_reason: 'userCancel',
      toast: 'payment cancelled',
      charged: false,
    });
  });
});

describe('domainPayability', () => {
  it.each([
    ['localhost', true, 'localhost'],
    ['localhost:5173', true, 'localhost:5173'],
    ['LOCALHOST:5173', true, 'LOCALHOST:5173'],
    ['topup.example.com', true, 'topup.example.com'],
    ['127.0.0.1', false, 'localhost'],
    ['127.0.0.1:5173', false, 'localhost:5173'],
    ['127.0.0.1:8080', false, 'localhost:8080'],
    ['http://127.0.0.1:4173/recharge-list?x=1', false, 'localhost:4173'],
    ['https://localhost:4173/', true, 'https://localhost:4173/'],
  ])('%s: payable %s, domain %s', (domain, payable, answer) => {
    expect(domainPayability(domain)).toEqual({ is_payable: payable, domain: answer });
  });
});
