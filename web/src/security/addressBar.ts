/**
 * Arguments leaving the address bar (`history.replaceState`, the rest of the query and hash as they were):
 * session hygiene (once start-up has read the sign-in arguments, they are not in the history, a
 * bookmark, a shared link or a later Referer), and a payment return once it has ended (a reload does not ask
 * about the order again).
 */
export const SECRET_URL_ARGS: readonly string[] = ['session_key', 'ticket', 'fb_id', 'fb_token', 'pageinfo'];

function without(params: URLSearchParams, names: readonly string[]): boolean {
  let removed = false;
  for (const name of names) {
    if (params.has(name)) {
      params.delete(name);
      removed = true;
    }
  }
  return removed;
}

/** The same address without the named arguments (path, query and hash), or undefined when it has none. */
export function urlWithout(href: string, names: readonly string[]): string | undefined {
  const url = new URL(href);
  // The query's own parameters: removing one rewrites `url.search` (and only then).
  let changed = without(url.searchParams, names);
  // Hash routes look like `#/path?a=1`, plain hashes like `#a=1&pageinfo=…`; a bare anchor is left alone.
  const hash = url.hash.slice(1);
  const question = hash.indexOf('?');
  const hashParams = new URLSearchParams(hash.slice(question + 1));
  if (hash.includes('=') && without(hashParams, names)) {
    changed = true;
    const rest = hashParams.toString();
    url.hash =
      question < 0 ? rest : rest === '' ? hash.slice(0, question) : `${hash.slice(0, question)}?${rest}`;
  }
  return changed ? `${url.pathname}${url.search}${url.hash}` : undefined;
}

/** The same address without the secret arguments, or undefined when it has none. */
export const scrubbedUrl = (href: string): string | undefined => urlWithout(href, SECRET_URL_ARGS);

/** Removes the named arguments from the address bar, its history entry's state kept; true when there were any. */
export function removeUrlArgs(names: readonly string[]): boolean {
  const next = urlWithout(location.href, names);
  if (next === undefined) return false;
  history.replaceState(history.state, '', next);
  return true;
}

/** Removes the secret arguments from the address bar; true when there were any. */
export const scrubAddressBar = (): boolean => removeUrlArgs(SECRET_URL_ARGS);
