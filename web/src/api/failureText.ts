import { messageOf } from '@topup/contracts/messages';
import { serviceFailureOf } from '@topup/contracts/serviceFailure';

/** A code inside Arabic text, isolated left to right so "-7" does not read as "7-". */
export const isolatedCode = (code: number): string => `\u2066${code}\u2069`;

/** A page's own words for a failed call; each code is given isolated (`isolatedCode`). */
export interface FailureTexts {
  /** A code the catalogue does not know. */
  readonly unknown: (code: string) => string;
  /**
   * A call the service did not serve (contracts' `serviceFailureOf`: an HTTP status such as 502 in place of an
   * envelope) when the page says it apart from a refusal; else `unknown` says it.
   */
  readonly unserved?: (code: string) => string;
  /** Puts a known code's catalogue message into the page's sentence; the message alone without it. */
  readonly known?: (message: string) => string;
}

/**
 * What a page says for a failed call (SPEC §8), the one rule for every screen: a code the catalogue knows
 * (contracts' `messageOf`: the server's codes, the client's -1…-5) says its own Arabic message; any other code,
 * an HTTP status included, says the page's own words (with the code where the page shows one). The server's
 * `message` is never shown for it: a lying or hijacked server could write there, as the app, "transfer the
 * amount to account … or write to WhatsApp …". Order creation's refusal has its own (payments/refusalText.ts).
 */
export function failureText(result: number, texts: FailureTexts): string {
  const known = messageOf(result);
  if (known !== undefined) return texts.known === undefined ? known : texts.known(known);
  const code = isolatedCode(result);
  if (texts.unserved !== undefined && serviceFailureOf(result) !== undefined) return texts.unserved(code);
  return texts.unknown(code);
}
