import { catalogue } from './t';

/**
 * Arabic strings the account search shows only after a check refused an account: they come with the check's
 * code (features/recharge/choose.ts's chunk), not with the first screen.
 */
export const searchAr = {
  'search.bannedFine': 'إذا حُظر الحساب بعد استرداد مبلغ مدفوع، فادفع غرامته ليُلغى الحظر',
  'search.payFine': 'ادفع الغرامة',
} as const;

export const tSearch = catalogue(searchAr);
