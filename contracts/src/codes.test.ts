import { describe, expect, it } from 'vitest';
import { ClientCode, COMMON_CODES, DeclineCode, ServerCode } from './codes';
import { declineMessage, Message, messageKeyOf, messageOf } from './messages';

/**
 * SPEC §8's "Server codes with messages", each message written out here as the page must show it (not read
 * from Message), with the words SPEC's row asks for: a wrong or swapped message fails. What the page does with
 * a code (signs out, the result panel's outcome, looks an order up) is asserted by the page's own tests under
 * the same row tag.
 */
const TRY_ANOTHER = 'جرّب بطاقة أخرى أو طريقة دفع أخرى';
const spec = (rows: string) =>
  rows
    .split(' ')
    .map((row) => `@spec:${row}`)
    .join(' ');

describe('messageOf: SPEC §8 server codes, their shown message', () => {
  it.each([
    // 20001: this account is banned, cannot top up
    [20001, spec('code.20001'), 'هذا الحساب محظور ولا يمكن شحنه', [/محظور/, /لا يمكن شحنه/]],
    // 20186: this account is deactivated/deleted, cannot recharge
    [20186, spec('code.20186'), 'هذا الحساب ملغى ولا يمكن شحنه', [/ملغى/, /لا يمكن شحنه/]],
    // (deactivating): account being deactivated
    [20187, spec('code.20187'), 'هذا الحساب قيد الإلغاء ولا يمكن شحنه', [/قيد الإلغاء/]],
    // other search: no match, check your input
    [
      20002,
      spec('code.20002'),
      'لم نجد حسابًا بهذا المعرّف. تأكّد من معرّف الحساب وأعد المحاولة',
      [/لم نجد/, /تأكّد من معرّف الحساب/],
    ],
    // 21266: account not found, please download the app to register
    [
      21266,
      spec('code.21266'),
      'لا يوجد حساب بهذا المعرّف. يحتاج صاحبه إلى تنزيل التطبيق والتسجيل أولًا',
      [/لا يوجد حساب/, /تنزيل التطبيق/, /التسجيل/],
    ],
    // -10000 (session): user is logged out
    [-10000, spec('code.-10000'), 'انتهت جلستك، سجّل الدخول من جديد', [/انتهت جلستك/, /سجّل الدخول/]],
    // 31073: failed to update card info
    [31073, spec('code.31073'), 'تعذّر تحديث بيانات البطاقة. أعد المحاولة', [/تعذّر تحديث بيانات البطاقة/]],
    // 20051: insufficient balance, check balance or try another card
    [
      20051,
      spec('code.20051'),
      'رصيد البطاقة غير كافٍ. تحقّق من رصيدك أو جرّب بطاقة أخرى',
      [/رصيد البطاقة غير كافٍ/, /تحقّق من رصيدك/, /بطاقة أخرى/],
    ],
    // 20054: card expired (result expire; the outcome is outcomes.test.ts's and the page's)
    [
      20054,
      spec('code.20054'),
      'انتهت صلاحية البطاقة. تحقّق من تاريخ الانتهاء أو جرّب بطاقة أخرى',
      [/انتهت صلاحية البطاقة/],
    ],
    // 20061, 20065, 20121, 30021, 30022 (also envelope results): try another card or another payment method
    [20061, spec('code.20061'), TRY_ANOTHER, [/بطاقة أخرى/, /طريقة دفع أخرى/]],
    [20065, spec('code.20065'), TRY_ANOTHER, [/بطاقة أخرى/, /طريقة دفع أخرى/]],
    [20121, spec('code.20121'), TRY_ANOTHER, [/بطاقة أخرى/, /طريقة دفع أخرى/]],
    [30021, spec('code.30021'), TRY_ANOTHER, [/بطاقة أخرى/, /طريقة دفع أخرى/]],
    [30022, spec('code.30022'), TRY_ANOTHER, [/بطاقة أخرى/, /طريقة دفع أخرى/]],
    // Codes SPEC gives no message for (the project's choice): their wording is checked, no SPEC row claimed.
    // 10009's row is the page's looking the order up (e2e/specs/chaos/reload.spec.ts).
    [10009, '', 'تم استخدام معرّف الطلب نفسه لطلب مختلف', [/معرّف الطلب/]],
    [
      23005,
      '',
      'أوقفنا هذه البطاقة المحفوظة لحمايتك بعد عدة محاولات برمز أمان خاطئ. أدخل بيانات البطاقة من جديد أو اختر طريقة دفع أخرى',
      [/البطاقة المحفوظة/],
    ],
    [23006, '', 'محاولات دفع كثيرة خلال وقت قصير. انتظر بضع دقائق ثم أعد المحاولة', [/محاولات دفع كثيرة/]],
    // SPEC §8's client codes: -1 request timed out, -2 network error
    [-1, '', 'انتهت مهلة الاتصال. أعد المحاولة', [/انتهت مهلة/]],
    [-2, '', 'تعذّر الاتصال بالشبكة. تحقّق من اتصالك وأعد المحاولة', [/الشبكة/]],
    [-5, '', 'توقّف الاتصال قبل اكتماله', [/توقّف/]],
  ] as const)('%s %s', (code, _tag, text, words) => {
    const message = messageOf(code);
    expect(message).toBe(text);
    for (const word of words) expect(message, String(word)).toMatch(word);
  });
});

describe('messageOf: SPEC §8 decline err_codes, their shown message', () => {
  it.each([
    ['20051', spec('decline.20051'), 'رصيد البطاقة غير كافٍ. تحقّق من رصيدك أو جرّب بطاقة أخرى'],
    ['20054', spec('decline.20054'), 'انتهت صلاحية البطاقة. تحقّق من تاريخ الانتهاء أو جرّب بطاقة أخرى'],
    ...Object.values(DeclineCode)
      .filter((code) => code !== '20051' && code !== '20054')
      .map((code) => [code, spec(`decline.${code}`), TRY_ANOTHER] as const),
  ] as const)('err_code %s %s', (code, _tag, text) => {
    expect(messageOf(code)).toBe(text);
    expect(declineMessage(code)).toBe(text);
  });

  it('lists the seven "try another card" codes of SPEC §8', () => {
    expect(
      Object.values(DeclineCode)
        .filter((code) => messageOf(code) === TRY_ANOTHER)
        .sort(),
    ).toEqual(['20061', '20065', '200P1', '200P9', '20121', '30021', '30022']);
  });
});

describe('declineMessage: SPEC §8 fallbacks', () => {
  it.each([
    // message containing expired: card expired, check expiry or try another
    [undefined, 'Card Expired', 'انتهت صلاحية البطاقة. تحقّق من تاريخ الانتهاء أو جرّب بطاقة أخرى'],
    ['77777', 'expired card', 'انتهت صلاحية البطاقة. تحقّق من تاريخ الانتهاء أو جرّب بطاقة أخرى'],
    // default decline: retry or try another card
    ['77777', 'Refused', 'أعد المحاولة أو جرّب بطاقة أخرى'],
    [undefined, '', 'أعد المحاولة أو جرّب بطاقة أخرى'],
    // the code's own message comes before the provider's words
    ['200P1', 'expired', TRY_ANOTHER],
  ] as const)('code %s with "%s"', (code, providerMessage, text) => {
    expect(declineMessage(code, providerMessage)).toBe(text);
  });
});

describe('the catalogue', () => {
  it('has no message for an unknown code', () => {
    expect(messageOf(99999)).toBeUndefined();
    for (const code of ['constructor', '__proto__', 'toString', 'ok', 'tryAnotherCard', ''])
      expect(messageKeyOf(code), code).toBeUndefined();
  });

  it('gives every server code and every client code an Arabic message', () => {
    for (const code of [...Object.values(ServerCode), ...Object.values(ClientCode)]) {
      if (code === 0) continue;
      expect(messageOf(code), `code ${code}`).toMatch(/[\u0600-\u06FF]/);
    }
  });

  it('never gives two refusals of an account the same message', () => {
    const refusals = [20001, 20186, 20187, 20002, 21266, 20188, 20189].map((code) => messageOf(code));
    expect(new Set(refusals).size).toBe(refusals.length);
    expect(refusals).not.toContain(Message.tryAnotherCard);
  });

  it('the common codes are server codes', () => {
    for (const code of COMMON_CODES) expect(Object.values(ServerCode)).toContain(code);
  });
});
