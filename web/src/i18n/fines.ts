import { Message } from '@topup/contracts/messages';
import { ar } from './ar';
import { catalogue } from './t';

/**
 * Arabic strings of the fines screen (SPEC §1 fines, §8 messages), under typed keys in the shape of the app
 * catalogue (`ar.ts`): dotted keys, `{name}` placeholders.
 */
export const finesAr = {
  'fines.title': 'دفع الغرامة',
  // The lead of a fine link, true of every fine (also index.html's static first paint of /fines?id=…).
  'fines.lead': 'ادفع الغرامة المستحقة على الحساب. إن كان محظورًا بسببها، يُلغى الحظر تلقائيًا بعد الدفع.',
  'fines.accountState': 'حالة الحساب',
  'fines.stateBanned': 'محظور بعد استرداد مبلغ مدفوع',
  'fines.stateNotBanned': 'غير محظور',
  'fines.loading': 'جارٍ تحميل الغرامة…',
  'fines.account': 'الحساب',
  'fines.displayId': ar['recharge.idLabel'],
  'fines.nickname': 'الاسم',
  'fines.amount': 'مبلغ الغرامة',
  'fines.previousAmount': 'المبلغ السابق',
  'fines.details': 'تفاصيل الغرامة',

  'fines.missingId': 'أدخل رقم الغرامة لعرضها ودفعها',
  'fines.number': 'رقم الغرامة',
  'fines.numberHint': 'تجده في رسالة الحظر داخل التطبيق',
  'fines.numberWhere':
    'أين أجد رقم الغرامة؟ افتح التطبيق بهذا الحساب: تعرض رسالة الحظر رقم الغرامة ومبلغها، وتجدها أيضًا في إشعارات التطبيق.',
  'fines.forAccount': 'دفع غرامة الحساب',
  'fines.otherAccount': 'هذه الغرامة على حساب آخر غير {account}. تحقّق من رقم الغرامة قبل الدفع',
  'fines.receipt': 'إيصال الدفع',
  'fines.orderNumber': 'رقم الطلب',
  'fines.numberInvalid': 'رقم الغرامة يتكوّن من أرقام فقط، مثل 7001',
  'fines.lookUp': 'عرض الغرامة',
  'fines.lookUpTitle': 'البحث عن الغرامة',
  'fines.invalidId': 'رقم الغرامة في الرابط غير صحيح. أدخل الرقم الصحيح',
  'fines.notFoundTitle': Message.fineNotFound,
  'fines.notFound': 'لم نجد غرامة بهذا الرقم. تحقّق منه وأدخله مرة أخرى',
  'fines.loadFailedTitle': 'تعذّر تحميل الغرامة',
  // A code the catalogue does not know (an HTTP status too): the app's words with it, never the server's.
  'fines.loadFailedCode': 'لم تصلنا بيانات الغرامة (الرمز {code}). أعد المحاولة',
  'fines.retry': ar['app.retry'],
  // get_fine_info answered outside its contract (an amount not in whole cents, a currency other than USD, an
  // account id that is not digits): nothing of it is shown, and it cannot be paid.
  'fines.unreadable':
    'وصلتنا بيانات هذه الغرامة بصيغة غير صالحة (المبلغ أو العملة أو رقم الحساب)، فلا يمكن عرضها أو دفعها. أعد المحاولة لاحقاً أو تواصل مع الدعم',

  'fines.alreadyPaidTitle': 'تم دفع هذه الغرامة',
  'fines.alreadyPaid': 'لا حاجة إلى دفعها مرة أخرى',

  'fines.chooseMethod': 'اختر طريقة الدفع',
  'fines.methodCard': 'بطاقة مدى أو ائتمانية',
  'fines.methodHosted': 'طرق دفع محلية (صفحة الدفع)',
  'fines.pay': 'ادفع الغرامة',
  'fines.creatingOrder': 'جارٍ إنشاء الطلب…',
  'fines.goingToPaymentPage': 'جارٍ الانتقال إلى صفحة الدفع…',
  'fines.bankVerification': 'لا تغلق المتصفح، واتبع تعليمات التحقق من البنك',
  'fines.challengeTitle': 'التحقق من البنك',
  'fines.orderUnconfirmed':
    'لم يصلنا رد مؤكد على طلبك. اضغط «ادفع الغرامة» مرة أخرى لمتابعة الطلب نفسه، ولن يُخصم المبلغ مرتين',
  'fines.offlineUnconfirmed': 'لا يوجد اتصال بالإنترنت. سنتحقق من دفعتك تلقائيًا حين يعود الاتصال',
  // A refusal the server answered: its code, then an Arabic message when there is one (SPEC §8, refusalText.ts).
  'fines.orderFailedWith': 'تعذّر إنشاء الطلب (الرمز {code}): {message}.',
  'fines.orderFailed': 'تعذّر إنشاء الطلب (الرمز {code}).',
  'fines.orderRefusedNoCharge': 'لم يُنشأ أي طلب ولم يُخصم أي مبلغ. اضغط «ادفع الغرامة» لإعادة المحاولة',
  'fines.orderRefusedSameOrder':
    'اضغط «ادفع الغرامة» مرة أخرى لإعادة المحاولة بالطلب نفسه، ولن يُخصم المبلغ مرتين',
  'fines.noPaymentPage': 'تعذّر فتح صفحة الدفع. أعد المحاولة أو اختر طريقة دفع أخرى',

  'fines.amountChangedTitle': 'تغيّر مبلغ الغرامة',
  'fines.amountChanged': 'اضغط «تحديث» لعرض المبلغ الجديد، ثم ادفع',
  'fines.refresh': 'تحديث',
  // After the refresh: the change said above the pay button, which waits for the new amount to be confirmed.
  'fines.amountRose': 'ارتفع مبلغ الغرامة منذ أن عرضناه لك.',
  'fines.amountFell': 'انخفض مبلغ الغرامة منذ أن عرضناه لك.',
  'fines.amountNew': 'المبلغ الجديد',
  'fines.amountInsteadOf': 'بدلًا من',
  'fines.confirmNewAmount': 'أوافق على دفع المبلغ الجديد',
  'fines.hintConfirmAmount': 'أكّد المبلغ الجديد أعلاه لتفعيل زر الدفع',

  'fines.checkingResult': ar['recharge.paymentReturn'],
  'fines.pendingTitle': 'الدفع قيد المعالجة',
  'fines.pending': 'لم تصلنا نتيجة الدفع بعد. تحقّق مرة أخرى بعد قليل',
  'fines.checkAgain': 'التحقق مرة أخرى',
  'fines.payAnotherWay': 'الدفع بطريقة أخرى',
  'fines.payAnotherWayNote':
    'إن لم تُكمل الدفع في صفحة الدفع يمكنك اختيار طريقة أخرى. نتحقّق أولًا من هذا الطلب ونلغيه، فلا تُدفع الغرامة مرتين',
  'fines.notCancelled':
    'تعذّر إلغاء طلب الدفع هذا وقد يكتمل دفعه، فلم نعرض طرق الدفع من جديد حتى لا تُدفع الغرامة مرتين. تحقّق منه مرة أخرى بعد قليل',
  // Back with an order this browser cannot read (23001): a return opened in another browser reads so while its
  // order may still be paid there. As the top-up's return says it: no claim either way, no invitation to pay again.
  'fines.orderNotFoundTitle': 'لا يمكننا التحقق من طلب الدفع هذا من هنا',
  'fines.orderNotFound':
    'قد تكون عملية الدفع هذه بدأت على جهاز أو متصفح آخر، فتظهر نتيجتها هناك. إن اكتمل الدفع فسيُلغى حظر الحساب دون أي خطوة منك، فتحقّق من حالة الغرامة بعد قليل قبل أي دفع جديد',
  'fines.showFine': 'عرض حالة الغرامة',

  'fines.paidTitle': 'تم دفع الغرامة',
  'fines.checkingUnban': 'جارٍ التحقق من حالة الحساب…',
  'fines.unbanned': 'أُلغي حظر الحساب، ويمكن استخدامه وشحنه الآن',
  'fines.notBanned': 'الحساب غير محظور، ويمكن استخدامه وشحنه الآن',
  'fines.stillBanned': 'تم الدفع، لكن الحساب ما زال محظورًا. تحقّق بعد قليل أو تواصل مع الدعم',
  'fines.banned': 'تم الدفع، لكن الحساب محظور. تحقّق بعد قليل أو تواصل مع الدعم',
  'fines.unbanUnknown': 'تم الدفع، لكن تعذّر التحقق من حالة الحساب الآن. أعد التحقق بعد قليل',
  'fines.checkUnbanAgain': 'التحقق من حالة الحساب',
  'fines.topUp': 'شحن هذا الحساب',
  'fines.payAnother': 'دفع غرامة أخرى',

  'fines.failedTitle': 'لم يكتمل الدفع',
  // A fine has no packages: its balance tips never offer a smaller one.
  'fines.balanceTip': 'رصيد البطاقة غير كافٍ، ولم يُخصم أي مبلغ. تحقّق من رصيدك أو جرّب بطاقة أخرى',
  'fines.methodBalanceTip': 'الرصيد غير كافٍ لإتمام الدفع، ولم يُخصم أي مبلغ. اختر طريقة دفع أخرى',
  'fines.tryAgain': ar['app.retry'],
} as const;

export const ft = catalogue(finesAr);
