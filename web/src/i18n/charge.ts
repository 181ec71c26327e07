import { catalogue } from './t';

/**
 * Arabic strings of a target's packages, methods and pay bar (the recharge list's lazily loaded panel) and
 * the method names the pay step shares. A chunk of their own, loaded with the code that shows them.
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
  'recharge.method.other': 'طريقة دفع',
  // SPEC §3 names a brand only for 26 (Apple Pay, TESTDATA) and the schemes only for provider 17 (§5): the
  // other wallets are told apart by their gateway, never by a brand the backend does not give.
  'method.23': 'بطاقة مدى أو ائتمانية',
  'method.24': 'بطاقة بنكية عبر صفحة دفع خارجية',
  'method.25': 'محفظة عبر البوابة 1',
  'method.26': 'Apple Pay',
  'method.27': 'بطاقة Visa أو Mastercard',
  'method.28': 'محفظة عبر البوابة 2',
  'method.29': 'محفظة عبر البوابة 3',
  'method.30': 'محفظة عبر البوابة 4',
  'method.31': 'محفظة عبر البوابة 1 (رابط بديل)',
  'method.2528': 'محفظة الجهاز',
} as const;

export type ChargeKey = keyof typeof chargeAr;

export const tCharge = catalogue(chargeAr);

/** A pay type's own name, shared by the recharge list and the pay step; undefined for a type without one. */
export function methodName(payType: number): string | undefined {
  const key = `method.${payType}`;
  return key in chargeAr ? tCharge(key as ChargeKey) : undefined;
}
