import { Message } from '@topup/contracts/messages';
import { catalogue } from './t';

/**
 * Arabic strings of the top-up problem report (SPEC §2 /feedback, /feedback-success). A chunk of their own,
 * loaded with the code that shows them.
 */
export const feedbackAr = {
  'feedback.heading': 'الإبلاغ عن مشكلة في الشحن',
  'feedback.lead': 'صف المشكلة وأرفق لقطات شاشة أو فيديو إن أمكن، وسنتابعها معك.',
  'feedback.text': 'وصف المشكلة',
  'feedback.counter': '{count} / {max}',
  'feedback.files': 'المرفقات (حتى {max} صور أو مقاطع فيديو)',
  'feedback.addFile': 'إضافة صورة أو فيديو',
  'feedback.removeFile': 'إزالة {name}',
  'feedback.submit': 'إرسال',
  'feedback.sending': 'جارٍ الإرسال…',
  'feedback.uploading': 'جارٍ رفع {name}',
  'feedback.textRequired': Message.textRequired,
  'feedback.textTooLong': 'الوصف أطول من الحد المسموح ({max} حرف)',
  'feedback.cardNumber':
    'يبدو أن الوصف يحتوي على رقم بطاقة. احذفه ثم أرسل: لا نحتاج رقم بطاقتك ولا رمز CVV لمتابعة بلاغك',
  'feedback.fileType': 'الملف {name} غير مدعوم: نقبل الصور (jpeg وpng وwebp) والفيديو (mp4 وmov) فقط',
  'feedback.fileContent': 'الملف {name} ليس صورة أو فيديو سليمًا: محتواه لا يطابق نوعه',
  'feedback.fileUnreadable': 'تعذّرت قراءة الملف {name}. اختره من جديد',
  'feedback.fileRefused': 'رُفض الملف {name}: {reason}. أزله أو استبدله ثم أعد الإرسال',
  'feedback.fileEmpty': 'الملف {name} فارغ (0 بايت) أو تعذّرت قراءته. اختر الصورة أو الفيديو من جديد',
  'feedback.fileSize': 'الملف {name} كبير جدًا: الصور حتى 5 ميغابايت والفيديو حتى 50 ميغابايت',
  'feedback.tooMany': 'يمكنك إرفاق {max} ملفات على الأكثر',
  // The reason last: its own words say what to do (SPEC §8's network message: check, then try again), once.
  'feedback.failed': 'احتفظنا بنصك ومرفقاتك، لكن تعذّر إرسال البلاغ: {reason}',
  'feedback.failedCode': 'تعذّر إرسال البلاغ (الرمز {code}). احتفظنا بنصك ومرفقاتك، فأعد المحاولة',
  'feedback.successHeading': 'تم إرسال بلاغك',
  'feedback.successBody': 'شكرًا لك. سيراجع فريق الدعم بلاغك ويتواصل معك قريبًا.',
  'feedback.backToRecharge': 'العودة إلى الشحن',
  'feedback.preview': 'معاينة {name}',
  'feedback.contact': 'رقم الجوال أو البريد الإلكتروني (اختياري)',
  'feedback.contactHint': 'لم تسجّل الدخول، فاترك وسيلة تواصل إن أردت أن نرد عليك بشأن بلاغك',
  'feedback.contactInvalid':
    'أدخل رقم جوال صحيحًا (8 إلى 15 رقمًا) أو بريدًا إلكترونيًا صحيحًا، أو اترك الحقل فارغًا',
  'feedback.contactCardNumber':
    'يبدو أن وسيلة التواصل رقم بطاقة. احذفه: لا نحتاج رقم بطاقتك. إن كان رقم جوالك فاكتبه بمفتاح الدولة بعد 00 (مثل 00966…) أو اترك بريدًا إلكترونيًا',
  'feedback.contactTooLong': 'وسيلة التواصل أطول من الحد المسموح ({max} حرف)',
  'feedback.successBodyAnonymous':
    'شكرًا لك. سيراجع فريق الدعم بلاغك، ولن نتمكن من الرد عليك إلا إذا تركت وسيلة تواصل.',
} as const;

export const tFeedback = catalogue(feedbackAr);
