import { ServerCode } from '@topup/contracts';
import { Message } from '@topup/contracts/messages';
import { describe, expect, it } from 'vitest';
import { isArabicText, refusalMessage, SERVER_TEXT_MAX } from './refusalText';

const arabic = 'تعذّر تنفيذ الطلب الآن';
const unknown = 12345;

/** A refused order creation's code and server message → the message shown beside the code (none: generic). */
const cases: readonly (readonly [string, number, string, string | undefined])[] = [
  ['Arabic server text kept (unknown code)', unknown, arabic, arabic],
  ['Arabic server text kept, trimmed, its final full stop dropped', unknown, `  ${arabic}.  `, arabic],
  [
    'Arabic with Arabic punctuation and digits kept',
    unknown,
    'حاول بعد ٥ دقائق، أو بعد 10؟',
    'حاول بعد ٥ دقائق، أو بعد 10؟',
  ],
  [
    'Arabic server text kept over the catalogue (known code)',
    ServerCode.tooManyPaymentAttempts,
    arabic,
    arabic,
  ],
  ['English replaced: unknown code → none (generic)', unknown, 'Gateway internal error', undefined],
  [
    'English replaced: known code → catalogue',
    ServerCode.tooManyPaymentAttempts,
    'Too many attempts',
    Message.tooManyPaymentAttempts,
  ],
  ['mixed Arabic and Latin replaced', unknown, 'تعذّر الطلب Gateway error', undefined],
  [
    'mixed, known code → catalogue',
    ServerCode.tooManyPaymentAttempts,
    'محاولات كثيرة (too many)',
    Message.tooManyPaymentAttempts,
  ],
  ['empty → none', unknown, '', undefined],
  ['spaces only → none', unknown, '   ', undefined],
  ['empty, known code → catalogue', ServerCode.tooManyPaymentAttempts, '', Message.tooManyPaymentAttempts],
  ['over-long Arabic replaced', unknown, 'ب'.repeat(SERVER_TEXT_MAX + 1), undefined],
  ['HTML-looking Arabic replaced', unknown, '<b>تعذّر</b> الطلب', undefined],
  ['HTML-looking English replaced', unknown, '<b>x</b> boom', undefined],
  ['an entity replaced', unknown, 'تعذّر&nbsp;الطلب', undefined],
  ['a bidi override replaced', unknown, `${arabic}\u202E`, undefined],
  ['the Arabic letter mark replaced', unknown, `\u061C${arabic}`, undefined],
  ['a line break replaced', unknown, `${arabic}\nالسطر الثاني`, undefined],
  ['digits and signs only (no Arabic letter) replaced', unknown, '12345 !', undefined],
  ['Persian-only letters are Arabic script: kept', unknown, 'پرداخت انجام نشد', 'پرداخت انجام نشد'],
  // A lying server's instructions carry an account or a phone number: the page does not say them as its own.
  ['an account number replaced', unknown, 'حوّل المبلغ إلى الحساب 1234567890', undefined],
  ['a phone number in groups replaced', unknown, 'راسلنا على 050 000 0000', undefined],
  ['an Arabic-Indic number replaced', unknown, 'راسلنا على ٠٥٠٠٠٠٠٠٠٠', undefined],
  [
    'a long number, known code → catalogue',
    ServerCode.tooManyPaymentAttempts,
    'اتصل 0500000000',
    Message.tooManyPaymentAttempts,
  ],
  ['four digits kept', unknown, 'حاول بعد 1000 ثانية', 'حاول بعد 1000 ثانية'],
  // However the digits are apart: Arabic commas, dots, two spaces, the Arabic thousands sign, marks.
  ['digits between Arabic commas replaced', unknown, 'الحساب ١،٢،٣،٤،٥', undefined],
  ['digits between dots replaced', unknown, 'اتصل ٠٥٠.٠٠٠.٠٠٠٠', undefined],
  ['digits two spaces apart replaced', unknown, 'الحساب ١  ٢  ٣  ٤  ٥', undefined],
  ['digits between thousands signs replaced', unknown, 'الحساب ١٢٬٣٤٬٥', undefined],
  ['digits apart in the sentence replaced', unknown, 'حساب 12 فرع 34 رقم 5', undefined],
];

describe('refusalMessage: the message beside a refused order creation’s code', () => {
  it.each(cases)('%s', (_name, code, server, shown) => {
    expect(refusalMessage(code, server)).toBe(shown);
  });

  it('an Arabic text of exactly the limit is kept', () => {
    const text = 'ب'.repeat(SERVER_TEXT_MAX);
    expect(isArabicText(text)).toBe(true);
    expect(refusalMessage(unknown, text)).toBe(text);
  });

  it('every catalogue message the fallback gives is itself Arabic text', () => {
    for (const text of Object.values(Message).filter((m) => m.length <= SERVER_TEXT_MAX && !/[a-z]/i.test(m)))
      expect(isArabicText(text), text).toBe(true);
  });
});
