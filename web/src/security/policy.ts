/**
 * The trusted-host policy: one set of pure rules for every place that decides where the page
 * talks to or goes. The hosts come from build-time configuration (`trust.ts`); nothing here reads the page.
 * Here: the core and the API's rules, which start-up needs; where the page may send the visitor or load a
 * script from is `outbound.ts`, which only code loaded later needs.
 *
 * A host pattern is a host name (`apps.apple.com`), a name with a port (`pay.example:8443`), or a leading
 * dot for every sub-domain (`.adyen.com`). A pattern without a port matches the default port, and the page's
 * own port on that host (an alias of the same service, as `localhost` is for `127.0.0.1` in the mock).
 */

export interface TrustConfig {
  /** A development build: `api_base` may name any http(s) host (SPEC §6 debug mode). */
  readonly dev: boolean;
  /** Hosts the API may live on besides the page's own origin: `api_base`, backup domains, the stored base. */
  readonly apiHosts: readonly string[];
}

/** Why a target is refused; `signIn`: a page of this app carrying a sign-in (security/outbound.ts). */
export type Refusal = 'malformed' | 'scheme' | 'credentials' | 'insecure' | 'host' | 'signIn';

export type Verdict =
  | { readonly ok: true; readonly url: URL }
  | { readonly ok: false; readonly reason: Refusal };

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * API hosts when the build names none: `localhost`, the mock's alias of 127.0.0.1 on the same port (its
 * backup domain). A production build names its real hosts in VITE_API_HOSTS.
 */
export const DEFAULT_API_HOSTS: readonly string[] = ['localhost'];

/** A comma-separated host list from configuration, or `fallback` when it is unset or empty. */
export function hostList(value: string | boolean | undefined, fallback: readonly string[]): string[] {
  const text = typeof value === 'string' ? value.trim() : '';
  if (text === '') return [...fallback];
  return text
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
}

export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK.has(hostname.toLowerCase());
}

/** `raw` as a URL against the page, or undefined when it does not parse or holds what parsers disagree on. */
export function parseTarget(raw: string, pageHref: string): URL | undefined {
  // Control characters and backslashes are where parsers disagree: refused before the URL parser sees them.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to find them
  if (raw.trim() === '' || /[\u0000-\u001f\u007f\\]/.test(raw)) return undefined;
  try {
    return new URL(raw, pageHref);
  } catch {
    return undefined;
  }
}

function defaultPort(protocol: string): string {
  return protocol === 'https:' ? '443' : '80';
}

/** Whether `url`'s host is one of `patterns` (see the module comment for the pattern forms). */
export function hostMatches(url: URL, patterns: readonly string[], page: URL): boolean {
  const host = url.hostname.toLowerCase();
  const port = url.port === '' ? defaultPort(url.protocol) : url.port;
  const pagePort = page.port === '' ? defaultPort(page.protocol) : page.port;
  return patterns.some((raw) => {
    const pattern = raw.trim().toLowerCase();
    if (pattern === '') return false;
    const colon = pattern.lastIndexOf(':');
    const hasPort = colon > 0 && !pattern.endsWith(']') && /^\d+$/.test(pattern.slice(colon + 1));
    const name = hasPort ? pattern.slice(0, colon) : pattern;
    const nameOk = name.startsWith('.') ? host.endsWith(name) && host.length > name.length : host === name;
    if (!nameOk) return false;
    if (hasPort) return port === pattern.slice(colon + 1);
    return url.port === '' || port === pagePort;
  });
}

/** `https:`, or `http:` on a loopback host (a secure context for browsers) or in a development build. */
function secureEnough(url: URL, config: TrustConfig): boolean {
  return (
    url.protocol === 'https:' || (url.protocol === 'http:' && (config.dev || LOOPBACK.has(url.hostname)))
  );
}

/** Whether `raw` is the page's own origin, or a secure enough URL on one of `patterns` (or any host), and why not. */
export function checkTarget(
  raw: string,
  pageHref: string,
  config: TrustConfig,
  patterns: readonly string[] | 'any',
): Verdict {
  const page = new URL(pageHref);
  const url = parseTarget(raw, pageHref);
  if (url === undefined) return { ok: false, reason: 'malformed' };
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, reason: 'scheme' };
  if (url.username !== '' || url.password !== '') return { ok: false, reason: 'credentials' };
  if (url.origin === page.origin) return { ok: true, url };
  if (!secureEnough(url, config)) return { ok: false, reason: 'insecure' };
  if (patterns !== 'any' && !hostMatches(url, patterns, page)) return { ok: false, reason: 'host' };
  return { ok: true, url };
}

/**
 * An API base the page may talk to: its own origin (or a path on it), a configured API host, or, in a
 * development build, any http(s) host. Answers the base without a trailing slash ('' for the page's own
 * origin), or undefined when refused.
 */
export function trustedApiBase(raw: string, pageHref: string, config: TrustConfig): string | undefined {
  const verdict = checkTarget(raw, pageHref, config, config.dev ? 'any' : config.apiHosts);
  if (!verdict.ok) return undefined;
  const { url } = verdict;
  if (url.search !== '' || url.hash !== '') return undefined;
  const path = url.pathname.replace(/\/+$/, '');
  return url.origin === new URL(pageHref).origin ? path : `${url.origin}${path}`;
}

/** The replacement hosts of a backup-domains map that the policy trusts, as API bases; others dropped. */
export function trustedBackupBases(
  replacements: readonly string[],
  pageHref: string,
  config: TrustConfig,
): string[] {
  const page = new URL(pageHref);
  const bases: string[] = [];
  for (const host of replacements) {
    if (!/^[a-z0-9.-]+(:\d{1,5})?$/i.test(host)) continue;
    const base = trustedApiBase(`${page.protocol}//${host}`, pageHref, config);
    // A replacement is another host: the page's own origin is no replacement.
    if (base !== undefined && base !== '') bases.push(base);
  }
  return bases;
}

/** A backup-domains map with every untrusted replacement dropped (also applied to what storage gives back). */
export function trustedBackupLists(
  domains: Readonly<Record<string, readonly string[]>>,
  pageHref: string,
  config: TrustConfig,
): Record<string, string[]> {
  const kept: Record<string, string[]> = {};
  for (const [host, replacements] of Object.entries(domains)) {
    const trusted = replacements.filter((r) => trustedBackupBases([r], pageHref, config).length === 1);
    if (trusted.length > 0) kept[host] = trusted;
  }
  return kept;
}
