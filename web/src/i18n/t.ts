import { ar, type StringKey } from './ar';

export type { StringKey };

export type TextVars = Readonly<Record<string, string | number>>;

/** A catalogue's lookup: the Arabic string of a key, with `{name}` placeholders filled. */
export function catalogue<K extends string>(
  strings: Readonly<Record<K, string>>,
): (key: K, vars?: TextVars) => string {
  return (key, vars) => {
    const text = strings[key];
    if (vars === undefined) return text;
    return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
      const value = vars[name];
      return value === undefined ? whole : String(value);
    });
  };
}

/** The Arabic string of `key` in the app catalogue. Numbers are kept in Western digits. */
export const t = catalogue(ar);

/** The app's one language and direction (SPEC §1): set once on <html> by the shell. */
export const LANG = 'ar';
export const DIR = 'rtl';
