import { catalogue } from './t';

/**
 * Arabic strings of the confirm popup and the CVV tip (SPEC §2 Popups). A chunk of their own, loaded with
 * the code that shows them.
 */
export const popupsAr = {
  'popup.continue': 'متابعة الدفع',
  'popup.giveUp': 'التخلي',
  'popup.leaveTitle': 'تبقّت خطوة واحدة فقط لإكمال الطلب، هل تريد التخلي حقًا؟',
  'popup.confirm': 'تأكيد',
  'cvv.tipTitle': 'ما هو رمز CVV؟',
  'cvv.tip': 'الأرقام الثلاثة الموجودة على ظهر البطاقة',
} as const;

export type PopupKey = keyof typeof popupsAr;

export const tPopup = catalogue(popupsAr);
