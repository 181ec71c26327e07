/**
 * Text from a server (or a scenario) made safe for a terminal: every control character (C0, DEL, C1), the
 * bidirectional overrides, isolates and marks and the line separators are written out as escapes (`\x1b`,
 * `\u202e`), so an answer cannot move the cursor, recolour, erase or reorder what the CLI prints (a fake
 * "PASSED" line). With `keepNewlines`, `\n` stays a line break (a pretty-printed body).
 */
const BIDI_AND_SEPARATORS = new Set([0x061c, 0x200e, 0x200f, 0x2028, 0x2029, 0x2066, 0x2067, 0x2068, 0x2069]);

const unsafe = (code: number): boolean =>
  code < 0x20 ||
  (code >= 0x7f && code <= 0x9f) ||
  (code >= 0x202a && code <= 0x202e) ||
  BIDI_AND_SEPARATORS.has(code);

export function visible(text: string, keepNewlines = false): string {
  let out = '';
  for (const c of text) {
    const code = c.codePointAt(0) ?? 0;
    if (!unsafe(code) || (keepNewlines && c === '\n')) out += c;
    else if (code < 0x100) out += `\\x${code.toString(16).padStart(2, '0')}`;
    else out += `\\u${code.toString(16).padStart(4, '0')}`;
  }
  return out;
}

/**
 * JSON text (JSON.stringify's, which escapes only C0) with the other characters `visible` writes out as
 * `\uXXXX` escapes: the same value once parsed, but a line a terminal or viewer shows as it is.
 */
export function visibleJson(json: string): string {
  let out = '';
  for (const c of json) {
    const code = c.codePointAt(0) ?? 0;
    out += code >= 0x20 && unsafe(code) ? `\\u${code.toString(16).padStart(4, '0')}` : c;
  }
  return out;
}
