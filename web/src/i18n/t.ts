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

// Made on first use, not when the module loads: making a NumberFormat costs a slow phone about 100 ms at
// 4× CPU (ICU's data), which at the top level was most of the entry's evaluation task (issue 16).
let usd: Intl.NumberFormat | undefined;
let count: Intl.NumberFormat | undefined;

/** Amounts and counts read left to right in Western digits, as the product shows them. */
export function formatUsd(amount: number): string {
  usd ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
  return usd.format(amount);
}

export function formatCount(value: number): string {
  count ??= new Intl.NumberFormat('en-US');
  return count.format(value);
}
