import { catalogue } from './t';

/**
 * Arabic strings of sign-in and the app-account popup (SPEC §2, §4): the login page, social sign-in, the
 * switch confirm. A chunk of their own, loaded with the code that shows them.
 */
export const loginAr = {
  'login.heading': 'تسجيل الدخول',
  'login.lead': 'سجّل الدخول لتحصل على باقات أكثر وأكبر، ولحفظ سجل الشحن والبطاقات.',
  'login.accountId': 'معرّف الحساب',
  'login.password': 'كلمة المرور',
  'login.submit': 'تسجيل الدخول',
  'login.idRequired': 'يرجى إدخال معرّف الحساب',
  'login.passwordRequired': 'يرجى إدخال كلمة المرور',
  'login.failed': 'فشل تسجيل الدخول',
  'login.facebook': 'المتابعة باستخدام فيسبوك',
  'login.social': 'تسجيل الدخول عبر التواصل الاجتماعي',
  'login.sdkLoading': 'جارٍ تحميل خيارات التواصل الاجتماعي…',
  'login.sdkFailed': 'تعذر تحميل {provider} الآن. يمكنك تسجيل الدخول بمعرّف الحساب وكلمة المرور.',
  'login.signedInAs': 'أنت مسجّل الدخول باسم',
  'login.switchTitle': 'تبديل الحساب',
  'login.switchBody': 'الحساب المسجّل دخوله في التطبيق هو {name}. هل تريد تسجيل الدخول به؟',
  'login.switchConfirm': 'تسجيل الدخول به',
  'login.switchCancel': 'البقاء بالحساب الحالي',
  'login.signedIn': 'تم تسجيل الدخول',
  'login.inProgress': 'جارٍ تسجيل الدخول…',
  'appAccount.title': 'تسجيل الدخول بحساب التطبيق',
  'appAccount.body': 'أنت مسجّل الدخول في التطبيق. هل تريد تسجيل الدخول هنا بالحساب نفسه؟',
  'appAccount.switchTitle': 'التبديل إلى حساب التطبيق',
  'appAccount.switchBody':
    'الحساب المسجّل دخوله في التطبيق الآن غير الحساب المسجّل هنا. هل تريد تسجيل الدخول بحساب التطبيق؟',
  'appAccount.confirm': 'نعم، سجّل الدخول',
  'appAccount.decline': 'لا، شكرًا',
  'appAccount.signingIn': 'جارٍ تسجيل الدخول بحساب التطبيق…',
  'appAccount.timeout': 'لم يستجب التطبيق في الوقت المحدد. تأكد من أن التطبيق مفتوح ثم أعد المحاولة.',
  'appAccount.noTicket':
    'لم يرسل التطبيق بيانات تسجيل الدخول. أعد المحاولة، أو سجّل الدخول بمعرّف الحساب وكلمة المرور.',
  'appAccount.unsupported':
    'إصدار التطبيق لا يدعم تسجيل الدخول من هذه الصفحة. حدّث التطبيق، أو سجّل الدخول بمعرّف الحساب وكلمة المرور.',
  'appAccount.appNetwork':
    'تعذر على التطبيق الاتصال بالشبكة (رمز الخطأ {code}). تحقق من الاتصال وأعد المحاولة.',
  'appAccount.bridgeError': 'تعذر الاتصال بالتطبيق (رمز الخطأ {code}). أعد المحاولة.',
  'appAccount.noBridge': 'تعذر الاتصال بالتطبيق. افتح الصفحة من التطبيق ثم أعد المحاولة.',
  'appAccount.ticketUsed': 'رمز الدخول من التطبيق مستخدم من قبل. أغلق الصفحة وافتحها من التطبيق مجددًا.',
  'appAccount.refused': 'تعذر تسجيل الدخول بحساب التطبيق: {reason}',
} as const;

export type LoginKey = keyof typeof loginAr;

export const tLogin = catalogue(loginAr);
