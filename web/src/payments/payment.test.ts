import { OrderResult } from '@topup/contracts';
import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../api/client';
import { failureMessage } from './outcome';
import { completePayment, failureOf } from './payment';
import { REDIRECT_REFUSED, type ThreeDsAdapter, type ThreeDsOutcome } from './providers/types';

/**
 * A provider's page the trusted-host policy refuses (the order's hosted or issuer page, or a 3-D Secure
 * redirect) ends the payment as refused, never as "redirected" with the page left waiting; an allowed one
 * leaves.
 */

const noCalls = { call: vi.fn(() => Promise.reject(new Error('no call expected'))) } as unknown as ApiClient;

function deps(leaves: boolean, threeDs: ThreeDsOutcome = { kind: 'redirected' }) {
  const onRedirect = vi.fn(() => leaves);
  const adapter: ThreeDsAdapter = { run: () => Promise.resolve(threeDs) };
  return {
    onRedirect,
    deps: {
      api: noCalls,
      sleep: () => Promise.resolve(),
      threeDs: () => Promise.resolve(adapter),
      container: () => document.body,
      signal: new AbortController().signal,
      onVerifying: () => {},
      onRedirect,
    },
  };
}

const redirectOrder = {
  order_id: 'o1',
  url: 'https://pay.example/o1',
  platform_data: { status: 'redirect' as const },
};
const threeDsRedirectOrder = {
  order_id: 'o2',
  url: '',
  platform_data: {
    status: 'action' as const,
    action: { type: 'redirect' as const, url: 'https://issuer.example/' },
  },
};

describe("a provider's page", () => {
  it.each([
    ["the order's page, allowed", deps(true), redirectOrder, { kind: 'redirected' }],
    ["the order's page, refused", deps(false), redirectOrder, { kind: 'redirectRefused' }],
    ['a 3-D Secure redirect, allowed', deps(true), threeDsRedirectOrder, { kind: 'redirected' }],
    [
      'a 3-D Secure redirect, refused',
      deps(true, { kind: 'failed', reason: REDIRECT_REFUSED }),
      threeDsRedirectOrder,
      { kind: 'redirectRefused' },
    ],
  ] as const)('%s', async (_name, { deps: d }, order, end) => {
    expect(await completePayment(d, order)).toEqual(end);
  });

  it('3-D Secure is told its action: a redirect to the issuer, or a challenge in the page', async () => {
    const { deps: d } = deps(true);
    const onVerifying = vi.fn();
    await completePayment({ ...d, onVerifying }, threeDsRedirectOrder);
    expect(onVerifying).toHaveBeenCalledWith({ type: 'redirect', url: 'https://issuer.example/' });
  });

  it("the order's page is asked for with its url", async () => {
    const { deps: d, onRedirect } = deps(false);
    await completePayment(d, redirectOrder);
    expect(onRedirect).toHaveBeenCalledWith('https://pay.example/o1');
  });
});

describe('a 3-D Secure challenge', () => {
  it('sends the challenge details back with the order, then asks for the result @spec:pay.3ds', async () => {
    const calls: [string, unknown][] = [];
    const answers: Record<string, unknown> = {
      submitAuthenticationResult: { ok: true, data: { status: 'pending' } },
      payResultByOrderFast: { ok: true, data: { result: OrderResult.success, source_id: '' } },
    };
    const api = {
      call: vi.fn((name: string, params: unknown) => {
        calls.push([name, params]);
        return Promise.resolve(answers[name] ?? { ok: false, result: -2, message: '' });
      }),
    } as unknown as ApiClient;
    const { deps: d } = deps(true, { kind: 'authentication', platformData: { threeDSResult: 'r1' } });
    // Answered, the page is told before the result is sent (it shows the check, not the spent challenge).
    const onAnswered = vi.fn(() => calls.push(['answered', undefined]));
    const end = await completePayment(
      { ...d, api, onAnswered },
      {
        order_id: 'o3',
        url: '',
        platform_data: { status: 'action', action: { type: 'threeDS2', subtype: 'challenge', token: 't' } },
      },
    );
    expect(calls[1]).toEqual([
      'submitAuthenticationResult',
      { order_id: 'o3', platform_data: { threeDSResult: 'r1' } },
    ]);
    expect(calls.map(([name]) => name)).toEqual([
      'answered',
      'submitAuthenticationResult',
      'payResultByOrderFast',
    ]);
    expect(end).toMatchObject({ kind: 'done', outcome: 'success', challenged: true });
  });
});

/**
 * SPEC §8: a decline whose provider message mentions expiry says the card expired (after the code's own message,
 * before the default). The message is the order's err_summary, carried from get_pay_error_by_order to the words
 * shown; written out here, not read from the catalogue.
 */
describe("a decline's message from get_pay_error_by_order @spec:code.20054", () => {
  const expired = 'انتهت صلاحية البطاقة. تحقّق من تاريخ الانتهاء أو جرّب بطاقة أخرى';
  const retry = 'أعد المحاولة أو جرّب بطاقة أخرى';
  it.each([
    ['no err_code, "Expired Card"', '', 'Expired Card', expired],
    ['an err_code outside §8, "card EXPIRED by issuer"', 'X999', 'card EXPIRED by issuer', expired],
    ['no err_code, "Do Not Honour"', '', 'Do Not Honour', retry],
    [
      '20051 with "Expired Card": the code\'s own first',
      '20051',
      'Expired Card',
      'رصيد البطاقة غير كافٍ. تحقّق من رصيدك أو جرّب بطاقة أخرى',
    ],
  ])('%s', async (_name, errCode, summary, shown) => {
    const api = {
      call: vi.fn(() =>
        Promise.resolve({
          ok: true,
          data: { err_code: errCode, err_summary: summary, fail_reason: '', fail_detail: 'default' },
        }),
      ),
    } as unknown as ApiClient;
    const failure = await failureOf({ api, sleep: () => Promise.resolve() }, 'o9', 1);
    expect(failureMessage(failure)).toBe(shown);
  });
});
