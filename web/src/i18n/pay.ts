import { catalogue } from './t';

/**
 * Arabic strings of the payment flow, the providers and fines (SPEC §2, §5, §8), under typed keys in the
 * shape of the app catalogue (`ar.ts`): dotted keys, `{name}` placeholders.
 */
export const payAr = {
  // step titles and the confirm label per step (SPEC §2)
  'pay.stepHome': 'الدفع',
  'pay.stepSavedCards': 'البطاقات المحفوظة',
  'pay.stepCardFrame': 'بطاقة جديدة',
  'pay.stepCardCvv': 'رمز الأمان',
  'pay.stepCvvNotRemembered': 'رمز أمان البطاقة',
  'pay.stepModifyExpiry': 'تاريخ انتهاء البطاقة',
  'pay.rechargeNow': 'اشحن الآن',
  'pay.updateAndPay': 'تحديث والدفع',
  'pay.updateExpiry': 'تحديث تاريخ الانتهاء',
  'pay.confirm': 'تأكيد',
  'pay.back': 'رجوع',
  'pay.close': 'إغلاق',
  'pay.payTitle': 'الدفع',
  'pay.packageSummary': 'الباقة',
  'pay.payFor': 'الشحن إلى',
  'pay.noPackage': 'لم يتم اختيار باقة، يرجى العودة إلى قائمة الشحن',
  'pay.backToList': 'العودة إلى قائمة الشحن',
  'pay.payAmount': 'ادفع {amount}',
  'pay.recipient': 'الشحن إلى',
  'pay.recipientId': 'معرّف الحساب',
  'pay.method': 'طريقة الدفع',
  'pay.moreMethods': 'طرق دفع أخرى',
  'pay.fewerMethods': 'إخفاء الطرق الأخرى',
  'pay.securePayment': 'دفع آمن ومشفّر، لا نحفظ رقم بطاقتك إلا بموافقتك',
  'pay.orderNumber': 'رقم الطلب',
  'pay.resultSuccessTo': 'سيصل الماس إلى حساب {nickname} ({id}) خلال دقائق',
  'pay.resultPaid': 'المبلغ المدفوع',
  'pay.done': 'تم',

  // leave confirmation
  'pay.leaveTitle': 'بقيت خطوة واحدة لإتمام طلبك. هل تريد المغادرة؟',
  'pay.leaveContinue': 'متابعة الدفع',
  'pay.leaveGiveUp': 'مغادرة',

  // channels (display groups)
  'pay.groupWallet': 'Apple Pay',
  'pay.groupProvider13': 'بطاقة ائتمان أو خصم',
  'pay.groupProvider17': 'بطاقة Visa أو Mastercard',
  'pay.groupProvider6': 'طرق دفع أخرى',
  'pay.lastUsed': 'آخر طريقة مستخدمة',
  'pay.showAllChannels': 'عرض كل طرق الدفع',
  'pay.walletUnavailable': 'Apple Pay غير متاح على هذا المتصفح',

  // saved cards
  'pay.savedCardsFetching': 'جارٍ تحميل البطاقات المحفوظة…',
  'pay.savedCardsFailed': 'تعذّر تحميل البطاقات المحفوظة',
  'pay.retry': 'إعادة المحاولة',
  'pay.addNewCard': 'الدفع ببطاقة جديدة',
  'pay.deleteCard': 'حذف البطاقة',
  'pay.deleteCardTitle': 'هل تريد حذف هذه البطاقة المحفوظة؟',
  'pay.confirmDelete': 'حذف',
  'pay.cancelDelete': 'إلغاء',
  'pay.cardDeleted': 'تم حذف البطاقة',
  'pay.deletingCard': 'جارٍ حذف البطاقة…',
  'pay.expiresSoonFlag': 'تنتهي قريبًا، حدّث تاريخ الانتهاء',
  'pay.expiredFlag': 'منتهية الصلاحية',
  'pay.bankExpired':
    'أفاد البنك بانتهاء صلاحية هذه البطاقة، ولم تعد البطاقة المحفوظة صالحة. استخدم بطاقة أخرى',
  'pay.expiresOn': 'تنتهي في',
  'pay.expiredOn': 'انتهت في',
  'pay.bankExpiredFlag': 'أوقفها البنك',
  'pay.bankExpiredNote': 'أفاد البنك بانتهاء صلاحيتها، فلا يمكن الدفع بها. احذفها أو استخدم بطاقة أخرى.',

  // expiry popups
  'pay.expiryPopupTitle': 'تحديث تاريخ انتهاء البطاقة',
  'pay.currentExpiry': 'تاريخ الانتهاء الحالي',
  'pay.newExpiry': 'تاريخ الانتهاء الجديد',
  'pay.expiryPlaceholder': 'MM/YY',
  'pay.badDateFormat': 'صيغة التاريخ غير صحيحة',
  'pay.expiryUpdated': 'تم تحديث تاريخ الانتهاء',
  'pay.expiredPopupTitle': 'انتهت صلاحية هذه البطاقة',
  'pay.useAnotherCard': 'استخدام بطاقة أخرى',

  // card form (SPEC §5)
  'pay.cardNumber': 'رقم البطاقة',
  'pay.cvv': 'CVV',
  'pay.validity': 'تاريخ الصلاحية',
  'pay.holderName': 'اسم حامل البطاقة',
  'pay.cvvTip': 'الأرقام الثلاثة على ظهر البطاقة',
  'pay.cvvTipButton': 'ما هو رمز CVV؟',
  'pay.schemeNotAccepted': 'نوع البطاقة غير مدعوم، نقبل Visa وMastercard فقط',
  'pay.rememberCard': 'حفظ البطاقة للدفع لاحقًا',
  'pay.cardFieldsLoading': 'جارٍ تحميل نموذج البطاقة…',
  'pay.cardFieldsFailed': 'تعذّر تحميل نموذج البطاقة، يرجى إعادة المحاولة',
  'pay.tokenizeFailed': 'تعذّر التحقق من البطاقة، يرجى المحاولة مرة أخرى',

  // order and 3-D Secure
  'pay.creatingOrder': 'جارٍ إنشاء الطلب…',
  'pay.processing': 'جارٍ معالجة الدفع…',
  'pay.goingToPaymentPage': 'جارٍ الانتقال إلى صفحة الدفع',
  'pay.bankVerification': 'يرجى عدم إغلاق المتصفح واتباع تعليمات التحقق الأمني من البنك',
  'pay.challengeTitle': 'التحقق الأمني من البنك',
  'pay.challengeCancel': 'إلغاء التحقق',
  'pay.orderFailed': 'فشل إنشاء الطلب',
  'pay.checkingResult': 'جارٍ التحقق من نتيجة الدفع…',

  // result panel (SPEC §8 result tips)
  'pay.resultSuccessTitle': 'تم الدفع بنجاح',
  'pay.resultSuccessTip': 'سيصل الماس إلى الحساب خلال دقائق',
  'pay.resultAgain': 'شحن الباقة نفسها مرة أخرى',
  'pay.resultFailTitle': 'لم يكتمل الدفع',
  'pay.resultFailTip': 'لم يكتمل الدفع ولم يُخصم أي مبلغ. يمكنك المحاولة مرة أخرى',
  'pay.resultBalanceTip': 'الرصيد غير كافٍ ولم يُخصم أي مبلغ. جرّب بطاقة أخرى أو باقة أصغر',
  'pay.resultVerifyTip': 'لم يكتمل التحقق من البطاقة ولم يُخصم أي مبلغ. أعد المحاولة',
  'pay.resultNotSupportTip': 'هذا المتصفح لا يدعم Apple Pay. افتح الصفحة في Safari أو اختر طريقة دفع أخرى',
  'pay.resultExpireTip': 'انتهت صلاحية البطاقة ولم يُخصم أي مبلغ. حدّث تاريخ الانتهاء ثم ادفع',
  'pay.resultHighRiskTip': 'تعذّر إتمام الدفع لأسباب أمنية. جرّب طريقة دفع أخرى',
  'pay.resultOtherTip': 'تعذّر التحقق من الدفع ولم يُخصم أي مبلغ. أعد المحاولة أو اختر طريقة دفع أخرى',
  'pay.resultNotActiveTip': 'طريقة الدفع هذه غير متاحة حاليًا. اختر طريقة دفع أخرى',
  'pay.resultDeclinedTip': 'لم يُخصم أي مبلغ من حسابك.',
  'pay.resultCancelledTitle': 'أُلغي الدفع',
  'pay.resultCancelledTip': 'ألغيت الدفع في صفحة مزوّد الدفع، ولم يُخصم أي مبلغ.',
  'pay.resultPayAgain': 'الدفع مرة أخرى',
  'pay.resultPendingTitle': 'الدفع قيد المعالجة',
  'pay.resultPendingTip': 'نتحقق من نتيجة الدفع، لا تغلق الصفحة',
  'pay.resultRetry': 'إعادة المحاولة',
  'pay.resultAnotherCard': 'استخدام بطاقة أخرى',
  'pay.resultAnotherMethod': 'اختيار طريقة دفع أخرى',
  'pay.resultRefresh': 'تحديث الصفحة',
  'pay.resultUpdateAndPay': 'تحديث والدفع',
  'pay.resultSwitchBrowser': 'حسنًا',
  'pay.resultRememberCard': 'حفظ هذه البطاقة للدفع السريع',

  // wallet wording (SPEC §8)
  'pay.walletUserCancel': 'تم إلغاء الدفع ولم يُخصم أي مبلغ',
  'pay.walletSessionFailed': 'فشل طلب الدفع، يرجى إعادة المحاولة أو تجربة طريقة أخرى',
  'pay.walletSessionTimeout': 'انتهت مهلة جلسة الدفع',
  'pay.walletEmptySession': 'جلسة التاجر فارغة',
  'pay.walletOrderExpired': 'تجاوز وقت الانتظار، الطلب غير صالح، يرجى البدء من جديد',
  'pay.walletMerchantValidationFailed': 'فشل التحقق من التاجر',
  'pay.walletInsufficient': 'الرصيد غير كافٍ، يرجى التحقق من رصيد البطاقة أو تجربة بطاقة أخرى',
  'pay.wallet3dFailed': 'فشل التحقق ثلاثي الأبعاد',
  'pay.walletFinalAuthFailed': 'فشل التفويض النهائي',
  'pay.walletRiskControl': 'يرجى إعادة المحاولة أو تجربة بطاقة أخرى',
  'pay.walletChannelRisk': 'تعذّر إتمام الدفع لأسباب أمنية. جرّب طريقة دفع أخرى',
  'pay.walletPending': 'الدفع قيد المعالجة',
  'pay.walletUnknown': 'خطأ غير معروف',
  'pay.walletNetworkTimeout': 'خطأ في الشبكة، يرجى التحقق وإعادة المحاولة',
  'pay.walletDefault': 'فشل طلب الدفع، يرجى إعادة المحاولة أو تجربة طريقة أخرى',
  'pay.walletMoving': 'جارٍ الانتقال إلى نطاق يدعم Apple Pay…',

  // the mock wallet sheet (test backends only)
  'pay.mockSheetTitle': 'محفظة تجريبية',
  'pay.mockSheetAmount': 'المبلغ',
  'pay.mockSheetPay': 'ادفع',
  'pay.mockSheetCancel': 'إلغاء',
  'pay.mockSheetOutcome': 'نتيجة الدفع التجريبية',

  // mock card fields and challenge (test backends only)
  'pay.mockChallengeTitle': 'صفحة التحقق التجريبية',

  // fines
  'pay.finesTitle': 'دفع الغرامة',
  'pay.fineAccount': 'الحساب',
  'pay.fineAmount': 'مبلغ الغرامة',
  'pay.fineExplain': 'حُظر هذا الحساب بعد استرداد مبلغ. دفع الغرامة يلغي الحظر تلقائيًا.',
  'pay.finePay': 'ادفع الغرامة',
  'pay.fineAlreadyPaid': 'تم دفع هذه الغرامة بالفعل، ولا حاجة إلى دفع آخر',
  'pay.fineUnbanned': 'تم دفع الغرامة وأُلغي حظر الحساب',
  'pay.fineNotFound': 'الغرامة غير موجودة، يرجى التحقق من الرابط',
  'pay.fineMissingId': 'رابط الغرامة غير مكتمل',
  'pay.fineAmountChanged': 'تغيّر مبلغ الغرامة، يرجى التحديث',
  'pay.fineRefresh': 'تحديث',
  'pay.fineLoading': 'جارٍ تحميل الغرامة…',
  'pay.fineLoadFailed': 'تعذّر تحميل الغرامة',
  'pay.fineChooseMethod': 'اختر طريقة الدفع',
  'pay.fineHostedPage': 'طرق دفع محلية',
  'pay.pleaseFill': 'يرجى ملء {input}',
  'pay.filledIncorrectly': '{input} غير صحيح',
  'pay.cvvIncorrect': 'رمز CVV غير صحيح، يرجى إعادة الإدخال، عادةً {length} أرقام',
  'pay.packageLoadFailed': 'تعذّر تحميل الباقة، تحقّق من الاتصال وأعد المحاولة',
  'pay.orderFailedWith': 'فشل إنشاء الطلب ({code}): {message}',
  'pay.orderUnconfirmed':
    'لم يصلنا رد بشأن طلبك بسبب الشبكة. اضغط زر الدفع مرة أخرى لمتابعة الطلب نفسه، ولن يُخصم المبلغ مرتين',
  'pay.paymentPageRefused': 'لم نفتح صفحة الدفع لأن عنوانها غير موثوق، وأُلغي الطلب. اختر طريقة دفع أخرى',
  'pay.orderNotFound':
    'لم نجد طلباً لدفعتك السابقة، فلم يُخصم مبلغها. أدخل بيانات البطاقة واضغط زر الدفع للدفع من جديد',
  'pay.coins': '{coins} ماسة',
} as const;

export type PayKey = keyof typeof payAr;

export const pt = catalogue(payAr);
