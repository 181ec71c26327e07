import { Message } from '@topup/contracts/messages';

/**
 * The Arabic strings of the shell and the recharge list's first screen, under typed keys. Every lazily
 * loaded feature has its own catalogue beside this one (`login.ts`, `charge.ts`, `pay.ts`, `fines.ts`…),
 * so the first load carries only what it shows. Server codes' messages are not here: they come from the
 * contracts (`messageOf`, `Message`), so the app and the mock never disagree.
 * `{name}` placeholders are filled by `t(key, { name })`.
 */
export const ar = {
  'app.title': 'شحن الماس',
  'app.skipToContent': 'انتقل إلى المحتوى',
  'app.loading': 'جارٍ التحميل…',
  'app.retry': 'إعادة المحاولة',
  'app.mainNav': 'التنقل الرئيسي',
  'app.networkError': Message.network,
  'app.unexpected': 'حدث خطأ غير متوقع. أعد المحاولة',
  'app.pageLoadFailed': 'تعذّر تحميل الصفحة',
  'app.readyTapAgain': 'اكتمل تحميل الصفحة. انقر مرة أخرى',
  'app.loadFailed': 'تعذّر تحميل هذا الجزء من الصفحة. تحقّق من اتصالك وأعد المحاولة',
  // A page whose code could not be fetched offline (ui/LoadBoundary.tsx): it loads by itself once back online.
  'app.pageLoadWaiting': 'لا اتصال بالإنترنت. ستُحمَّل الصفحة تلقائيًا حين يعود الاتصال',
  // A server answered with a failure (api/loadFailure.ts): not the visitor's connection.
  'app.serviceUnavailable': 'الخدمة غير متاحة حاليًا. أعد المحاولة بعد قليل',

  'nav.recharge': 'شحن',
  'nav.feedback': 'مشكلة في الشحن',
  'nav.login': 'تسجيل الدخول',
  'nav.logout': 'تسجيل الخروج',
  'nav.signingIn': 'جارٍ الدخول…',
  'nav.about': 'من نحن',
  'nav.contact': 'اتصل بنا',
  'nav.privacy': 'سياسة الخصوصية',
  'nav.agreement': 'اتفاقية المستخدم',
  'nav.terms': 'شروط الخدمة',
  'nav.download': 'تنزيل التطبيق',

  'login.loggedOut': 'تم تسجيل الخروج',

  'recharge.heading': 'شحن الماس',
  'recharge.lead': 'اشحن الماس لحسابك أو لأي حساب بمعرّفه، بأمان وخلال دقائق.',
  'recharge.target': 'الشحن إلى',
  'recharge.changeTarget': 'تغيير',
  'recharge.own': 'حسابي',
  'recharge.linkAccount': 'حساب الرابط',
  'linkNotice.title': 'دخلت بحساب من رابط',
  'linkNotice.body':
    'دخلت عبر رابط بحساب {name} ({id}). هل هو حسابك؟ قد يُرسل أحدهم رابطًا ليجمع مدفوعاتك في حسابه.',
  'linkNotice.confirm': 'نعم، هذا حسابي',
  'linkNotice.signOut': 'ليس حسابي، سجّل الخروج',
  'linkNotice.dismiss': 'حسنًا',
  'linkNotice.checking': 'جارٍ التحقق من الحساب الذي يحمله الرابط…',
  'recharge.idLabel': 'معرّف الحساب',
  // The stored target, asked of the server before it is named, went unanswered.
  'recharge.targetCheckFailed': 'تعذّر التحقق من الحساب المختار. تحقّق من اتصالك وأعد المحاولة',
  'recharge.history': 'حسابات استخدمتها مؤخرًا',
  'recharge.paymentReturn': 'جارٍ التحقق من نتيجة الدفع…',
  'recharge.closeNotice': 'إغلاق الإشعار',
  // A paid pay step opened again (a reload of its success, back, forward): what was paid, and that paying again
  // is a new order.
  'recharge.paidAgain':
    'تم الدفع بنجاح لطلبك رقم {order}، وسيصل الماس إلى حساب {nickname} ({id}) خلال دقائق. أي دفع جديد هو طلب منفصل',
  'recharge.paidAgainNoAccount':
    'تم الدفع بنجاح لطلبك رقم {order}، وسيصل الماس إلى الحساب خلال دقائق. أي دفع جديد هو طلب منفصل',
  'recharge.paidAgainNoOrder':
    'تم الدفع بنجاح لطلبك، وسيصل الماس إلى الحساب خلال دقائق. أي دفع جديد هو طلب منفصل',
  'recharge.faq': 'لم يصل الماس؟ أرسل بلاغًا',

  'search.label': 'معرّف الحساب',
  'search.placeholder': 'مثال: 10000002',
  'search.confirm': 'بحث',
  'search.minLength': 'أدخل {min} أرقام على الأقل',
  'search.checking': 'جارٍ التحقق من الحساب…',

  'avatar.alt': 'صورة {name}',
  'avatar.default': 'الصورة الافتراضية',
} as const;

export type StringKey = keyof typeof ar;
