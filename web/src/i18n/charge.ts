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
  'method.23': 'بطاقة مدى أو بطاقة ائتمان',
  'method.24': 'بطاقة بنكية عبر بوابة محلية',
  'method.25': 'محفظة إلكترونية',
  'method.26': 'Apple Pay',
  'method.27': 'بطاقة ائتمان أو خصم',
  'method.28': 'محفظة STC Pay',
  'method.29': 'محفظة إلكترونية محلية',
  'method.30': 'محفظة رقمية',
  'method.31': 'محفظة إلكترونية (تحويل)',
  'method.2528': 'الدفع بالمحفظة',
} as const;

export type ChargeKey = keyof typeof chargeAr;

export const tCharge = catalogue(chargeAr);

/** A pay type's own name, shared by the recharge list and the pay step; undefined for a type without one. */
export function methodName(payType: number): string | undefined {
  const key = `method.${payType}`;
  return key in chargeAr ? tCharge(key as ChargeKey) : undefined;
}
