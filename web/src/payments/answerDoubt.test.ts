import type { OrderPlatformData } from '@topup/contracts';
import { describe, expect, it } from 'vitest';
import { type AnswerDoubt, answerDoubtOf } from './answerDoubt';

/**
 * Attacker review (a lying server): an order answer whose status and fields disagree is believed neither way.
 * Each row is one answer and the doubt it raises (undefined: its fields agree, and it is taken as it says).
 */
const rows: readonly [string, OrderPlatformData, AnswerDoubt | undefined][] = [
  // What the mock (and a real server) answers: believed.
  ['paid', { status: 'paid' }, undefined],
  [
    'paid, Authorised, a saved card',
    { status: 'paid', resultCode: 'Authorised', source_id: 'src_1' },
    undefined,
  ],
  ['paid, empty failure fields', { status: 'paid', err_code: '', fail_detail: '' }, undefined],
  [
    'failed, a decline',
    { status: 'failed', err_code: '20051', fail_detail: 'Insufficient Funds or Exceeds Amount Limits' },
    undefined,
  ],
  [
    'failed, Refused 12',
    {
      status: 'failed',
      resultCode: 'Refused',
      refusalReasonCode: '12',
      err_code: '20051',
      fail_detail: 'default',
    },
    undefined,
  ],
  [
    'failed, Cancelled',
    { status: 'failed', resultCode: 'Cancelled', err_code: '', fail_detail: 'userCancel' },
    undefined,
  ],
  [
    'failed, Error',
    { status: 'failed', resultCode: 'Error', err_code: '200P1', fail_detail: 'default' },
    undefined,
  ],
  ['failed, no fields', { status: 'failed' }, undefined],
  [
    'failed, a saved card',
    { status: 'failed', err_code: '20054', fail_detail: 'default', source_id: 'src_1' },
    undefined,
  ],
  ['pending, Received', { status: 'pending', resultCode: 'Received' }, undefined],
  ['action, ChallengeShopper', { status: 'action', resultCode: 'ChallengeShopper' }, undefined],
  // Finding 1: a failure that says it went through.
  ['failed yet Authorised', { status: 'failed', resultCode: 'Authorised' }, 'failedButAuthorised'],
  [
    'failed yet Authorised, with a decline',
    { status: 'failed', resultCode: 'Authorised', err_code: '20051' },
    'failedButAuthorised',
  ],
  ['failed yet Pending', { status: 'failed', resultCode: 'Pending' }, 'failedButUndecided'],
  ['failed yet ChallengeShopper', { status: 'failed', resultCode: 'ChallengeShopper' }, 'failedButUndecided'],
  // Finding 1's second form: failure fields no server writes.
  [
    'failed, markup as err_code',
    { status: 'failed', err_code: '<img src=x onerror=alert(1)>', fail_detail: 'default' },
    'garbledFailure',
  ],
  [
    'failed, a bidi override in the detail',
    { status: 'failed', err_code: '20051', fail_detail: '\u202Eexpired' },
    'garbledFailure',
  ],
  ['failed, markup in the detail', { status: 'failed', fail_detail: '<b>expired</b>' }, 'garbledFailure'],
  ['failed, a flood as detail', { status: 'failed', fail_detail: 'A'.repeat(201) }, 'garbledFailure'],
  ['failed, a code with spaces', { status: 'failed', err_code: '200 51' }, 'garbledFailure'],
  // Finding 2: a success that says it was refused.
  [
    'paid yet Refused, with a decline',
    {
      status: 'paid',
      resultCode: 'Refused',
      err_code: '20051',
      fail_detail: 'Insufficient Funds or Exceeds Amount Limits',
    },
    'paidButNotAuthorised',
  ],
  ['paid yet Error', { status: 'paid', resultCode: 'Error' }, 'paidButNotAuthorised'],
  ['paid yet Pending', { status: 'paid', resultCode: 'Pending' }, 'paidButNotAuthorised'],
  ['paid with an err_code', { status: 'paid', err_code: '20051' }, 'paidWithFailure'],
  [
    'paid with a fail_detail',
    { status: 'paid', resultCode: 'Authorised', fail_detail: 'default' },
    'paidWithFailure',
  ],
  ['paid with a refusal reason', { status: 'paid', refusalReasonCode: '12' }, 'paidWithFailure'],
];

describe('answerDoubtOf: an order answer whose fields disagree', () => {
  it.each(rows)('%s', (_name, data, doubt) => {
    expect(answerDoubtOf(data)).toBe(doubt);
  });
});
