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
  // The check answered for another display id than the one asked: nothing is chosen.
  'search.otherAccount':
    'أعاد الخادم حسابًا بمعرّف غير الذي بحثت عنه، فلم نختره. تأكّد من معرّف الحساب وأعد المحاولة',
} as const;

export const tSearch = catalogue(searchAr);
