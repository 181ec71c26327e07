/**
 * Bidirectional controls a name could carry: the embeddings and overrides (U+202A–U+202E), the isolates
 * (U+2066–U+2069), and the marks (LRM, RLM, ALM). Inside a name they can reverse the name's own letters, or
 * close the isolate around it and reorder the display id beside it.
 */
const BIDI_CONTROLS = /[\u200E\u200F\u061C\u202A-\u202E\u2066-\u2069]/gu;

/**
 * A server-supplied name (a nickname) as the page shows it: without bidirectional controls, everything else
 * as it came. Stored and compared names stay whole; only what is shown goes through here.
 */
export function shownName(name: string): string {
  return name.replace(BIDI_CONTROLS, '');
}
