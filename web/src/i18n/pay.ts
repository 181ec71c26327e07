/**
 * Arabic strings of the payment flow, the providers and fines (SPEC §2, §5, §8), under typed keys.
 * Templates are functions so their parameters are typed too.
 */
export const payText = {
  // step titles and the confirm label per step (SPEC §2)
  stepHome: 'اختر طريقة الدفع',
  stepSavedCards: 'البطاقات المحفوظة',
  stepCardFrame: 'الدفع ببطاقة جديدة',
  stepCardCvv: 'أدخل رمز الأمان',
  stepCvvNotRemembered: 'أدخل رمز الأمان للبطاقة',
  stepModifyExpiry: 'تعديل تاريخ انتهاء البطاقة',
  rechargeNow: 'اشحن الآن',
  updateAndPay: 'تحديث والدفع',
  updateExpiry: 'تحديث تاريخ الانتهاء',
  confirm: 'تأكيد',
  back: 'رجوع',
  close: 'إغلاق',
  payTitle: 'الدفع',
  packageSummary: 'الباقة',
  payFor: 'الشحن إلى',
  noPackage: 'لم يتم اختيار باقة، يرجى العودة إلى قائمة الشحن',
  backToList: 'العودة إلى قائمة الشحن',

  // leave confirmation
  leaveTitle: 'تبقّت خطوة واحدة فقط لإتمام الطلب، هل تريد التخلي حقًا؟',
  leaveContinue: 'متابعة الدفع',
  leaveGiveUp: 'تخلٍّ',

  // channels (display groups)
  groupWallet: 'Apple Pay',
  groupProvider13: 'بطاقة ائتمان أو خصم',
  groupProvider17: 'بطاقة Visa أو Mastercard',
  groupProvider6: 'طرق دفع أخرى',
  lastUsed: 'آخر طريقة مستخدمة',
  showAllChannels: 'عرض كل طرق الدفع',
  walletUnavailable: 'Apple Pay غير متاح على هذا المتصفح',

  // saved cards
  savedCardsFetching: 'جارٍ تحميل البطاقات المحفوظة…',
  savedCardsFailed: 'تعذّر تحميل البطاقات المحفوظة',
  retry: 'إعادة المحاولة',
  addNewCard: 'الدفع ببطاقة جديدة',
  deleteCard: 'حذف البطاقة',
  deleteCardTitle: 'هل تريد حذف هذه البطاقة المحفوظة؟',
  confirmDelete: 'تأكيد الحذف',
  cancelDelete: 'إلغاء الحذف',
  cardDeleted: 'تم حذف البطاقة',
  expiresSoonFlag: 'تنتهي صلاحيتها قريبًا، يرجى تحديث تاريخ الانتهاء',
  expiredFlag: 'منتهية الصلاحية',
  bankExpired: 'أفاد البنك بانتهاء صلاحية البطاقة، والبطاقة المحفوظة غير صالحة',
  expiresOn: 'تاريخ الانتهاء',

  // expiry popups
  expiryPopupTitle: 'تحديث تاريخ انتهاء البطاقة',
  currentExpiry: 'تاريخ الانتهاء الحالي',
  newExpiry: 'تاريخ الانتهاء الجديد',
  expiryPlaceholder: 'MM/YY',
  badDateFormat: 'صيغة التاريخ غير صحيحة',
  expiryUpdated: 'تم تحديث تاريخ الانتهاء',
  expiredPopupTitle: 'انتهت صلاحية هذه البطاقة',
  useAnotherCard: 'استخدام بطاقة أخرى',

  // card form (SPEC §5)
  cardNumber: 'رقم البطاقة',
  cvv: 'CVV',
  validity: 'تاريخ الصلاحية',
  holderName: 'اسم حامل البطاقة',
  cvvTip: 'الأرقام الثلاثة على ظهر البطاقة',
  cvvTipButton: 'ما هو رمز CVV؟',
  schemeNotAccepted: 'نوع البطاقة غير مدعوم، نقبل Visa وMastercard فقط',
  rememberCard: 'حفظ البطاقة لعمليات الدفع القادمة',
  cardFieldsLoading: 'جارٍ تحميل نموذج البطاقة…',
  cardFieldsFailed: 'تعذّر تحميل نموذج البطاقة، يرجى إعادة المحاولة',
  tokenizeFailed: 'تعذّر التحقق من البطاقة، يرجى المحاولة مرة أخرى',

  // order and 3-D Secure
  creatingOrder: 'جارٍ إنشاء الطلب…',
  processing: 'جارٍ معالجة الدفع…',
  goingToPaymentPage: 'جارٍ الانتقال إلى صفحة الدفع',
  bankVerification: 'يرجى عدم إغلاق المتصفح واتباع تعليمات التحقق الأمني من البنك',
  challengeTitle: 'التحقق الأمني من البنك',
  challengeCancel: 'إلغاء التحقق',
  orderFailed: 'فشل إنشاء الطلب',
  checkingResult: 'جارٍ التحقق من نتيجة الدفع…',

  // result panel (SPEC §8 result tips)
  resultSuccessTitle: 'تم الدفع بنجاح',
  resultSuccessTip: 'ستصل الماسات إلى الحساب خلال بضع دقائق',
  resultAgain: 'شحن المبلغ نفسه مرة أخرى',
  resultFailTitle: 'فشل الدفع',
  resultFailTip: 'يرجى إعادة المحاولة أو تجربة بطاقة أخرى',
  resultBalanceTip: 'الرصيد غير كافٍ، يرجى تجربة فئة أخرى أو بطاقة أخرى',
  resultVerifyTip: 'فشل التحقق، يرجى إعادة المحاولة',
  resultNotSupportTip: 'هذا المتصفح لا يدعم Apple Pay، يرجى التبديل إلى Safari',
  resultExpireTip: 'انتهت صلاحية البطاقة، يرجى تحديث تاريخ الانتهاء والدفع',
  resultHighRiskTip: 'اتصال المحفظة غير مستقر، يرجى تحديث الصفحة',
  resultOtherTip: 'فشل التحقق',
  resultNotActiveTip: 'طريقة الدفع هذه غير مفعّلة، يرجى اختيار طريقة أخرى',
  resultPendingTitle: 'الدفع قيد المعالجة',
  resultPendingTip: 'نتحقق من نتيجة الدفع، لا تغلق الصفحة',
  resultRetry: 'إعادة المحاولة',
  resultAnotherCard: 'تجربة بطاقة أخرى',
  resultAnotherMethod: 'اختيار طريقة أخرى',
  resultRefresh: 'تحديث الصفحة',
  resultUpdateAndPay: 'تحديث والدفع',
  resultSwitchBrowser: 'حسنًا',
  resultRememberCard: 'حفظ هذه البطاقة للدفع السريع',

  // wallet wording (SPEC §8)
  walletUserCancel: 'تم إلغاء الدفع',
  walletSessionFailed: 'فشل طلب الدفع، يرجى إعادة المحاولة أو تجربة طريقة أخرى',
  walletSessionTimeout: 'انتهت مهلة جلسة الدفع',
  walletEmptySession: 'جلسة التاجر فارغة',
  walletOrderExpired: 'تجاوز وقت الانتظار، الطلب غير صالح، يرجى البدء من جديد',
  walletMerchantValidationFailed: 'فشل التحقق من التاجر',
  walletInsufficient: 'الرصيد غير كافٍ، يرجى التحقق من رصيد البطاقة أو تجربة بطاقة أخرى',
  wallet3dFailed: 'فشل التحقق ثلاثي الأبعاد',
  walletFinalAuthFailed: 'فشل التفويض النهائي',
  walletRiskControl: 'يرجى إعادة المحاولة أو تجربة بطاقة أخرى',
  walletChannelRisk: 'تم اعتراض الدفع من قِبل نظام إدارة المخاطر',
  walletPending: 'الدفع قيد المعالجة',
  walletUnknown: 'خطأ غير معروف',
  walletNetworkTimeout: 'خطأ في الشبكة، يرجى التحقق وإعادة المحاولة',
  walletDefault: 'فشل طلب الدفع، يرجى إعادة المحاولة أو تجربة طريقة أخرى',
  walletMoving: 'جارٍ الانتقال إلى نطاق يدعم Apple Pay…',

  // the mock wallet sheet (test backends only)
  mockSheetTitle: 'محفظة تجريبية',
  mockSheetAmount: 'المبلغ',
  mockSheetPay: 'ادفع',
  mockSheetCancel: 'إلغاء',
  mockSheetOutcome: 'نتيجة الدفع التجريبية',

  // mock card fields and challenge (test backends only)
  mockChallengeTitle: 'صفحة التحقق التجريبية',

  // fines
  finesTitle: 'دفع الغرامة',
  fineAccount: 'الحساب',
  fineAmount: 'مبلغ الغرامة',
  fineExplain: 'حُظر هذا الحساب بعد استرداد مبلغ. دفع الغرامة يلغي الحظر تلقائيًا.',
  finePay: 'ادفع الغرامة',
  fineAlreadyPaid: 'تم دفع هذه الغرامة بالفعل، ولا حاجة إلى دفع آخر',
  fineUnbanned: 'تم دفع الغرامة وأُلغي حظر الحساب',
  fineNotFound: 'الغرامة غير موجودة، يرجى التحقق من الرابط',
  fineMissingId: 'رابط الغرامة غير مكتمل',
  fineAmountChanged: 'تغيّر مبلغ الغرامة، يرجى التحديث',
  fineRefresh: 'تحديث',
  fineLoading: 'جارٍ تحميل الغرامة…',
  fineLoadFailed: 'تعذّر تحميل الغرامة',
  fineChooseMethod: 'اختر طريقة الدفع',
  fineHostedPage: 'طرق دفع محلية',
} as const;

export type PayTextKey = keyof typeof payText;

export const payTemplate = {
  pleaseFill: (input: string) => `يرجى ملء ${input}`,
  filledIncorrectly: (input: string) => `${input} غير صحيح`,
  cvvIncorrect: (length: string) => `رمز CVV غير صحيح، يرجى إعادة الإدخال، عادةً ${length} أرقام`,
  cardEnding: (scheme: string, last4: string) => `${scheme} ••${last4}`,
  orderFailedWith: (code: number | string, message: string) => `فشل إنشاء الطلب (${code}): ${message}`,
  coins: (coins: number) => `${coins} ماسة`,
} as const;
