import { catalogue } from './t';

/**
 * Arabic strings of the packages, methods and pay bar (the recharge list's lazily loaded panel). The
 * methods' names are the server's (payItemDisplayMethods[].displayName). A chunk of their own.
 */
export const chargeAr = {
  'recharge.packages': 'اختر الباقة',
  'recharge.coins': '{coins} ماسة',
  'recharge.bonus': '+{coins} مكافأة',
  'recharge.recommended': 'مقترحة',
  'recharge.newUser': 'للمستخدمين الجدد',
  'recharge.methods': 'طريقة الدفع',
  'recharge.lastUsed': 'آخر طريقة دفع استخدمتها',
  'recharge.showAllMethods': 'عرض كل طرق الدفع',
  'recharge.payNow': 'اشحن الآن',
  'recharge.total': 'المجموع',
  'recharge.loadFailed': 'تعذّر تحميل الباقات',
  'recharge.signInForMore': 'سجّل الدخول لعرض باقات أكثر وأكبر',
  'recharge.empty': 'لا توجد باقات متاحة حاليًا',
  'recharge.packagesRefused':
    'لم تُعرض باقة وصل سعرها أو محتواها من الخادم بصورة غير صالحة. اختر باقة أخرى، أو أعد المحاولة لاحقًا',
  'recharge.method.other': 'طريقة دفع',
  'recharge.sar': 'ر.س',
  'recharge.diamonds': 'ماسة',
  'recharge.sarNote': 'المبلغ بالريال تقريبي (3.75 ريال للدولار)؛ يُخصم بالدولار',
  'recharge.enterIdFirst': 'أدخل معرّف الحساب الذي تشحنه أولًا',
} as const;

export const tCharge = catalogue(chargeAr);
