import { type PayType, PayType as PayTypes, payTypeInfo, ServerCode } from '@topup/contracts';
import { type CallContext, type Handlers, ok, refuse } from '../contract/reply';
import type { FineInfo } from '../world/fines';
import type { PaymentFields } from '../world/orders';
import { createdAnswer, payerUidOf, paymentFieldsOf, requestFingerprint, scopedRequestId } from './orders';

/** Fines (TESTDATA "Fines"): their info, and orders paying them by card or through payer_max's hosted page. */

/** payer_max pays on its hosted page; without a pay type it is the further provider's wallet (SPEC §3). */
const PAYER_MAX_DEFAULT_PAY_TYPE: PayType = PayTypes.otherWallet;

interface FineOrderRequest {
  readonly fine_id: number;
  readonly amount: number;
  readonly h5_deviceid?: string | undefined;
  readonly ext?: { readonly h5_deviceid: string; readonly page_view_id?: string | undefined } | undefined;
}

function createFineOrder(
  call: 'createFinePay' | 'payerMaxCreateFinePay',
  request: FineOrderRequest & Readonly<Record<string, unknown>>,
  payType: PayType,
  payment: PaymentFields,
  context: CallContext,
) {
  const { world } = context;
  const fingerprint = requestFingerprint(call, request);
  const deviceId = request.h5_deviceid ?? request.ext?.h5_deviceid ?? '';
  const requestId = scopedRequestId(context, deviceId);
  const replayed = world.orders.replay(requestId, fingerprint);
  if (replayed !== undefined) return createdAnswer(replayed);

  const check = world.fines.checkPayable(request.fine_id, request.amount);
  if (!check.ok) return refuse(check.result);
  const fine: FineInfo = check.fine;
  return createdAnswer(
    world.orders.create({
      purpose: 'fine',
      kind: 'normal',
      payType,
      rechargeId: `fine_${fine.id}`,
      amount: fine.amount,
      coin: 0,
      toUid: fine.uid,
      fineId: fine.id,
      payerUid: payerUidOf(context),
      deviceId,
      address: context.ip,
      clientId: context.headers['x-cli-id'],
      pageViewId: request.ext?.page_view_id,
      origin: context.origin,
      payment,
      requestId,
      fingerprint,
    }),
  );
}

export const fineHandlers: Pick<Handlers, 'getFineInfo' | 'createFinePay' | 'payerMaxCreateFinePay'> = {
  getFineInfo: (request, { world }) => {
    const fine = world.fines.info(request.id);
    return fine === undefined ? refuse(ServerCode.fineNotFound) : ok({ ...fine });
  },

  createFinePay: (request, context) =>
    createFineOrder('createFinePay', request, request.pay_type, paymentFieldsOf(request), context),

  payerMaxCreateFinePay: (request, context) => {
    const payType = request.pay_type ?? PAYER_MAX_DEFAULT_PAY_TYPE;
    if (!payTypeInfo[payType].redirect) {
      return refuse(ServerCode.walletTypeUnavailable);
    }
    return createFineOrder('payerMaxCreateFinePay', request, payType, {}, context);
  },
};
