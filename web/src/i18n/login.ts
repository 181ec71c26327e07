import { Message } from '@topup/contracts/messages';
import { ar } from './ar';
import { catalogue } from './t';

/**
 * Arabic strings of sign-in and the app-account popup (SPEC §2, §4): the login page, social sign-in, the
 * switch confirm. A chunk of their own, loaded with the code that shows them.
 */
export const loginAr = {
  'login.heading': ar['nav.login'],
  'login.lead': 'سجّل الدخول لتحصل على باقات أكثر وأكبر، ولحفظ سجل الشحن والبطاقات.',
  'login.accountId': ar['recharge.idLabel'],
  'login.password': 'كلمة المرور',
  'login.submit': ar['nav.login'],
  'login.idRequired': 'أدخل معرّف الحساب',
  'login.passwordRequired': 'أدخل كلمة المرور',
  'login.failed': Message.loginFailed,
  'login.failedCode': `${Message.loginFailed} (الرمز {code})`,
  'login.facebook': 'المتابعة باستخدام فيسبوك',
  'login.social': 'تسجيل الدخول بحسابات التواصل الاجتماعي',
  'login.sdkLoading': 'جارٍ تحميل خيارات تسجيل الدخول…',
  'login.sdkFailed':
    'تعذّر تحميل تسجيل الدخول عبر {provider} الآن. يمكنك تسجيل الدخول بمعرّف الحساب وكلمة المرور',
  'login.signedInAs': 'أنت مسجّل الدخول باسم',
  'login.switchTitle': 'تبديل الحساب',
  'login.switchLead': 'فتحت رابطًا يسجّل الدخول بحساب آخر:',
  'login.switchId': 'المعرّف',
  'login.switchCurrent': 'أنت مسجّل الدخول الآن باسم',
  'login.switchWarning': 'لا تنتقل إليه إلا إذا كان حسابك أنت. قد يرسل أحدهم رابطًا ليجمع مدفوعاتك في حسابه.',
  'login.switchConfirm': 'تسجيل الدخول به',
  'login.switchCancel': 'البقاء بالحساب الحالي',
  'login.retryIn': 'محاولات خاطئة كثيرة. حاول مجددًا بعد {seconds} ثانية',
  'login.viaLink':
    'دخلت بهذا الحساب عبر رابط. إن لم يكن حسابك فسجّل الخروج؛ وللتأكيد أنه حسابك سجّل الدخول بكلمة المرور.',
  'link.signedIn': 'تم تسجيل الدخول عبر رابط بحساب {name} ({id}). إن لم يكن حسابك فسجّل الخروج من الأعلى',
  'link.failed': 'لم يسجّل الرابط دخولك: {reason}',
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
  'appAccount.timeout': 'لم يستجب التطبيق في الوقت المحدد. تأكّد من أن التطبيق مفتوح وأعد المحاولة',
  'appAccount.noTicket':
    'لم يرسل التطبيق بيانات تسجيل الدخول. أعد المحاولة، أو سجّل الدخول بمعرّف الحساب وكلمة المرور',
  'appAccount.unsupported':
    'إصدار التطبيق لا يدعم تسجيل الدخول من هذه الصفحة. حدّث التطبيق، أو سجّل الدخول بمعرّف الحساب وكلمة المرور',
  'appAccount.appNetwork':
    'تعذّر على التطبيق الاتصال بالشبكة (رمز الخطأ {code}). تحقّق من اتصالك وأعد المحاولة',
  'appAccount.bridgeError': 'تعذّر الاتصال بالتطبيق (رمز الخطأ {code}). أعد المحاولة',
  'appAccount.noBridge': 'تعذّر الاتصال بالتطبيق. افتح الصفحة من التطبيق وأعد المحاولة',
  'appAccount.ticketUsed': 'رمز الدخول من التطبيق استُخدم من قبل. أغلق الصفحة وافتحها من التطبيق مجددًا',
  'appAccount.refused': 'تعذّر تسجيل الدخول بحساب التطبيق: {reason}',
} as const;

export const tLogin = catalogue(loginAr);
