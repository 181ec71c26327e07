import { catalogue } from './t';

/**
 * Arabic strings of the /test page: diagnostics and the live room status view. A chunk of their own, loaded
 * with the code that shows them.
 */
export const roomAr = {
  'test.heading': 'صفحة الاختبار',
  'test.diagnostics': 'التشخيص',
  'test.apiBase': 'عنوان الخادم',
  'test.bridge': 'جسر التطبيق',
  'test.bridgeReady': 'متصل',
  'test.bridgeNone': 'غير موجود (متصفح عادي)',
  'test.ab': 'مجموعات التجربة',
  'test.build': 'الإصدار',
  'test.debug': 'وضع التصحيح',
  'test.device': 'معرّف الجهاز',
  'test.yes': 'نعم',
  'test.no': 'لا',
  'test.room': 'حالة الغرفة',
  'test.roomId': 'رقم الغرفة',
  'test.connect': 'اتصال',
  'test.disconnect': 'قطع الاتصال',
  'test.sn': 'رقم التسلسل',
  'test.state': 'حالة الاتصال',
  'test.state.idle': 'غير متصل',
  'test.state.connecting': 'جارٍ الاتصال',
  'test.state.open': 'متصل',
  'test.state.reconnecting': 'جارٍ إعادة الاتصال (المحاولة {attempt})',
  'test.state.failed': 'تعذّر الاتصال بالشبكة',
  'test.failedHint': 'انقطع الاتصال بعد عدة محاولات. تحقّق من اتصالك وأعد المحاولة',
  'test.table': 'جدول الحالة',
  'test.changes': 'آخر التغييرات',
  'test.refreshes': 'التحديثات الكاملة',
  'test.key': 'المفتاح',
  'test.value': 'القيمة',
  'test.moreKeys': 'مفاتيح أخرى لا تُعرض: {count}',
  'test.noRoom': 'أدخل رقم غرفة للاتصال',
} as const;

export const tRoom = catalogue(roomAr);
