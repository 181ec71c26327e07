import { THIRD_PARTY_SCRIPTS } from './inventory';
import { isLoopbackHost } from './policy';

/**
 * The production build's HTTP headers, pure so that the build (prerender.tsx writes them into
 * web/dist for any static host, and for `npm start`) and the tests build them the same way.
 *
 * `script-src` is the page's origin, the hashes of the built pages' inline scripts and the inventory's
 * script hosts: never 'unsafe-inline' or 'unsafe-eval' (`assertStrictScriptSrc` fails the build). Styles
 * keep 'unsafe-inline': the providers' fields set inline styles, and a style cannot run script.
 */

/** Card issuers' 3-D Secure pages (ACS): any https host. */
const ISSUER_ACS = 'https:';

/** Where the browser posts violation reports; the mock records them in its journal. */
export const CSP_REPORT_PATH = '/csp-report';

export interface HeaderInput {
  /** 'sha256-…' sources of the page's inline scripts. */
  readonly scriptHashes: readonly string[];
  /** API hosts besides the page's origin (the build's VITE_API_HOSTS), reached with https. */
  readonly apiHosts: readonly string[];
  /**
   * The sign-in page's policy: the social sign-in SDKs' hosts are allowed there and nowhere else,
   * so a page that takes a payment can run no script of theirs.
   */
  readonly signIn?: boolean;
  /**
   * The build's chat webhook (VITE_CHAT_WEBHOOK, web/src/report/config.ts): an https address's origin is added
   * to connect-src; a path of the page's own origin needs nothing.
   */
  readonly chatWebhook?: string | undefined;
}

/** The path of the one page whose policy allows the sign-in SDKs. */
export const SIGN_IN_PATH = '/login';

const unique = (values: readonly string[]) => [...new Set(values)];

/** A host pattern as a CSP source: `.adyen.com` is `https://*.adyen.com`. */
function source(host: string): string {
  return `https://${host.startsWith('.') ? `*${host}` : host}`;
}

/**
 * An API host as CSP sources. A loopback host (the visitor's own machine: the mock's alias) is reached over
 * http on the page's port, which a policy cannot name: any port of it; the trusted-host policy narrows it.
 */
function apiSources(host: string): string[] {
  const name = host.replace(/:\d+$/, '');
  return isLoopbackHost(name) ? [`http://${name}:*`, `https://${name}:*`] : [source(host)];
}

/** An https webhook's origin as a connect-src source; a same-origin path (or none) adds nothing. */
function webhookSources(address: string | undefined): string[] {
  if (address === undefined || !address.startsWith('https://')) return [];
  try {
    return [new URL(address).origin];
  } catch {
    return [];
  }
}

export function contentSecurityPolicy(input: HeaderInput): string {
  const scripts = THIRD_PARTY_SCRIPTS.filter((s) => input.signIn === true || s.signInOnly !== true);
  const hosts = (pick: (s: (typeof THIRD_PARTY_SCRIPTS)[number]) => readonly string[]) =>
    unique(scripts.flatMap(pick)).map(source);
  const signInStyles = input.signIn === true ? ['https://accounts.google.com'] : [];
  const directives: Array<[string, readonly string[]]> = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...input.scriptHashes.map((h) => `'${h}'`), ...hosts((s) => s.scriptHosts)]],
    ['style-src', ["'self'", "'unsafe-inline'", ...signInStyles]],
    ['img-src', ["'self'", 'data:', 'blob:', 'https:']],
    ['font-src', ["'self'", 'data:']],
    [
      'connect-src',
      [
        "'self'",
        ...unique(input.apiHosts).flatMap(apiSources),
        ...hosts((s) => s.connectHosts),
        ...webhookSources(input.chatWebhook),
      ],
    ],
    // A 3-D Secure 2 challenge is framed from, and posted to, the card issuer's ACS, whose host is known only
    // from the payment's answer: any https page (never http, data: or javascript:) for these two. Script
    // stays limited to the inventory, so nothing on this page can use them on its own.
    ['frame-src', ["'self'", ...hosts((s) => s.frameHosts), ISSUER_ACS]],
    ['form-action', ["'self'", ...hosts((s) => s.formHosts), ISSUER_ACS]],
    ['worker-src', ["'self'"]],
    ['manifest-src', ["'self'"]],
    ['media-src', ["'self'", 'blob:']],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['frame-ancestors', ["'none'"]],
    ['report-uri', [CSP_REPORT_PATH]],
  ];
  return directives.map(([name, values]) => `${name} ${values.join(' ')}`).join('; ');
}

/** Throws when a policy's script-src (or default-src standing in for it) allows inline script or eval. */
export function assertStrictScriptSrc(csp: string): void {
  const directives = new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0] !== undefined && parts[0] !== '')
      .map((parts) => [parts[0]?.toLowerCase() ?? '', parts.slice(1)] as const),
  );
  const scripts = directives.get('script-src') ?? directives.get('default-src');
  if (scripts === undefined) throw new Error('the Content-Security-Policy has no script-src');
  for (const banned of ["'unsafe-inline'", "'unsafe-eval'", "'unsafe-hashes'", "'wasm-unsafe-eval'", '*']) {
    if (scripts.some((value) => value.toLowerCase() === banned))
      throw new Error(`the Content-Security-Policy's script-src allows ${banned}`);
  }
  for (const value of scripts) {
    if (/^(https?:|data:|blob:)$/i.test(value))
      throw new Error(`the Content-Security-Policy's script-src allows every ${value} source`);
  }
  for (const required of ['object-src', 'base-uri', 'frame-ancestors'])
    if (!directives.has(required)) throw new Error(`the Content-Security-Policy has no ${required}`);
}

/** Headers of the app's pages. HSTS is for https hosts: a static host adds it; `npm start` on https only. */
export function pageHeaders(input: HeaderInput): Record<string, string> {
  const csp = contentSecurityPolicy(input);
  assertStrictScriptSrc(csp);
  return {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin',
    'Permissions-Policy': 'payment=(self), camera=(), microphone=(), geolocation=(), usb=(), serial=()',
    'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
    'Cache-Control': 'no-cache',
  };
}

export const HSTS = 'max-age=31536000; includeSubDomains';

/** The sha256 CSP sources of an HTML document's inline scripts (those without a src). */
export async function inlineScriptHashes(html: string): Promise<string[]> {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? '';
    if (/\ssrc\s*=/i.test(attributes)) continue;
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(match[2] ?? ''));
    hashes.push(`sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}`);
  }
  return hashes;
}

const nginxLines = (headers: Record<string, string>) =>
  Object.entries(headers).map(
    ([name, value]) => `add_header ${name} "${value.replaceAll('"', '\\"')}" always;`,
  );

/**
 * The files a static host reads: Netlify/Cloudflare `_headers` and nginx snippets. The sign-in page has its
 * own policy: `_headers` combines every rule that matches a path (two policies would both apply), so the
 * policy is given path by path (`pagePaths`, the built pages) and `/*` carries the other headers only; nginx
 * replaces a server's `add_header`s in a location that has its own, so the sign-in snippet goes in
 * `location = /login`.
 */
export function staticHostFiles(
  headers: Record<string, string>,
  signInHeaders: Record<string, string> = headers,
  pagePaths: readonly string[] = ['/'],
): Record<string, string> {
  const csp = 'Content-Security-Policy';
  const all = { ...headers, 'Strict-Transport-Security': HSTS };
  const rest = Object.entries(all).filter(([name]) => name !== csp);
  const policyOf = (path: string) => (path === SIGN_IN_PATH ? signInHeaders[csp] : headers[csp]);
  const blocks = pagePaths.flatMap((path) => {
    const paths = path === '/' ? ['/', '/index.html'] : [path, `${path}/`, `${path}/index.html`];
    return paths.flatMap((p) => [p, `  ${csp}: ${policyOf(path) ?? ''}`]);
  });
  return {
    _headers: [
      '# Written by the web build (web/src/security/headers.ts): do not edit.',
      '/*',
      ...rest.map(([name, value]) => `  ${name}: ${value}`),
      ...blocks,
      '/assets/*',
      '  Cache-Control: public, max-age=31536000, immutable',
      '',
    ].join('\n'),
    'nginx-security-headers.conf': [
      '# Written by the web build (web/src/security/headers.ts): include it in the server block.',
      ...nginxLines(all),
      '',
    ].join('\n'),
    'nginx-sign-in-security-headers.conf': [
      `# Written by the web build: include it in \`location = ${SIGN_IN_PATH}\` (the sign-in page's own policy).`,
      ...nginxLines({ ...signInHeaders, 'Strict-Transport-Security': HSTS }),
      '',
    ].join('\n'),
  };
}
