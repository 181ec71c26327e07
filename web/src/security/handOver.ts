/**
 * The `#pageinfo` hand-over of the wallet domain move (SPEC §4), as start-up reads it: only its
 * session key, to be checked with the server like a `session_key` argument. The link's `user` and
 * `h5_deviceid` are never used (the server says whose the key is; the device id is this browser's own), so
 * nothing else of it is read here. Kept apart from the full page-info schema (features/pay/pageInfo.ts),
 * which would bring the contracts' entities into the first load.
 */
const SESSION_KEY = /^[\w.:-]{1,200}$/;

export function handOverSessionKey(hash: string): string | undefined {
  const raw = new URLSearchParams(hash.replace(/^#/, '')).get('pageinfo');
  if (raw === null) return undefined;
  let info: unknown;
  try {
    info = JSON.parse(raw);
  } catch {
    return undefined;
  }
  // Whatever the JSON holds (null, a number, an array, an object), only a well-formed key string passes.
  const key = (info as { session_key?: unknown } | null)?.session_key;
  return typeof key === 'string' && SESSION_KEY.test(key) ? key : undefined;
}
