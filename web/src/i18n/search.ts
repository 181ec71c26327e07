import { catalogue } from './t';

/**
 * Arabic strings the account search shows only once a check has answered (a refused account's way on, a
 * live streamer's notice): they come with the check's code (features/recharge/choose.ts's chunk), not with
 * the first screen.
 */
export const searchAr = {
  'search.living': 'هذا المضيف في بث مباشر الآن، وسيصله الماس فورًا',
  'search.bannedFine': 'إذا حُظر الحساب بعد استرداد مبلغ مدفوع، فادفع غرامته ليُلغى الحظر',
  'search.payFine': 'ادفع الغرامة',
} as const;

export const tSearch = catalogue(searchAr);
