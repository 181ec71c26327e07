import { ClientCode, DeclineCode, ServerCode } from './codes';

/** Every code's Arabic message (SPEC §8), under the code's own name (codes.ts). */
export const Message = {
  accountNotFound: 'لا يوجد حساب بهذا المعرّف. يحتاج صاحبه إلى تنزيل التطبيق والتسجيل أولًا',
  loggedOut: 'انتهت جلستك، سجّل الدخول من جديد',
  invalidParam: 'البيانات المرسلة غير صحيحة. حدّث الصفحة وأعد المحاولة',
  rateLimited: 'محاولات كثيرة. انتظر قليلًا ثم أعد المحاولة',
  unknownCall: 'الطلب غير معروف',
  internal: 'حدث خطأ في الخادم. أعد المحاولة',
  timeout: 'انتهت مهلة الاتصال. أعد المحاولة',
  network: 'تعذّر الاتصال بالشبكة. تحقّق من اتصالك وأعد المحاولة',
  setup: 'تعذّر بدء الاتصال. أعد المحاولة',
  bridge: 'تعذّر الاتصال بالتطبيق',
  abort: 'توقّف الاتصال قبل اكتماله',
  banned: 'هذا الحساب محظور ولا يمكن شحنه',
  deactivated: 'هذا الحساب ملغى ولا يمكن شحنه',
  deactivating: 'هذا الحساب قيد الإلغاء ولا يمكن شحنه',
  searchNoMatch: 'لم نجد حسابًا بهذا المعرّف. تأكّد من معرّف الحساب وأعد المحاولة',
  sourceMismatch: 'هذا الحساب تابع لتطبيق آخر ولا يمكن شحنه من هنا',
  guestAccount: 'لا يمكن شحن حساب زائر. يحتاج صاحب الحساب إلى التسجيل في التطبيق أولًا',
  requestIdReused: 'تم استخدام معرّف الطلب نفسه لطلب مختلف',
  cardUpdateFailed: 'تعذّر تحديث بيانات البطاقة. أعد المحاولة',
  insufficientBalance: 'رصيد البطاقة غير كافٍ. تحقّق من رصيدك أو جرّب بطاقة أخرى',
  tryAnotherCard: 'جرّب بطاقة أخرى أو طريقة دفع أخرى',
  cardExpired: 'انتهت صلاحية البطاقة. تحقّق من تاريخ الانتهاء أو جرّب بطاقة أخرى',
  declineDefault: 'أعد المحاولة أو جرّب بطاقة أخرى',
  loginFailed: 'تعذّر تسجيل الدخول',
  wrongPassword: 'معرّف الحساب أو كلمة المرور غير صحيحة',
  userNotFound: 'لا يوجد حساب بهذا المعرّف',
  linkExpired: 'انتهت صلاحية الرابط',
  phoneAccountPassword: 'كلمة مرور حساب الجوال غير صحيحة',
  signInDelayed: 'محاولات خاطئة كثيرة لهذا الحساب. انتظر قليلًا ثم أعد المحاولة',
  orderNotFound: 'لم نجد هذا الطلب',
  orderExpired: 'انتهت مهلة الانتظار ولم يعد الطلب صالحًا. ابدأ من جديد',
  paymentFailed: 'لم يكتمل الدفع',
  securityCheckFailed: 'لم يكتمل التحقق الأمني',
  savedCardLocked:
    'أوقفنا هذه البطاقة المحفوظة لحمايتك بعد عدة محاولات برمز أمان خاطئ. أدخل بيانات البطاقة من جديد أو اختر طريقة دفع أخرى',
  tooManyPaymentAttempts: 'محاولات دفع كثيرة خلال وقت قصير. انتظر بضع دقائق ثم أعد المحاولة',
  walletTypeUnavailable: 'طريقة الدفع هذه غير متاحة حاليًا',
  walletSessionFailed: 'تعذّر بدء الدفع. أعد المحاولة أو اختر طريقة دفع أخرى',
  fineNotFound: 'الغرامة غير موجودة',
  fineAlreadyPaid: 'تم دفع هذه الغرامة من قبل',
  fineAmountChanged: 'تغيّر مبلغ الغرامة. حدّث الصفحة لعرض المبلغ الجديد',
  fileTypeRefused: 'نوع الملف غير مدعوم: نقبل الصور (jpeg وpng وwebp) والفيديو (mp4 وmov) فقط',
  fileTooLarge: 'حجم الملف كبير جدًا: الصور حتى 5 ميغابايت والفيديو حتى 50 ميغابايت',
  tooManyFiles: 'يمكنك إرفاق 3 ملفات على الأكثر',
  textTooLong: 'الوصف أطول من الحد المسموح',
  textRequired: 'اكتب وصفًا للمشكلة',
  uploadTokenInvalid: 'انتهت صلاحية الرفع. أعد المحاولة',
  submissionFailed: 'تعذّر إرسال البلاغ. تواصل مع الدعم',
  updateFailed: 'تعذّر التحديث. أعد المحاولة',
} as const;
export type MessageKey = keyof typeof Message;

/**
 * Each code's message is the one under its own name; the decline codes "try another card" (`tryAnother…`)
 * share one.
 */
const messageKeyByCode: Readonly<Record<string, MessageKey>> = Object.fromEntries(
  Object.entries({ ...ClientCode, ...ServerCode, ...DeclineCode }).flatMap(([name, code]) => {
    const key = name.startsWith('tryAnother') ? 'tryAnotherCard' : name;
    return Object.hasOwn(Message, key) ? [[String(code), key as MessageKey] as const] : [];
  }),
);

/** The Arabic message of a result or decline code, or undefined when the code has none of its own. */
export function messageKeyOf(code: number | string): MessageKey | undefined {
  const text = String(code);
  return Object.hasOwn(messageKeyByCode, text) ? messageKeyByCode[text] : undefined;
}

export function messageOf(code: number | string): string | undefined {
  const key = messageKeyOf(code);
  return key === undefined ? undefined : Message[key];
}

/**
 * The message shown for a declined card payment (SPEC §8): the code's own message, then a provider message
 * that mentions expiry, then the default decline.
 */
export function declineMessage(errCode: number | string | undefined, providerMessage = ''): string {
  const own = errCode === undefined ? undefined : messageOf(errCode);
  if (own !== undefined) return own;
  if (/expired/i.test(providerMessage)) return Message.cardExpired;
  return Message.declineDefault;
}
