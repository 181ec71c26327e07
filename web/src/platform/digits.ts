/** Arabic-Indic (U+0660–0669) and Eastern Arabic-Indic (U+06F0–06F9) digits to ASCII digits. */
export function normaliseDigits(text: string): string {
  // Both ranges start on a multiple of 16 (0x0660, 0x06F0): a digit's value is its code point modulo 16.
  return text.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (ch) => String(ch.charCodeAt(0) % 16));
}

/** Digits only, after normalising: what an ID field keeps of what was typed or pasted. */
export function digitsOnly(text: string): string {
  return normaliseDigits(text).replace(/\D/g, '');
}
