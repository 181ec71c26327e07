import { DeclineCode, ServerCode, StartMessage, startMessageKeyByCode } from './codes';

/**
 * Every code's Arabic message (SPEC §8): start-up's (`StartMessage`, in codes.ts, in every first load) and
 * those of the calls beyond it, loaded with them.
 */
export const Message = {
  ...StartMessage,
  cardUpdateFailed: 'فشل تحديث معلومات البطاقة',
  insufficientBalance: 'الرصيد غير كافٍ، يرجى التحقق من الرصيد أو تجربة بطاقة أخرى',
  tryAnotherCard: 'يرجى تجربة بطاقة أخرى أو طريقة دفع أخرى',
  cardExpired: 'انتهت صلاحية البطاقة، يرجى التحقق من تاريخ الانتهاء أو تجربة بطاقة أخرى',
  declineDefault: 'يرجى إعادة المحاولة أو تجربة بطاقة أخرى',
  loginFailed: 'فشل تسجيل الدخول',
  wrongPassword: 'المعرّف أو كلمة المرور غير صحيحة',
  userNotFound: 'المستخدم غير موجود',
  linkExpired: 'انتهت صلاحية الرابط',
  phoneAccountPassword: 'كلمة مرور حساب الهاتف غير صحيحة',
  orderNotFound: 'الطلب غير موجود',
  orderExpired: 'تجاوز وقت الانتظار، الطلب غير صالح، يرجى البدء من جديد',
  paymentFailed: 'فشل الدفع',
  securityCheckFailed: 'فشل التحقق الأمني',
  walletTypeUnavailable: 'طريقة الدفع بالمحفظة غير متاحة',
  walletSessionFailed: 'فشل طلب الدفع، يرجى إعادة المحاولة أو تجربة طريقة أخرى',
  fineNotFound: 'الغرامة غير موجودة',
  fineAlreadyPaid: 'تم دفع هذه الغرامة بالفعل',
  fineAmountChanged: 'تغير مبلغ الغرامة، يرجى التحديث',
  fileTypeRefused: 'نوع الملف غير مدعوم، يُقبل الصور (jpeg وpng وwebp) والفيديو (mp4 وmov) فقط',
  fileTooLarge: 'حجم الملف كبير جدًا: الصور حتى 5 ميغابايت والفيديو حتى 50 ميغابايت',
  tooManyFiles: 'يمكن إرفاق 3 ملفات كحد أقصى',
  textTooLong: 'تجاوز النص الحد الأقصى لعدد الأحرف',
  textRequired: 'يرجى كتابة وصف المشكلة',
  uploadTokenInvalid: 'انتهت صلاحية الرفع، يرجى إعادة المحاولة',
  submissionFailed: 'فشل الإرسال، يرجى التواصل مع الدعم',
  updateFailed: 'فشل التحديث',
} as const;
export type MessageKey = keyof typeof Message;

const messageKeyByCode: Readonly<Record<string, MessageKey>> = {
  ...startMessageKeyByCode,
  [ServerCode.loginFailed]: 'loginFailed',
  [ServerCode.wrongPassword]: 'wrongPassword',
  [ServerCode.userNotFound]: 'userNotFound',
  [ServerCode.linkExpired]: 'linkExpired',
  [ServerCode.phoneAccountPassword]: 'phoneAccountPassword',
  [ServerCode.insufficientBalance]: 'insufficientBalance',
  [ServerCode.cardExpired]: 'cardExpired',
  [ServerCode.tryAnotherCard20061]: 'tryAnotherCard',
  [ServerCode.tryAnotherCard20065]: 'tryAnotherCard',
  [ServerCode.tryAnotherCard20121]: 'tryAnotherCard',
  [ServerCode.tryAnotherCard30021]: 'tryAnotherCard',
  [ServerCode.tryAnotherCard30022]: 'tryAnotherCard',
  [DeclineCode.tryAnother200P1]: 'tryAnotherCard',
  [DeclineCode.tryAnother200P9]: 'tryAnotherCard',
  [ServerCode.cardUpdateFailed]: 'cardUpdateFailed',
  [ServerCode.orderNotFound]: 'orderNotFound',
  [ServerCode.orderExpired]: 'orderExpired',
  [ServerCode.paymentFailed]: 'paymentFailed',
  [ServerCode.securityCheckFailed]: 'securityCheckFailed',
  [ServerCode.walletTypeUnavailable]: 'walletTypeUnavailable',
  [ServerCode.walletSessionFailed]: 'walletSessionFailed',
  [ServerCode.fineNotFound]: 'fineNotFound',
  [ServerCode.fineAlreadyPaid]: 'fineAlreadyPaid',
  [ServerCode.fineAmountChanged]: 'fineAmountChanged',
  [ServerCode.fileTypeRefused]: 'fileTypeRefused',
  [ServerCode.fileTooLarge]: 'fileTooLarge',
  [ServerCode.tooManyFiles]: 'tooManyFiles',
  [ServerCode.textTooLong]: 'textTooLong',
  [ServerCode.textRequired]: 'textRequired',
  [ServerCode.uploadTokenInvalid]: 'uploadTokenInvalid',
  [ServerCode.submissionFailed]: 'submissionFailed',
};

/** The Arabic message of a result or decline code, or undefined when the code has none of its own. */
export function messageKeyOf(code: number | string): MessageKey | undefined {
  return messageKeyByCode[String(code)];
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
