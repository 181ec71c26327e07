import { Message } from '@topup/contracts/messages';
import { ar } from './ar';
import { payBookedAr } from './payBooked';
import { payKeptAr } from './payKept';
import { catalogue } from './t';

/**
 * Arabic strings of the payment flow and the providers (SPEC §2, §5, §8), under typed keys in the
 * shape of the app catalogue (`ar.ts`): dotted keys, `{name}` placeholders.
 */
export const payAr = {
  // step titles and the confirm label per step (SPEC §2)
  'pay.stepHome': 'الدفع',
  'pay.stepSavedCards': 'البطاقات المحفوظة',
  'pay.stepCardFrame': 'بطاقة جديدة',
  'pay.stepCardCvv': 'رمز الأمان',
  'pay.stepModifyExpiry': 'تحديث تاريخ الانتهاء',
  // the first step's lead (also index.html's static first paint of /pay-step)
  'pay.lead': 'راجع الحساب والباقة واختر طريقة الدفع، ثم أكّد. يُضاف الماس إلى الحساب فور نجاح الدفع.',
  'pay.rechargeNow': 'اشحن الآن',
  'pay.updateAndPay': 'تحديث التاريخ والدفع',
  'pay.updateExpiry': 'تحديث تاريخ الانتهاء',
  'pay.cardUpdateFailedCode': 'تعذّر تحديث بيانات البطاقة (الرمز {code}). أعد المحاولة',
  'pay.confirm': 'تأكيد',
  'pay.back': 'رجوع',
  'pay.close': 'إغلاق',
  'pay.packageSummary': 'الباقة',
  'pay.noPackage': 'لم تختر باقة بعد. ارجع إلى قائمة الشحن واختر باقة',
  'pay.noAccount': 'لم تختر الحساب الذي تشحنه بعد. ارجع إلى قائمة الشحن وأدخل معرّف الحساب ثم اختر الباقة',
  'pay.noMethod': 'لم تختر طريقة الدفع بعد. ارجع إلى قائمة الشحن واختر الباقة وطريقة الدفع',
  'pay.badAccount': 'الحساب في هذا الرابط غير صالح. ارجع إلى قائمة الشحن واختر الحساب والباقة',
  'pay.backToList': 'العودة إلى قائمة الشحن',
  'pay.packageUnavailable': 'هذه الباقة غير متاحة لهذا الحساب. ارجع إلى قائمة الشحن واختر باقة',
  'pay.packagePriceInvalid':
    'وصل سعر هذه الباقة أو محتواها من الخادم بصورة غير صالحة، فلا يمكن دفعها. ارجع إلى قائمة الشحن واختر باقة',
  // Signed out, an unknown package and one offered only signed in look alike: neither is promised by signing in.
  'pay.packageSignIn':
    'هذه الباقة غير متاحة لك الآن. اختر باقة من قائمة الشحن، وسجّل الدخول إن أردت رؤية باقات أكثر',
  'pay.signIn': ar['nav.login'],
  'pay.payAmount': 'ادفع {amount}',
  'pay.recipient': ar['recharge.target'],
  // An order for the same account paid in another tab or window of this browser a moment ago (two pay steps open).
  // The signed-in account changed under the pay step (useAccountFollow.ts).
  'pay.accountOtherWindow':
    'تغيّر الحساب في نافذة أخرى: أنت الآن مسجّل الدخول باسم {nickname} ({id}). أزلنا بطاقات الحساب السابق وما أدخلته هنا، فراجع اختيارك قبل الدفع',
  'pay.accountOtherWindowOut':
    'سُجّل الخروج في نافذة أخرى، فأزلنا بطاقات الحساب السابق وما أدخلته هنا. يمكنك الدفع دون تسجيل الدخول أو تسجيل الدخول من جديد',
  'pay.accountSignedOut':
    'سجّلت الخروج، فأزلنا بطاقاتك المحفوظة وما أدخلته هنا. يمكنك الدفع دون تسجيل الدخول أو تسجيل الدخول من جديد',
  'pay.accountExpired':
    'انتهت جلستك فسُجّل خروجك، وأزلنا بطاقاتك المحفوظة وما أدخلته هنا. سجّل الدخول من جديد للدفع ببطاقاتك المحفوظة',
  'pay.accountSwitched':
    'تغيّر الحساب المسجّل: أنت الآن مسجّل الدخول باسم {nickname} ({id}). أزلنا بطاقات الحساب السابق وما أدخلته هنا، فراجع اختيارك قبل الدفع',
  'pay.paidElsewhere':
    'تم قبل قليل دفع الطلب رقم {order} لحساب {nickname} ({id}) من نافذة أخرى. الدفع هنا طلب جديد منفصل يُخصم مبلغه مرة أخرى',
  // This tab's own order for the account, paid a moment ago, on the pay step opened again ("top up again").
  'pay.paidRecently':
    'تم قبل قليل دفع الطلب رقم {order} لحساب {nickname} ({id}). الدفع هنا طلب جديد منفصل يُخصم مبلغه مرة أخرى',
  'pay.recipientId': ar['recharge.idLabel'],
  // A pay step a link opened, not the list (PayRecipient.tsx LinkEntryWarning): nothing is chosen, and what it
  // pays for is said. `{list}` in the body is a link to the recharge list, named by `pay.linkEntryList`.
  'pay.linkEntryTitle': 'فُتحت صفحة الدفع هذه من رابط',
  'pay.linkEntryList': 'قائمة الشحن',
  'pay.linkEntryBody':
    'لم تخترها من {list}، وقد يكون الرابط من غيرك. تحقّق من الحساب والباقة والسعر قبل الدفع؛ لم نختر لك طريقة دفع',
  'pay.recipientLoading': ar['search.checking'],
  'pay.recipientNotFound': 'لم نجد هذا الحساب. ارجع إلى قائمة الشحن وابحث بمعرّف الحساب من جديد',
  'pay.recipientLoadFailed': 'تعذّر التحقق من الحساب. تحقّق من اتصالك وأعد المحاولة',
  // The server names the uid paid for as another account than the one chosen on the list: nothing is paid.
  'pay.recipientMismatch':
    'الحساب الذي كان سيصله الشحن معرّفه {server}، لا {chosen} الذي اخترته، فلم ندفع شيئًا. ارجع إلى قائمة الشحن وابحث بمعرّف الحساب من جديد',
  // The server gives the uid paid for as an account of another uid: one account would be shown, another paid.
  'pay.recipientUidMismatch':
    'لم تتطابق بيانات الحساب {server} لدى الخادم مع الحساب المطلوب، فلم ندفع شيئًا. ارجع إلى قائمة الشحن وابحث بمعرّف الحساب من جديد',
  'pay.method': 'طريقة الدفع',
  'pay.moreMethods': 'طرق دفع أخرى',
  'pay.hintChooseMethod': 'اختر طريقة الدفع لتفعيل زر الدفع',
  'pay.hintEnterCard': 'أدخل بيانات البطاقة كاملة لتفعيل زر الدفع',
  'pay.hintEnterHolder': 'أدخل اسم حامل البطاقة لتفعيل زر الدفع',
  'pay.hintEnterCvv': 'أدخل رمز الأمان (CVV) لتفعيل زر الدفع',
  'pay.securePayment': 'دفع آمن ومشفّر، ولا نحفظ بطاقتك إلا بموافقتك',
  'pay.orderNumber': 'رقم الطلب',
  'pay.copyOrderNumber': 'نسخ رقم الطلب',
  'pay.orderCopied': 'تم نسخ رقم الطلب',
  'pay.orderCopyFailed': 'تعذّر النسخ. حدّد الرقم وانسخه يدويًا',
  'pay.resultSuccessTo': 'سيصل الماس إلى حساب {nickname} ({id}) خلال دقائق',
  'pay.resultPaid': 'المبلغ المدفوع',
  'pay.resultAmount': 'المبلغ',
  // The order's own amount (the server's) is not the one the pay step showed: said, never hidden.
  'pay.resultChargeDiffers':
    'انتبه: سُجّل الطلب بمبلغ {charged}، لا {shown} الذي عُرض قبل الدفع. إن لم تكن تتوقّع هذا المبلغ فتواصل مع الدعم ومعك رقم الطلب',
  'pay.resultPackage': 'الباقة',
  'pay.done': 'تم',

  // leave confirmation
  'pay.leaveTitle': 'بقيت خطوة واحدة لإتمام طلبك. هل تريد المغادرة؟',
  'pay.leaveContinue': 'متابعة الدفع',
  'pay.leaveGiveUp': 'مغادرة',

  // channels (display groups)
  'pay.groupWallet': 'Apple Pay',
  'pay.groupProvider13': 'بطاقة مدى أو ائتمانية',
  'pay.groupProvider17': 'بطاقة Visa أو Mastercard',
  'pay.groupProvider6': 'طرق دفع أخرى',

  // saved cards
  'pay.savedCardsFetching': 'جارٍ تحميل البطاقات المحفوظة…',
  'pay.savedCardsFailed': 'تعذّر تحميل البطاقات المحفوظة',
  'pay.retry': ar['app.retry'],
  'pay.addNewCard': 'الدفع ببطاقة جديدة',
  'pay.deleteCard': 'حذف البطاقة',
  'pay.deleteCardTitle': 'هل تريد حذف هذه البطاقة المحفوظة؟',
  'pay.confirmDelete': 'حذف',
  'pay.cancelDelete': 'إلغاء',
  'pay.cardDeleted': 'تم حذف البطاقة',
  'pay.cardDeleteFailedCode': 'تعذّر حذف البطاقة (الرمز {code}). أعد المحاولة',
  'pay.deletingCard': 'جارٍ حذف البطاقة…',
  'pay.expiresSoonFlag': 'تنتهي قريبًا، حدّث تاريخ الانتهاء',
  'pay.expiredFlag': 'انتهت صلاحيتها',
  'pay.bankExpired': 'أفاد البنك بأن هذه البطاقة لم تعد صالحة. استخدم بطاقة أخرى',
  'pay.expiresOn': 'تنتهي في',
  'pay.expiredOn': 'انتهت في',
  'pay.bankExpiredFlag': 'أوقفها البنك',
  'pay.bankExpiredNote': 'أفاد البنك بأنها لم تعد صالحة، فلا يمكن الدفع بها. احذفها أو استخدم بطاقة أخرى',

  // expiry popups
  'pay.expiryPopupTitle': 'تحديث تاريخ الانتهاء',
  'pay.currentExpiry': 'تاريخ الانتهاء الحالي',
  'pay.newExpiry': 'تاريخ الانتهاء الجديد',
  'pay.expiryPlaceholder': 'MM/YY',
  'pay.badDateFormat': 'اكتب التاريخ بالشكل شهر/سنة، مثل 08/29',
  'pay.badExpiryMonth': 'تاريخ الانتهاء غير صحيح: الشهر من 01 إلى 12، مثل 08/29',
  'pay.expiryPassed': 'تاريخ الانتهاء غير صحيح: هذا التاريخ مضى، اكتب التاريخ المطبوع على البطاقة',
  'pay.useAnotherCard': 'استخدام بطاقة أخرى',

  // card form (SPEC §5)
  'pay.cardNumber': 'رقم البطاقة',
  'pay.cvv': 'رمز الأمان (CVV)',
  'pay.validity': 'تاريخ الانتهاء',
  'pay.holderName': 'اسم حامل البطاقة',
  'pay.cvvTip': 'رمز الأمان هو الأرقام الثلاثة على ظهر البطاقة',
  'pay.schemeNotAccepted': 'لا نقبل هذا النوع من البطاقات. استخدم بطاقة Visa أو Mastercard',
  'pay.rememberCard': 'حفظ البطاقة للدفع لاحقًا',
  // In the save box's place while the account a link signed in is not confirmed (the link notice).
  'pay.rememberConfirmFirst':
    'لن نحفظ هذه البطاقة: نحفظ البطاقات فقط بعد أن تؤكد في الإشعار أعلى الصفحة أن الحساب الذي دخلت به حسابك',
  'pay.cardFieldsLoading': 'جارٍ تحميل نموذج البطاقة…',
  'pay.cardFieldsFailed': 'تعذّر تحميل نموذج البطاقة. أعد المحاولة',
  'pay.tokenizeFailed': 'تعذّر التحقق من بيانات البطاقة. راجعها وأعد المحاولة',

  // order and 3-D Secure
  'pay.creatingOrder': 'جارٍ إنشاء الطلب…',
  'pay.processing': 'جارٍ معالجة الدفع…',
  'pay.goingToPaymentPage': 'جارٍ الانتقال إلى صفحة الدفع…',
  'pay.bankVerification': 'لا تغلق المتصفح، واتبع تعليمات التحقق من البنك',
  'pay.challengeTitle': 'التحقق من البنك',
  'pay.challengeCancel': 'إلغاء التحقق',
  'pay.challengeOffline': 'انقطع الاتصال أثناء تحقق البنك. لا تغلق الصفحة: سنتحقق من طلبك حين يعود الاتصال',
  'pay.challengeChecking': 'عاد الاتصال. نتحقق من حالة طلبك…',
  'pay.challengeReopenTip':
    'عاد الاتصال ولم يُحسم طلبك بعد. إن لم تظهر صفحة البنك كاملة، أعد فتحها وأكمل التحقق',
  'pay.challengeStillOpen': 'عاد الاتصال ولم يُحسم طلبك بعد. أكمل التحقق في صفحة البنك',
  'pay.challengeReopen': 'إعادة فتح صفحة البنك',
  'pay.orderFailed': 'تعذّر إنشاء الطلب',
  'pay.checkingResult': ar['recharge.paymentReturn'],
  'pay.sendingBankAnswer': 'بانتظار عودة الاتصال لإرسال ردّ البنك… لا تغلق الصفحة',
  'pay.bankAnswerUnsent':
    'لم يصل ردّ البنك إلى خادمنا بسبب انقطاع الاتصال. تأكّد من اتصالك ثم اضغط «التحقق من النتيجة مرة أخرى» لإرساله',

  // result panel (SPEC §8 result tips)
  'pay.resultSuccessTitle': 'تم الدفع بنجاح',
  'pay.resultSuccessTip': 'سيصل الماس إلى الحساب خلال دقائق',
  'pay.resultAgain': 'شحن الباقة نفسها مرة أخرى',
  'pay.resultFailTitle': 'لم يكتمل الدفع',
  'pay.resultFailTip': 'لم يُخصم أي مبلغ. أعد المحاولة',
  'pay.resultBalanceTip': 'رصيد البطاقة غير كافٍ، ولم يُخصم أي مبلغ. جرّب بطاقة أخرى أو باقة أصغر',
  'pay.resultVerifyTip': 'لم يكتمل التحقق من البنك، ولم يُخصم أي مبلغ. أعد المحاولة',
  'pay.resultNotSupportTip': 'هذا المتصفح لا يدعم Apple Pay. افتح الصفحة في Safari أو اختر طريقة دفع أخرى',
  'pay.resultExpireTip': 'انتهت صلاحية البطاقة، ولم يُخصم أي مبلغ. حدّث تاريخ الانتهاء ثم ادفع',
  // A card chosen off the page (a provider's card page, a wallet's sheet): no expiry to update here.
  'pay.resultCardExpiredTip':
    'انتهت صلاحية البطاقة، ولم يُخصم أي مبلغ. استخدم بطاقة أخرى أو اختر طريقة دفع أخرى',
  'pay.resultCardRiskTip':
    'رفض مزوّد الدفع هذه البطاقة لأسباب أمنية، ولم يُخصم أي مبلغ. جرّب بطاقة أخرى أو طريقة دفع أخرى',
  'pay.resultHighRiskTip': 'الاتصال بمحفظة الدفع غير مستقر، ولم يُخصم أي مبلغ. حدّث الصفحة ثم أعد المحاولة',
  'pay.resultOtherTip': 'لم يكتمل التحقق من الدفع، ولم يُخصم أي مبلغ. أعد المحاولة أو اختر طريقة دفع أخرى',
  'pay.resultNotActiveTip': 'طريقة الدفع هذه غير متاحة حاليًا. اختر طريقة دفع أخرى',
  'pay.resultDeclinedTip': 'لم يُخصم أي مبلغ من حسابك',
  // A method that is no card (a wallet's or a local method's own page): never a card's advice.
  'pay.resultMethodDeclinedTip': 'لم يُخصم أي مبلغ. أعد المحاولة أو اختر طريقة دفع أخرى',
  'pay.resultMethodBalanceTip':
    'الرصيد غير كافٍ لإتمام الدفع، ولم يُخصم أي مبلغ. اختر طريقة دفع أخرى أو باقة أصغر',
  'pay.resultCancelledTitle': 'أُلغي الدفع',
  'pay.resultCancelledTip': 'ألغيت الدفع في صفحة مزوّد الدفع، فلم يُخصم أي مبلغ',
  'pay.resultPayAgain': 'الدفع مرة أخرى',
  // No such order (23001): nothing is known of a charge, so nothing is claimed either way.
  'pay.resultNotFoundTitle': 'لم نجد طلب الدفع هذا',
  'pay.resultNotFoundTip': 'لا نعلم بخصم أي مبلغ مقابله. ادفع من جديد أو اختر طريقة دفع أخرى',
  // Back from a payment with no pay step to show it on (no order, or its package unknown): said on the list.
  'pay.returnNotFound':
    'لا يمكننا التحقق من طلب الدفع هذا من هنا. إن كان قد دُفع فسيصل الماس إلى الحساب دون أي خطوة منك',
  // A return link this browser did not make (another device's, or a stranger's): no result, nothing of the visitor's.
  'pay.returnOtherDevice':
    'هذا الرابط لعملية دفع بدأت على جهاز أو متصفح آخر، لذا لا نعرض نتيجتها هنا. تظهر النتيجة على الجهاز الذي بدأ منه الدفع',
  'pay.resultPendingTitle': 'الدفع قيد المعالجة',
  'pay.resultPendingTip': 'نتحقق من نتيجة الدفع، لا تغلق الصفحة',
  'pay.resultRetry': ar['app.retry'],
  'pay.resultAnotherCard': 'استخدام بطاقة أخرى',
  'pay.resultAnotherMethod': 'اختيار طريقة دفع أخرى',
  'pay.resultRefresh': 'تحديث الصفحة',
  'pay.resultUpdateAndPay': 'تحديث التاريخ والدفع',
  'pay.resultSwitchBrowser': 'حسنًا',
  'pay.resultRememberCard': 'حفظ هذه البطاقة للدفع لاحقًا',

  // wallet wording (SPEC §8)
  'pay.walletUserCancel': 'ألغيت الدفع، ولم يُخصم أي مبلغ',
  'pay.walletSessionFailed': Message.walletSessionFailed,
  'pay.walletSessionTimeout': 'انتهت مهلة جلسة الدفع. أعد المحاولة',
  'pay.walletEmptySession': 'تعذّر بدء جلسة الدفع. أعد المحاولة أو اختر طريقة دفع أخرى',
  'pay.walletOrderExpired': 'انتهت مهلة الطلب ولم يعد صالحًا. ابدأ الدفع من جديد',
  'pay.walletMerchantValidationFailed': 'تعذّر تشغيل Apple Pay. أعد المحاولة أو اختر طريقة دفع أخرى',
  'pay.walletInsufficient': Message.insufficientBalance,
  'pay.wallet3dFailed': 'لم يكتمل التحقق من البنك. أعد المحاولة',
  'pay.walletFinalAuthFailed': 'رفض البنك الدفع. جرّب بطاقة أخرى',
  'pay.walletRiskControl': 'تعذّر إتمام الدفع. أعد المحاولة أو جرّب بطاقة أخرى',
  'pay.walletChannelRisk': 'تعذّر إتمام الدفع لأسباب أمنية. جرّب طريقة دفع أخرى',
  'pay.walletPending': 'الدفع قيد المعالجة',
  'pay.walletUnknown': ar['app.unexpected'],
  'pay.walletNetworkTimeout': Message.network,
  'pay.walletDefault': Message.walletSessionFailed,
  'pay.walletMoving': 'جارٍ الانتقال إلى نطاق يدعم Apple Pay…',
  'pay.walletMoved': 'Apple Pay متاح في هذه الصفحة. اضغط «ادفع» لفتح Apple Pay',

  // the mock wallet sheet (test backends only)
  'pay.mockSheetTitle': 'محفظة تجريبية',
  'pay.mockSheetAmount': 'المبلغ',
  'pay.mockSheetPay': 'ادفع',
  'pay.mockSheetCancel': 'إلغاء',
  'pay.mockSheetOutcome': 'نتيجة الدفع التجريبية',
  'pay.mockSheetProcessing': 'جارٍ إتمام الدفع…',

  'pay.pleaseFill': 'أدخل {input}',
  'pay.filledIncorrectly': '{input} غير صحيح',
  'pay.holderCardNumber':
    'اسم حامل البطاقة لا يكون رقم بطاقة. اكتب الاسم كما هو مطبوع على البطاقة، دون أرقامها',
  'pay.cvvIncorrect': 'رمز الأمان الذي أدخلته غير صحيح. أعد إدخاله، فهو يتكوّن عادةً من {length} أرقام',
  // Followed by why (api/loadFailure.ts): the connection, or the service.
  'pay.packageLoadFailed': 'تعذّر تحميل الباقة.',
  // A refused order creation (SPEC §8): its code, then an Arabic message (`refusalText.ts`) when there is one.
  'pay.orderRefusedWith': 'تعذّر إنشاء الطلب (الرمز {code}): {message}.',
  'pay.orderRefused': 'تعذّر إنشاء الطلب (الرمز {code}).',
  'pay.orderRefusedNoCharge':
    'لم يُنشأ أي طلب ولم يُخصم أي مبلغ. بيانات الدفع كما هي: اضغط زر الدفع لإعادة المحاولة',
  'pay.orderRefusedSameOrder':
    'بيانات الدفع كما هي: اضغط زر الدفع لإعادة المحاولة بالطلب نفسه، ولن يُخصم المبلغ مرتين',
  'pay.orderUnconfirmed':
    'لم يصلنا رد مؤكد على طلبك. اضغط «التحقق من الدفع» لمتابعة الطلب نفسه، ولن يُخصم المبلغ مرتين',
  'pay.checkPayment': 'التحقق من الدفع',
  'pay.paymentPageRefused': 'لم نفتح صفحة الدفع لأن عنوانها غير موثوق، وأُلغي الطلب. اختر طريقة دفع أخرى',
  // Two sentences of one notice, the first's full stop between them (each also stands alone, with none).
  'pay.sentences': '{first}. {second}',
  'pay.orderUnconfirmedEdited': 'إن غيّرت بيانات البطاقة فسنتحقق أولًا من نتيجة طلبك السابق قبل أي طلب جديد',
  ...payKeptAr,
  ...payBookedAr,
  'pay.coins': '{coins} ماسة',
  'pay.bonus': '+{coins} مكافأة',
  // The pay journey's machine: states that say only what the page knows.
  'pay.resultProcessingTitle': 'الدفع قيد المعالجة',
  'pay.resultProcessingTip': 'لم تصلنا نتيجة الدفع بعد. إن أكملت الدفع فستصل النتيجة خلال دقائق',
  'pay.resultCheckAgain': 'التحقق من النتيجة مرة أخرى',
  'pay.resultChallengeInterruptedTitle': 'انقطع تحقق البنك',
  'pay.resultChallengeInterruptedTip':
    'أُعيد تحميل الصفحة أثناء تحقق البنك، فلا يمكن متابعة التحقق ولم تصلنا نتيجة الدفع. ألغِ هذا الطلب لتدفع من جديد أو بطريقة أخرى؛ وإن كان قد دُفع فسنعرض لك ذلك ولن يُخصم المبلغ مرتين',
  'pay.resultGiveUp': 'إلغاء الطلب والدفع من جديد',
  'pay.resultReturnedTitle': 'لم يُؤكَّد الدفع بعد',
  'pay.resultReturnedTip':
    'عدت من صفحة الدفع ولم يصلنا حتى الآن ما يفيد إتمام الدفع فيها. إن لم تُكمله فألغِ هذا الطلب لتدفع من جديد بالطريقة نفسها أو بغيرها؛ وإن أكملته فتحقّق من النتيجة مرة أخرى، ولن يُخصم المبلغ مرتين',
  'pay.earlierCancelled':
    'أُلغي طلبك السابق رقم {order} فلن يُخصم مبلغه. اختر طريقة الدفع واضغط زر الدفع من جديد',
  'pay.resultTimeoutTip':
    'انتهت مهلة مزوّد الدفع قبل أن يؤكد النتيجة، فلم يكتمل الطلب. راجع حسابك البنكي قبل أن تدفع مرة أخرى',
  'pay.resultCardLockedTip':
    'أوقفنا هذه البطاقة المحفوظة لحمايتك بعد عدة محاولات برمز أمان خاطئ، ولم يُخصم أي مبلغ. أدخل بيانات البطاقة من جديد أو اختر طريقة دفع أخرى',
  'pay.resultWrongCvvTip': 'رمز الأمان (CVV) الذي أدخلته غير صحيح، فرفض البنك الدفع. أدخله مرة أخرى',
  'pay.resultChallengeCancelledTitle': 'أُلغي التحقق',
  'pay.resultChallengeCancelledTip': 'ألغيت التحقق من البنك قبل إتمامه، فلم يكتمل الدفع',
  'pay.resultChallengeCancelledConfirmedTip': 'ألغيت التحقق من البنك، فأُلغي الطلب ولم يُخصم أي مبلغ',
  'pay.walletDeclined': 'رُفض الدفع. أعد المحاولة أو اختر طريقة دفع أخرى',
  'pay.offline': 'لا يوجد اتصال بالإنترنت. سيعمل زر الدفع حين يعود الاتصال',
  'pay.offlineUnconfirmed': 'لا يوجد اتصال بالإنترنت. سنتحقق من دفعتك تلقائيًا حين يعود الاتصال',
} as const;

export type PayKey = keyof typeof payAr;

export const pt = catalogue(payAr);
