/**
 * Arabic strings of the pay step's notices about an earlier order (kept, checked, given up) and of a saved card
 * gone, spread into the pay catalogue (`pay.ts`) under its `pay.` keys.
 */
export const payKeptAr = {
  'pay.orderCheckFirst':
    'لم يصلنا رد مؤكد على طلبك السابق. عند الضغط على زر الدفع سنتحقق أولًا من نتيجته، ولن ننشئ طلبًا جديدًا إن كان قد دُفع',
  'pay.earlierUnknown':
    'ما زلنا نتحقق من نتيجة دفعتك السابقة، فلم ننشئ طلبًا جديدًا. اضغط زر الدفع للتحقق منها مرة أخرى',
  // The leave question while that warning stands: the order may have been charged, not "one step left".
  'pay.leaveUncertainTitle': 'لم يؤكد مزوّد الدفع نتيجة دفعتك السابقة بعد. هل تريد المغادرة؟',
  'pay.uncertainEarlier':
    'لم يؤكد مزوّد الدفع نتيجة دفعتك السابقة. راجع حسابك البنكي قبل أن تدفع مرة أخرى؛ عند الضغط على زر الدفع سنتحقق أولًا من نتيجتها، ولن ننشئ طلبًا جديدًا إن كانت قد دُفعت',
  'pay.earlierPaidElsewhere':
    'تم الدفع لطلبك السابق رقم {order}. لم ننشئ طلبًا لهذه الباقة، فاضغط زر الدفع إن أردتها أيضًا',
  'pay.earlierPendingElsewhere':
    'طلبك السابق رقم {order} ما زال قيد المعالجة. الدفع هنا طلب جديد منفصل، فاضغط زر الدفع فقط إن أردت هذه الباقة أيضًا',
  'pay.earlierNotCancelled':
    'تعذّر إلغاء طلبك السابق رقم {order} وما زال قيد المعالجة، فلم ننشئ طلبًا جديدًا حتى لا يُخصم المبلغ مرتين. اضغط زر الدفع بعد قليل لنتحقق منه ونحاول إلغاءه مرة أخرى',
  'pay.earlierOrderResult': 'هذه نتيجة دفعتك السابقة {method}، ولم ننشئ طلبًا جديدًا',
  'pay.earlierCard': 'بالبطاقة المنتهية بـ {last4}',
  'pay.earlierMethod': 'بطريقة الدفع التي اخترتها أولًا',
  'pay.orderNotFound':
    'لم نجد طلبًا لدفعتك السابقة، فلم يُخصم مبلغها. أكمل بيانات الدفع واضغط زر الدفع من جديد',
  'pay.resultCardGoneTip':
    'لم تعد هذه البطاقة محفوظة في حسابك، فلم يُنشأ طلب ولم يُخصم أي مبلغ. اختر بطاقة أخرى أو أدخل بيانات البطاقة من جديد أو اختر طريقة دفع أخرى',
  'pay.resultGivenUpTip':
    'كان هذا الطلب قد أُلغي من قبل حين اخترت «إلغاء الطلب والدفع من جديد»، فلم يُخصم أي مبلغ',
} as const;
