import { shownName } from '../ui/shownName';

/** The longest server message the page shows, in characters (code points); a longer one is cut, with «…». */
export const SERVER_TEXT_MAX = 200;

/**
 * A message the server wrote (an envelope's `message`) as the page may show it: the same rule as a shown name
 * (ui/shownName.ts: no bidirectional controls or invisibles, line breaks and controls as spaces, white space
 * collapsed), then cut to SERVER_TEXT_MAX characters with «…». Without it a server could reorder the sentence
 * around it with U+202E, or push the page's own words away with a message of 200,000 characters.
 */
export function serverText(message: string): string {
  return shownName(message, SERVER_TEXT_MAX);
}
