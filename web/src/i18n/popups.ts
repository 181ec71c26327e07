import { catalogue } from './t';

/**
 * Arabic strings of the confirm popup and the CVV tip (SPEC §2 Popups). A chunk of their own, loaded with
 * the code that shows them.
 */
export const popupsAr = {
  'popup.continue': 'متابعة الدفع',
  'popup.giveUp': 'مغادرة',
  'popup.leaveTitle': 'بقيت خطوة واحدة لإتمام طلبك. هل تريد المغادرة؟',
  'popup.confirm': 'حسنًا',
  'cvv.tipTitle': 'ما هو رمز الأمان (CVV)؟',
  'cvv.tip': 'رمز الأمان هو الأرقام الثلاثة على ظهر البطاقة',
} as const;

export type PopupKey = keyof typeof popupsAr;

export const tPopup = catalogue(popupsAr);
