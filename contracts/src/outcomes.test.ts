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
    [{ failDetail: FailDetail.insufficientFunds }, 'balance', '@spec:failDetail.insufficientFunds'],
    [{ errCode: '20051' }, 'balance', '@spec:decline.20051'],
    [{ errCode: 20051 }, 'balance', ''],
    [{ failDetail: FailDetail.threeDsFailed }, 'verify', '@spec:failDetail.threeDsFailed'],
    [{ errCode: 20054 }, 'expire', '@spec:decline.20054'],
    [{ errCode: '20054', failDetail: 'default' }, 'expire', ''],
    [{ failDetail: FailDetail.channelRisk }, 'highRisk', '@spec:failDetail.channelRisk'],
    [{ failDetail: FailDetail.timeOut }, 'other', '@spec:failDetail.timeOut'],
    [{ errCode: '200P1' }, 'other', ''],
    [{ failDetail: 'default' }, 'other', '@spec:failDetail.default'],
    [{}, 'other', ''],
  ] as const)('%j gives %s %s', (failure, outcome, _tag) => {
    expect(outcomeOfFailure(failure)).toBe(outcome);
  });
});

describe('outcomeOfAdyenRefusal (SPEC §4 provider 17)', () => {
  it.each([
    ['6', 'expire', ''],
    [6, 'expire', ''],
    ['11', 'verify', ''],
    ['24', 'verify', ''],
    ['12', 'balance', ''],
    ['2', 'other', ''],
    [undefined, 'other', ''],
  ] as const)('refusal %s gives %s %s', (code, outcome, _tag) => {
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
  ] as const)('@spec:provider17.%s (%s)', (code, refusal, step) => {
    expect(adyenStepOf(code, refusal)).toEqual(step);
  });
});

describe('walletFailureReasonOf (SPEC §4 wallet flow)', () => {
  it.each([
    ['userCancel', 'userCancel', '@spec:failDetail.userCancel @spec:wallet.userCancel'],
    ['time_out', 'networkTimeout', '@spec:wallet.networkTimeout'],
    ['channel_user_risk', 'highRisk', '@spec:wallet.highRisk'],
    ['3ds_authentication_failure', 'verifyFailed', '@spec:wallet.verifyFailed'],
    ['Insufficient Funds or Exceeds Amount Limits', 'insufficientFunds', '@spec:wallet.insufficientFunds'],
    ['default', 'default', '@spec:wallet.default'],
    [undefined, 'default', ''],
  ] as const)('%s gives %s %s', (detail, reason, _tag) => {
    expect(walletFailureReasonOf(detail)).toBe(reason);
  });
});
