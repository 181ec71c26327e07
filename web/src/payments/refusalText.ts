import { messageOf } from '@topup/contracts/messages';

/** The longest server message shown as sent: a refusal's reason is a sentence, not a page. */
export const SERVER_TEXT_MAX = 160;

/** A letter of the Arabic script (not a digit or a sign of it): a message must hold one to be Arabic. */
const ARABIC_LETTER = /(?=\p{L})\p{Script=Arabic}/u;

/**
 * Every character an Arabic message may hold: what Unicode uses in the Arabic script
 * (`Script_Extensions=Arabic`: its letters, its marks such as the shadda, the Arabic-Indic digits, its
 * punctuation ، ؛ ؟), the ASCII digits, a plain space and the few signs a sentence uses. Nothing else: no Latin
 * (or other) letter, no `<`, `>` or `&` (markup), no line break, no bidirectional control (which could reorder
 * what follows it: the Arabic letter mark U+061C, of the Arabic script, is refused by name).
 */
const ARABIC_TEXT = /^(?!.*\u061C)[\p{Script_Extensions=Arabic}0-9 .,:;!?()«»"'/%+\-–—]+$/u;

/**
 * Five digits or more in the whole message (of any script, however spaced, grouped or interleaved with signs
 * and marks): an account, a phone or a card number. A refusal's reason needs few ("حاول بعد ١٠ دقائق"); a
 * lying server's "حوّل المبلغ إلى الحساب ١،٢،٣،٤،٥ أو اتصل ٠٥٠.٠٠٠.٠٠٠٠" needs many, so such a message is not
 * shown as the page's.
 */
const MAX_DIGITS = 4;
const digitCount = (text: string): number => text.match(/\p{Nd}/gu)?.length ?? 0;

/**
 * Whether a server's message is Arabic text to show as sent (SPEC §8: a refusal's code and message): trimmed,
 * between 1 and `SERVER_TEXT_MAX` characters, at least one Arabic letter, only the characters above, and at most
 * `MAX_DIGITS` digits. An English message, Arabic mixed with Latin words, markup or an over-long text is not
 * shown: it would break the sentence's direction or the page's language.
 */
export function isArabicText(message: string): boolean {
  const text = message.trim();
  return (
    text.length > 0 &&
    text.length <= SERVER_TEXT_MAX &&
    ARABIC_LETTER.test(text) &&
    ARABIC_TEXT.test(text) &&
    digitCount(text) <= MAX_DIGITS
  );
}

/**
 * A refused order creation as the page says it (the pay step's notice, the fines' error): its code, the message
 * chosen for it (`refusalMessage`, undefined for the generic sentence alone), and whether nothing was charged
 * (the refusal says no order was made: `orderMayExist` false); else the next tap re-sends the same request.
 */
export interface RefusalNote {
  readonly code: number;
  readonly message: string | undefined;
  readonly noCharge: boolean;
}

/** The note of a refused order creation (`RefusalNote`). */
export function refusalNote(code: number, serverMessage: string, noCharge: boolean): RefusalNote {
  return { code, message: refusalMessage(code, serverMessage), noCharge };
}

/**
 * The message shown beside a refused order creation's code: the server's own when it is Arabic text
 * (`isArabicText`), else the app's Arabic message for that code (contracts' catalogue, `messageOf`), else none
 * (the page's generic "the order could not be made" with the code says it alone). A final full stop is dropped:
 * the page's sentence ends it.
 */
export function refusalMessage(code: number, serverMessage: string): string | undefined {
  const chosen = isArabicText(serverMessage) ? serverMessage.trim() : messageOf(code);
  return chosen?.replace(/[.۔\s]+$/u, '');
}
