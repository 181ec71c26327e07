import { OrderResult } from '@topup/contracts';
import { describe, expect, it } from 'vitest';
import { fineOrders } from '../../payments/fineOrders';
import { orderAttempts } from '../../payments/orderAttempt';
import { envelope } from '../../test/fakeTransport';
import { backend, FAULT_CODE, FAULTS, noSleep } from '../../test/faults';
import { fine7001 } from '../../test/fineClient';
import { cardRequest, createOrderGuard, fineOrderResult, lostAnswer, payFineByCard } from './finePayment';

/** The issue's call × fault matrix, the fines' row (the rest: pay/faultMatrix.test.ts, test/faults.ts). */

const CREATE_FINE_PAY = '/api/order/create_fine_pay/';
const PAY_RESULT = '/api/web/pay_result_by_order_fast/';
const paid = () => envelope({ result: OrderResult.success, source_id: '' });

describe.each(FAULTS)('under %s', (fault) => {
  const code = FAULT_CODE[fault];

  it('fines: a lost card order keeps its X-CLI-RID for the retry; the result on return is asked again', async () => {
    const { api, rids } = backend(fault, CREATE_FINE_PAY, {});
    const attempts = orderAttempts(undefined, () => 1, fineOrders);
    const guard = createOrderGuard(attempts, { deviceId: () => 'h5', now: () => 1 });
    const deps = {
      api,
      sleep: noSleep,
      deviceId: () => 'h5',
      now: () => 1,
      threeDs: () => Promise.reject(new Error('none')),
      container: () => document.body,
      signal: new AbortController().signal,
      redirect: () => true,
      onVerifying: () => {},
      onRedirect: () => {},
    };
    const card = {
      tokenised: { token: 'tok_1', bin: '424242', last4: '4242', scheme: 'visa' },
      holderName: '',
      remember: false,
    };
    const request = cardRequest(fine7001, 'h5', card);
    const end = await guard.run(request, (rid) => payFineByCard(deps, fine7001, card, rid));
    expect(end).toMatchObject({ kind: 'refused', result: code });
    expect(end !== undefined && lostAnswer(end, 'createFinePay')).toBe(true);
    await guard.run(request, (rid) => payFineByCard(deps, fine7001, card, rid));
    expect(rids()).toHaveLength(2);
    expect(new Set(rids()).size).toBe(1);

    const back = backend(fault, PAY_RESULT, { [PAY_RESULT]: paid }, 1);
    expect(
      await fineOrderResult({ api: back.api, sleep: noSleep, deviceId: () => 'h5', now: () => 1 }, 'o1'),
    ).toEqual({
      kind: 'paid',
      orderId: 'o1',
    });
  });
});
