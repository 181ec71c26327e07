import { catalogue } from './t';

/**
 * Arabic strings of the popups (SPEC §2 Popups): every popup's close button, the search sheet and the
 * confirm popup. A chunk of their own, loaded with the code that shows them (ui/Modal.tsx is itself loaded
 * with each popup), not with the first screen.
 */
export const popupsAr = {
  'popup.close': 'إغلاق',
  'popup.searchTitle': 'البحث عن حساب',
  'popup.continue': 'متابعة الدفع',
  'popup.giveUp': 'مغادرة',
  'popup.leaveTitle': 'بقيت خطوة واحدة لإتمام طلبك. هل تريد المغادرة؟',
  'popup.confirm': 'حسنًا',
} as const;

export const tPopup = catalogue(popupsAr);
