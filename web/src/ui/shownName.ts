/**
 * Bidirectional controls a name could carry: the embeddings and overrides (U+202A–U+202E), the isolates
 * (U+2066–U+2069), and the marks (LRM, RLM, ALM). Inside a name they can reverse the name's own letters, or
 * close the isolate around it and reorder the display id beside it.
 */
const BIDI_CONTROLS = /[\u200E\u200F\u061C\u202A-\u202E\u2066-\u2069]/gu;

/**
 * Invisible characters with no place in a shown name, dropped: zero width space (U+200B), word joiner and the
 * invisible operators (U+2060–U+2064), the byte order mark / zero width no-break space (U+FEFF), the soft
 * hyphen (U+00AD, which breaks a line where it stands) and the Mongolian vowel separator (U+180E). They can
 * hide a name's true spelling or place a break where none shows.
 * Kept on purpose: ZWNJ and ZWJ (U+200C, U+200D). Persian, Urdu and Arabic names need ZWNJ to write their
 * letters in the right joining forms, and ZWJ builds emoji sequences (👩‍💻) and some ligatures; dropping them
 * would misspell true names. They take no width and break no line, so they cannot fake a second line.
 */
const INVISIBLES = /[\u00AD\u180E\u200B\u2060-\u2064\uFEFF]/gu;

/**
 * Characters that break a line or are controls, each shown as a space: C0 controls (tab, LF, CR among them),
 * DEL and C1 controls (NEL U+0085 among them), and the line and paragraph separators (U+2028, U+2029). A name
 * such as «ريم\u2028معرّف الحساب: 10000001» could otherwise show a made-up second line above the true id.
 */
const BREAKS_AND_CONTROLS = /[\p{Cc}\u2028\u2029]/gu;

/**
 * Letters that draw as blank space but are no white space to the rest of the rule: the Hangul fillers (U+115F,
 * U+1160, U+3164, U+FFA0) and the blank Braille pattern (U+2800), each shown as a space. A run of them is a
 * favourite "invisible name", and could push a made-up «معرّف الحساب: 10000002» onto a line of its own.
 */
const BLANK_LETTERS = /[\u115F\u1160\u3164\uFFA0\u2800]/gu;

/** The longest label a server names (a payment method) the page draws, in characters: a longer one is cut. */
export const LABEL_MAX = 40;

/**
 * A server-supplied name (a nickname) as the page shows it: without bidirectional controls and invisibles,
 * line breaks, controls and blank letters as spaces, each run of white space one space, none at either end;
 * everything else as it came. Longer than `max` characters (code points: an emoji is never split), it is cut,
 * with «…». Stored and compared names stay whole; only what is shown goes through here.
 */
export function shownName(name: string, max = Number.POSITIVE_INFINITY): string {
  const shown = name
    .replace(BIDI_CONTROLS, '')
    .replace(INVISIBLES, '')
    .replace(BREAKS_AND_CONTROLS, ' ')
    .replace(BLANK_LETTERS, ' ')
    .replace(/\s+/gu, ' ')
    .trim();
  if (shown.length <= max) return shown;
  const letters = Array.from(shown);
  return letters.length <= max ? shown : `${letters.slice(0, max).join('').trimEnd()}…`;
}
