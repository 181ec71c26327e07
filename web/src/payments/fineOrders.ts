import type { PayType } from '@topup/contracts/payments';
import { PayType as PayTypes } from '@topup/contracts/payTypes';
import { OwnedStorageKeys } from '@topup/contracts/storage';
import { z } from 'zod/mini';
import type { Params } from '../api/client';
import type { AttemptRule } from './orderAttempt';

/** A fine's order by card (create_fine_pay) or on payer_max's hosted page. */
export type FineOrderRequest =
  | { readonly call: 'createFinePay'; readonly params: Params<'createFinePay'> }
  | { readonly call: 'payerMaxCreateFinePay'; readonly params: Params<'payerMaxCreateFinePay'> };

/** A fine's order: the call, the fine and the amount shown, enough to ask again (no card, no token). */
const FineIntentSchema = z.object({
  call: z.enum(['createFinePay', 'payerMaxCreateFinePay']),
  fine_id: z.int().check(z.positive()),
  amount: z.number().check(z.positive()),
  /**
   * The card holder's name as sent (a public field of the order, never the card): a return by Back from the
   * issuer's page is a new page, and paying another way then keeps the name the visitor typed.
   */
  name: z.optional(z.string().check(z.maxLength(200))),
});
export type FineIntent = z.infer<typeof FineIntentSchema>;

/** payer_max without a pay type is the further provider's wallet (SPEC §3). */
const PAYER_MAX_PAY_TYPE: PayType = PayTypes.otherWallet;

/** The fines screen's rule: its own key, so the pay step never takes a fine's order for its own. */
export const fineOrders: AttemptRule<FineOrderRequest, FineIntent> = {
  storageKey: OwnedStorageKeys.fineAttempt,
  intent: FineIntentSchema,
  orderOf: ({ call, params }) => {
    const card = call === 'createFinePay' ? params : undefined;
    const newCard = card?.token !== undefined || card?.platform_data !== undefined;
    return {
      key: JSON.stringify([
        call,
        params.fine_id,
        params.amount,
        params.pay_type ?? '',
        card?.source_id ?? '',
        newCard ? 'new card' : '',
      ]),
      intent: {
        call,
        fine_id: params.fine_id,
        amount: params.amount,
        ...(card?.name === undefined ? {} : { name: card.name }),
      },
      resendable: !newCard && card?.cvv_token === undefined,
      payType: params.pay_type ?? PAYER_MAX_PAY_TYPE,
    };
  },
};
