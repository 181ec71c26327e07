import { OwnedStorageKeys } from '@topup/contracts/storage';
import { tabStorage } from '../../platform/storage';

/**
 * The order that paid a fine in this tab, kept for the fine's page opened again (back then forward, a reload,
 * the number typed again): the fine is then shown paid with its receipt, each number under its label, rather
 * than a bare "already paid". Kept per tab, per fine, as plain text; public numbers only. A value that is
 * not an order id reads as none.
 */
export interface PaidOrders {
  remember(fineId: number, orderId: string): void;
  recall(fineId: number): string | undefined;
}

const keyOf = (fineId: number) => `${OwnedStorageKeys.finePaidOrder}${fineId}`;
/** An order id as the contracts allow it (1-64 characters), of the characters order ids are made of. */
const ORDER_ID = /^[\w.-]{1,64}$/;

export function paidOrdersIn(storage: () => Pick<Storage, 'getItem' | 'setItem'> | undefined): PaidOrders {
  return {
    remember(fineId, orderId) {
      try {
        storage()?.setItem(keyOf(fineId), orderId);
      } catch {
        // Storage refused (private mode, quota): the page opened again says "already paid" without the receipt.
      }
    },
    recall(fineId) {
      try {
        const raw = storage()?.getItem(keyOf(fineId)) ?? '';
        return ORDER_ID.test(raw) ? raw : undefined;
      } catch {
        return undefined;
      }
    },
  };
}

export const sessionPaidOrders: PaidOrders = paidOrdersIn(tabStorage);
