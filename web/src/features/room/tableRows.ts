import { shortCount } from '../../i18n/shortCount';
import { shownName } from '../../ui/shownName';

/** At most this many keys are drawn: a frame may add thousands (a lying or broken server), the page stays usable. */
export const TABLE_ROWS_SHOWN = 200;
/** A value is shown up to this many characters, then «…»: one key's value cannot fill the screen. */
export const VALUE_CHARS_SHOWN = 300;

export interface TableRow {
  /** The key as sorted and compared (React's key). */
  readonly id: string;
  readonly key: string;
  readonly value: string;
}

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);

/**
 * The status table as the room page draws it: keys in order, the first `limit` of them, each key and value as
 * text without bidi controls or line breaks (ui/shownName.ts: a server's U+202E cannot reverse the cells), a
 * count as a live count (SPEC §9: W above 10,000), anything else as the frame carried it, cut short. `hidden`:
 * how many keys were left out.
 */
export function tableRows(
  table: Readonly<Record<string, unknown>>,
  limit = TABLE_ROWS_SHOWN,
): { readonly rows: readonly TableRow[]; readonly hidden: number } {
  const keys = Object.keys(table).sort((a, b) => a.localeCompare(b));
  const rows = keys.slice(0, limit).map((key) => {
    const value = table[key];
    const text = typeof value === 'number' ? shortCount(value, 'live') : String(JSON.stringify(value));
    return {
      id: key,
      key: cut(shownName(key), VALUE_CHARS_SHOWN),
      value: cut(shownName(text), VALUE_CHARS_SHOWN),
    };
  });
  return { rows, hidden: keys.length - rows.length };
}

/** At most this many keys are named on one line of the change log. */
export const CHANGED_KEYS_NAMED = 20;

/** A change's keys as the log names them: shown as the table shows keys, the first 20, then how many more. */
export function changedKeys(keys: readonly string[]): string {
  if (keys.length === 0) return '—';
  const named = keys.slice(0, CHANGED_KEYS_NAMED).map((key) => cut(shownName(key), 80));
  const more = keys.length - named.length;
  return more > 0 ? `${named.join(', ')} +${more}` : named.join(', ');
}
