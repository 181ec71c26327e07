/**
 * The code catalogue (SPEC §8): client codes, bridge errors, and every server code with the Arabic message
 * a visitor sees. Codes marked "project's choice" are not given by SPEC.md; the mock answers them and the
 * app shows their messages.
 */

/** Codes the request layer itself produces when no envelope arrives (SPEC §8). */
export const ClientCode = {
  timeout: -1,
  network: -2,
  setup: -3,
  bridge: -4,
  abort: -5,
} as const;
export type ClientCode = (typeof ClientCode)[keyof typeof ClientCode];

/** Native bridge error codes (SPEC §8). */
export const BridgeError = {
  NoError: 0,
  BadParam: 1,
  ConnectionShutdown: 2,
  ProtocolError: 3,
  InterruptedError: 4,
  SslHandshake: 5,
  SslPeerUnverified: 6,
  UnknownService: 7,
  SslError: 8,
  SocketError: 9,
  UnknownHost: 10,
  Unknown: -1,
} as const;
export type BridgeError = (typeof BridgeError)[keyof typeof BridgeError];

/** Envelope result codes answered by the server. */
export const ServerCode = {
  ok: 0,
  loggedOut: -10000,
  // project's choice: codes every call may answer
  invalidParam: 10001,
  rateLimited: 10002,
  unknownCall: 10004,
  internal: 10005,
  requestIdReused: 10009,
  // accounts (SPEC §8)
  banned: 20001,
  searchNoMatch: 20002, // project's choice: the "other search" row
  deactivated: 20186,
  deactivating: 20187, // project's choice (TESTDATA: the mock defines it)
  sourceMismatch: 20188, // project's choice: check status 5
  guestAccount: 20189, // project's choice: paying for a guest account
  accountNotFound: 21266,
  // sign-in (project's choice; messages from SPEC §8)
  loginFailed: 21001,
  wrongPassword: 21002,
  userNotFound: 21003,
  linkExpired: 21004,
  phoneAccountPassword: 21005,
  // cards and payments (SPEC §8)
  insufficientBalance: 20051,
  cardExpired: 20054,
  tryAnotherCard20061: 20061,
  tryAnotherCard20065: 20065,
  tryAnotherCard20121: 20121,
  tryAnotherCard30021: 30021,
  tryAnotherCard30022: 30022,
  cardUpdateFailed: 31073,
  // orders, wallets, fines, feedback (project's choice)
  orderNotFound: 23001,
  orderExpired: 23002,
  paymentFailed: 23003,
  securityCheckFailed: 23004,
  walletTypeUnavailable: 25001,
  walletSessionFailed: 25002,
  fineNotFound: 22001,
  fineAlreadyPaid: 22002,
  fineAmountChanged: 22003,
  fileTypeRefused: 24001,
  fileTooLarge: 24002,
  tooManyFiles: 24003,
  textTooLong: 24004,
  textRequired: 24005,
  uploadTokenInvalid: 24006,
  submissionFailed: 24007,
} as const;
export type ServerCode = (typeof ServerCode)[keyof typeof ServerCode];

/** Order error codes (err_code of an order result); 200P1 and 200P9 are not numbers. */
export const DeclineCode = {
  insufficientBalance: '20051',
  cardExpired: '20054',
  tryAnother200P1: '200P1',
  tryAnother20061: '20061',
  tryAnother20065: '20065',
  tryAnother200P9: '200P9',
  tryAnother20121: '20121',
  tryAnother30021: '30021',
  tryAnother30022: '30022',
} as const;
export type DeclineCode = (typeof DeclineCode)[keyof typeof DeclineCode];

/** Codes every call may answer, whatever its own list says. */
export const COMMON_CODES = [
  ServerCode.invalidParam,
  ServerCode.rateLimited,
  ServerCode.unknownCall,
  ServerCode.internal,
] as const;

export const Message = {
  banned: 'هذا الحساب محظور، لا يمكن شحنه',
  deactivated: 'هذا الحساب ملغى أو محذوف، لا يمكن شحنه',
  deactivating: 'هذا الحساب قيد الإلغاء',
  searchNoMatch: 'لا توجد نتيجة مطابقة، يرجى التحقق من المدخلات',
  sourceMismatch: 'هذا الحساب تابع لتطبيق آخر، لا يمكن شحنه من هنا',
  guestAccount: 'لا يدعم شحن حسابات الزوار',
  accountNotFound: 'الحساب غير موجود، يرجى تنزيل التطبيق للتسجيل',
  loggedOut: 'تم تسجيل خروج المستخدم',
  cardUpdateFailed: 'فشل تحديث معلومات البطاقة',
  insufficientBalance: 'الرصيد غير كافٍ، يرجى التحقق من الرصيد أو تجربة بطاقة أخرى',
  tryAnotherCard: 'يرجى تجربة بطاقة أخرى أو طريقة دفع أخرى',
  cardExpired: 'انتهت صلاحية البطاقة، يرجى التحقق من تاريخ الانتهاء أو تجربة بطاقة أخرى',
  declineDefault: 'يرجى إعادة المحاولة أو تجربة بطاقة أخرى',
  invalidParam: 'المعلمات غير صحيحة',
  rateLimited: 'محاولات كثيرة، يرجى الانتظار قليلًا ثم إعادة المحاولة',
  unknownCall: 'الطلب غير معروف',
  internal: 'حدث خطأ في الخادم، يرجى إعادة المحاولة',
  requestIdReused: 'تم استخدام معرّف الطلب نفسه لطلب مختلف',
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
  timeout: 'انتهت مهلة الطلب',
  network: 'خطأ في الشبكة، يرجى التحقق وإعادة المحاولة',
  setup: 'تعذر إعداد الطلب',
  bridge: 'فشل الاتصال بالتطبيق',
  abort: 'تم إلغاء الطلب',
  updateFailed: 'فشل التحديث',
} as const;
export type MessageKey = keyof typeof Message;

const messageKeyByCode: Record<string, MessageKey> = {
  [ServerCode.loggedOut]: 'loggedOut',
  [ServerCode.invalidParam]: 'invalidParam',
  [ServerCode.rateLimited]: 'rateLimited',
  [ServerCode.unknownCall]: 'unknownCall',
  [ServerCode.internal]: 'internal',
  [ServerCode.requestIdReused]: 'requestIdReused',
  [ServerCode.banned]: 'banned',
  [ServerCode.searchNoMatch]: 'searchNoMatch',
  [ServerCode.deactivated]: 'deactivated',
  [ServerCode.deactivating]: 'deactivating',
  [ServerCode.sourceMismatch]: 'sourceMismatch',
  [ServerCode.guestAccount]: 'guestAccount',
  [ServerCode.accountNotFound]: 'accountNotFound',
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
  [ClientCode.timeout]: 'timeout',
  [ClientCode.network]: 'network',
  [ClientCode.setup]: 'setup',
  [ClientCode.bridge]: 'bridge',
  [ClientCode.abort]: 'abort',
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
