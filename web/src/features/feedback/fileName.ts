import { shownName } from '../../ui/shownName';

/**
 * A visitor's file name is theirs to choose: it may hold bidirectional overrides ("a\u202Egnp.exe" shows as
 * "aexe.png"), a card number ("card 4242… cvv 987.png") or anything else personal. It is shown without its
 * bidi controls and isolated from the app's words (FeedbackPage's `FileNamed`, a <bdi>), and never sent.
 */

/** Where the shown name sits in a message's text (UTF-16 offset), so the page can isolate it. */
export interface NamedSpot {
  readonly at: number;
  readonly shown: string;
}

/** A message about a file: its whole text (the name shown in it), and where the name is. */
export interface FileMessage {
  readonly text: string;
  readonly name?: NamedSpot;
}

/**
 * A message naming a file: `template` is the catalogue's text with its `{name}` placeholder still in it
 * (catalogue() keeps a placeholder it has no value for); the name goes there as the page shows it, without
 * bidi controls, invisibles or line breaks (ui/shownName).
 */
export function namingFile(template: string, name: string): FileMessage {
  const at = template.indexOf('{name}');
  if (at < 0) return { text: template };
  const shown = shownName(name);
  return { text: template.slice(0, at) + shown + template.slice(at + '{name}'.length), name: { at, shown } };
}

/**
 * The name a file is uploaded under: neutral (`feedback-1.png`), its extension kept for the server's type
 * check. The visitor's own name never leaves the page: not in the upload token's query (a GET), not in the
 * multipart filename. A phone cannot easily rename a screenshot, so a name holding a card number is not
 * refused; it is simply never sent.
 */
export function uploadName(name: string, id: number): string {
  const dot = name.lastIndexOf('.');
  const extension = dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
  return /^[a-z0-9]{1,5}$/.test(extension) ? `feedback-${id}.${extension}` : `feedback-${id}`;
}
