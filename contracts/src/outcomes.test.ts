import { describe, expect, it } from 'vitest';
import {
  adyenStepOf,
  FailDetail,
  outcomeOfAdyenRefusal,
  outcomeOfFailure,
  walletFailureReasonOf,
} from './outcomes';

describe('outcomeOfFailure (SPEC §4 failure-detail mapping)', () => {
  it.each([
    [{ failDetail: FailDetail.insufficientFunds }, 'balance'],
    [{ errCode: '20051' }, 'balance'],
    [{ errCode: 20051 }, 'balance'],
    [{ failDetail: FailDetail.threeDsFailed }, 'verify'],
    [{ errCode: 20054 }, 'expire'],
    [{ errCode: '20054', failDetail: 'default' }, 'expire'],
    [{ failDetail: FailDetail.channelRisk }, 'highRisk'],
    [{ failDetail: FailDetail.timeOut }, 'other'],
    [{ errCode: '200P1' }, 'other'],
    [{ failDetail: 'default' }, 'other'],
    [{}, 'other'],
  ] as const)('%j gives %s', (failure, outcome) => {
    expect(outcomeOfFailure(failure)).toBe(outcome);
  });
});

describe('outcomeOfAdyenRefusal (SPEC §4 provider 17)', () => {
  it.each([
    ['6', 'expire'],
    [6, 'expire'],
    ['11', 'verify'],
    ['24', 'verify'],
    ['12', 'balance'],
    ['2', 'other'],
    [undefined, 'other'],
  ] as const)('refusal %s gives %s', (code, outcome) => {
    expect(outcomeOfAdyenRefusal(code)).toBe(outcome);
  });
});

describe('adyenStepOf', () => {
  it.each([
    ['Authorised', undefined, { kind: 'done', outcome: 'success' }],
    ['ChallengeShopper', undefined, { kind: 'action', action: 'ChallengeShopper' }],
    ['IdentifyShopper', undefined, { kind: 'action', action: 'IdentifyShopper' }],
    ['RedirectShopper', undefined, { kind: 'action', action: 'RedirectShopper' }],
    ['Refused', '12', { kind: 'done', outcome: 'balance' }],
    ['Refused', '6', { kind: 'done', outcome: 'expire' }],
    ['Pending', undefined, { kind: 'pending' }],
    ['Received', undefined, { kind: 'pending' }],
    ['Cancelled', undefined, { kind: 'done', outcome: 'other' }],
    ['Error', undefined, { kind: 'done', outcome: 'other' }],
  ] as const)('%s (%s)', (code, refusal, step) => {
    expect(adyenStepOf(code, refusal)).toEqual(step);
  });
});

describe('walletFailureReasonOf (SPEC §4 wallet flow)', () => {
  it.each([
    ['userCancel', 'userCancel'],
    ['time_out', 'networkTimeout'],
    ['channel_user_risk', 'highRisk'],
    ['3ds_authentication_failure', 'verifyFailed'],
    ['Insufficient Funds or Exceeds Amount Limits', 'insufficientFunds'],
    ['default', 'default'],
    [undefined, 'default'],
  ] as const)('%s gives %s', (detail, reason) => {
    expect(walletFailureReasonOf(detail)).toBe(reason);
  });
});
