/**
 * Arabic strings of the result panel when the server booked the paid order otherwise than the visitor chose
 * (another account, other coins: `features/pay/orderCharge.ts`), spread into the pay catalogue (`pay.ts`).
 */
export const payBookedAr = {
  // Paid, but not for the account chosen: the diamonds are never said to reach it.
  'pay.resultOtherAccountTip': 'تم الدفع، لكن الطلب سُجّل لحساب غير الذي اخترته',
  'pay.resultOtherAccount':
    'انتبه: سجّل الخادم هذا الطلب للحساب ذي الرقم الداخلي {uid}، لا للحساب {id} الذي اخترته، فلا نؤكد وصول الماس إليه. تواصل مع الدعم ومعك رقم الطلب',
  'pay.resultOtherAccountUnnamed':
    'انتبه: سجّل الخادم هذا الطلب للحساب ذي الرقم الداخلي {uid}، لا للحساب الذي اخترته، فلا نؤكد وصول الماس إليه. تواصل مع الدعم ومعك رقم الطلب',
  'pay.resultCoinsDiffer':
    'انتبه: سُجّل الطلب بـ{booked} ماسة، لا {shown} ماسة التي عُرضت قبل الدفع. إن لم تكن تتوقّع ذلك فتواصل مع الدعم ومعك رقم الطلب',
} as const;
