import { ar } from './ar';
import { catalogue } from './t';

/**
 * Arabic strings of the home view and the information pages (about, contact, user agreement, download,
 * share). A chunk of their own, loaded with the code that shows them.
 */
export const infoAr = {
  redirecting: 'جارٍ التحويل…',
  'home.heading': 'اشحن الماس بسهولة وأمان',
  'home.tabs': 'أقسام الصفحة الرئيسية',
  'home.tab1': 'التطبيق',
  'home.tab2': 'لودو',
  'home.tab1.lead': 'اشحن الماس لحسابك أو لأي صديق بمعرّفه.',
  'home.tab2.lead': 'العب لودو مع أصدقائك واشحن الماس.',
  'home.tab2.note': 'الباقات والأسعار نفسها في القسمين.',
  'home.cta': 'اشحن الآن',
  'home.packages': 'باقات الماس',
  'home.packagesFor': 'الأسعار لحساب',
  'home.packagesAsk': 'لشحن باقة، أدخل معرّف الحساب الذي تشحنه.',
  // Followed by why (api/loadFailure.ts): the connection, or the service.
  'home.packagesFailed': 'تعذّر تحميل الباقات.',
  'home.packagesEmpty': 'لا توجد باقات متاحة لهذا الحساب حاليًا.',
  'home.changeTarget': 'تغيير الحساب',
  // Its words on the account line, short so the line keeps room for the account (named in full to readers).
  'home.change': 'تغيير',
  'home.allPackages': 'كل الباقات ({count})',
  'home.idHelp': 'أين أجد معرّف الحساب؟',
  'home.idHelpBody':
    'افتح التطبيق وادخل إلى صفحتك الشخصية: المعرّف هو الرقم الظاهر تحت اسمك (5 أرقام أو أكثر). للشحن لصديق، اطلب منه معرّفه.',
  'home.methods': 'طرق الدفع المقبولة',
  'home.methodsWithPackages': 'تظهر طرق الدفع مع الباقات حين تُحمَّل',
  'home.why': 'لماذا تشحن من هنا؟',
  'home.wallet': 'ما هو الماس؟',
  'home.steps': 'الشحن في ثلاث خطوات',
  'home.step1': 'أدخل معرّف الحساب الذي تريد شحنه',
  'home.step2': 'اختر الباقة وطريقة الدفع',
  'home.step3': 'ادفع بأمان، ويصل الماس خلال دقائق',
  'home.accepted': 'البطاقات البنكية وApple Pay والمحافظ الإلكترونية',
  'home.walletLead': 'الماس هو عملة التطبيق: أرسل به الهدايا وادعم أصدقاءك ومضيفيك المفضلين.',
  'home.feature.fast': 'وصول سريع للماس خلال دقائق',
  'home.feature.safe': 'دفع آمن عبر مزودين موثوقين',
  'home.feature.anyone': 'اشحن لنفسك أو لأي حساب',
  'download.heading': ar['nav.download'],
  'download.android': 'Google Play',
  'download.huawei': 'AppGallery',
  'download.apple': 'App Store',
  'download.lead': 'نزّل التطبيق للتسجيل والاستمتاع بالغرف الصوتية والألعاب.',
  'about.heading': ar['nav.about'],
  'about.body':
    'نحن تطبيق اجتماعي عربي للغرف الصوتية والألعاب والبث المباشر. تتيح لك هذه الصفحة شحن الماس بأمان لحسابك أو لحسابات أصدقائك.',
  'contact.heading': ar['nav.contact'],
  'contact.body': 'لأي استفسار حول الشحن، أرسل بلاغًا من صفحة «مشكلة في الشحن» وسيتواصل معك فريق الدعم.',
  'agreement.heading': ar['nav.agreement'],
  'agreement.body':
    'باستخدامك لهذه الخدمة فإنك توافق على شروط الاستخدام وسياسة الخصوصية. الماس المشحون غير قابل للاسترداد إلا وفق السياسة المعلنة.',
  'share.heading': 'انضم إلينا',
  'share.body': 'دعاك صديقك إلى التطبيق. نزّله الآن وابدأ الدردشة واللعب.',
} as const;

export type InfoKey = keyof typeof infoAr;

export const tInfo = catalogue(infoAr);
