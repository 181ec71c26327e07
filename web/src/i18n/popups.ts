import { catalogue } from './t';

/**
 * Arabic strings of the popups (SPEC §2 Popups): every popup's close button, the search sheet, the confirm
 * popup and the CVV tip. A chunk of their own, loaded with the code that shows them (ui/Modal.tsx is itself
 * loaded with each popup), not with the first screen.
 */
export const popupsAr = {
  'popup.close': 'إغلاق',
  'popup.searchTitle': 'البحث عن حساب',
  'popup.continue': 'متابعة الدفع',
  'popup.giveUp': 'مغادرة',
  'popup.leaveTitle': 'بقيت خطوة واحدة لإتمام طلبك. هل تريد المغادرة؟',
  'popup.confirm': 'حسنًا',
  'cvv.tipTitle': 'ما هو رمز الأمان (CVV)؟',
  'cvv.tip': 'رمز الأمان هو الأرقام الثلاثة على ظهر البطاقة',
} as const;

export type PopupKey = keyof typeof popupsAr;

export const tPopup = catalogue(popupsAr);
