/**
 * Session hygiene (issue 11): once start-up has read the sign-in arguments, they leave the address bar
 * (`history.replaceState`), so they are not in the history, a bookmark, a shared link or a later Referer.
 * The rest of the query and hash stays as it was.
 */
export const SECRET_URL_ARGS: readonly string[] = ['session_key', 'ticket', 'fb_id', 'fb_token', 'pageinfo'];

function without(params: URLSearchParams): boolean {
  let removed = false;
  for (const name of SECRET_URL_ARGS) {
    if (params.has(name)) {
      params.delete(name);
      removed = true;
    }
  }
  return removed;
}

/** The same address without the secret arguments (path, query and hash), or undefined when it has none. */
export function scrubbedUrl(href: string): string | undefined {
  const url = new URL(href);
  // The query's own parameters: removing one rewrites `url.search` (and only then).
  let changed = without(url.searchParams);
  // Hash routes look like `#/path?a=1`, plain hashes like `#a=1&pageinfo=…`; a bare anchor is left alone.
  const hash = url.hash.slice(1);
  const question = hash.indexOf('?');
  const hashParams = new URLSearchParams(hash.slice(question + 1));
  if (hash.includes('=') && without(hashParams)) {
    changed = true;
    const rest = hashParams.toString();
    url.hash =
      question < 0 ? rest : rest === '' ? hash.slice(0, question) : `${hash.slice(0, question)}?${rest}`;
  }
  return changed ? `${url.pathname}${url.search}${url.hash}` : undefined;
}

/** Removes the secret arguments from the address bar; true when there were any. */
export function scrubAddressBar(): boolean {
  const next = scrubbedUrl(location.href);
  if (next === undefined) return false;
  history.replaceState(history.state, '', next);
  return true;
}
