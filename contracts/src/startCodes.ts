/**
 * The codes and messages the first load needs (SPEC §8): the client's own codes, the server codes of
 * start-up's calls, and their Arabic messages (the target check's refusals arrive with its chunk). The whole catalogue
 * is codes.ts (the server's every code in serverCodes.ts, the bridge's in bridgeCodes.ts, which arrive with
 * the code that uses them) and messages.ts.
 */

/** Codes the request layer itself produces when no envelope arrives (SPEC §8). */
export const ClientCode = {
  timeout: -1,
  network: -2,
  setup: -3,
  bridge: -4,
  abort: -5,
} as const;
export type ClientCode = (typeof ClientCode)[keyof typeof ClientCode];

/**
 * The server result codes the first load meets before the rest of the protocol has loaded: success, a lost
 * session, the codes every call may answer, and the charge list's unknown account. `ServerCode`
 * (serverCodes.ts) is every code, these among them. Codes marked "project's choice" are not given by SPEC.md.
 */
export const StartCode = {
  ok: 0,
  loggedOut: -10000,
  // project's choice: codes every call may answer
  invalidParam: 10001,
  rateLimited: 10002,
  unknownCall: 10004,
  internal: 10005,
  // accounts (SPEC §8): the charge list's answer for an unknown uid
  accountNotFound: 21266,
} as const;

/** Codes every call may answer, whatever its own list says. */
export const COMMON_CODES = [
  StartCode.invalidParam,
  StartCode.rateLimited,
  StartCode.unknownCall,
  StartCode.internal,
] as const;

/**
 * The messages of the codes any call may answer before the rest of the protocol has loaded: the client's
 * own, the common ones, a lost session and the charge list's unknown account. The full catalogue,
 * these included, is `Message` in messages.ts.
 */
export const StartMessage = {
  accountNotFound: 'لا يوجد حساب بهذا المعرّف. يحتاج صاحبه إلى تنزيل التطبيق والتسجيل أولًا',
  loggedOut: 'انتهت جلستك، سجّل الدخول من جديد',
  invalidParam: 'البيانات المرسلة غير صحيحة. حدّث الصفحة وأعد المحاولة',
  rateLimited: 'محاولات كثيرة. انتظر قليلًا ثم أعد المحاولة',
  unknownCall: 'الطلب غير معروف',
  internal: 'حدث خطأ في الخادم. أعد المحاولة',
  timeout: 'انتهت مهلة الاتصال. أعد المحاولة',
  network: 'تعذّر الاتصال بالشبكة. تحقّق من اتصالك وأعد المحاولة',
  setup: 'تعذّر بدء الاتصال. أعد المحاولة',
  bridge: 'تعذّر الاتصال بالتطبيق',
  abort: 'توقّف الاتصال قبل اكتماله',
} as const;
export type StartMessageKey = keyof typeof StartMessage;

/**
 * The Arabic message of one of start-up's codes, or undefined: each code's message is the one under its own
 * name (`ClientCode` and `StartCode` name each code as `StartMessage` names its message).
 */
export function startMessageOf(code: number | string): string | undefined {
  const text = String(code);
  for (const [name, value] of Object.entries({ ...ClientCode, ...StartCode }))
    if (String(value) === text) return StartMessage[name as StartMessageKey];
  return undefined;
}
