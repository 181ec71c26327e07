// @vitest-environment node
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FACEBOOK_SDK_URL, GOOGLE_SDK_URL } from '../features/login/sdk';
import { FLOW_SCRIPT_URL } from '../payments/providers/checkout/flowLoader';
import {
  assertStrictScriptSrc,
  contentSecurityPolicy,
  inlineScriptHashes,
  pageHeaders,
  staticHostFiles,
} from './headers';
import { THIRD_PARTY_SCRIPT_HOSTS, THIRD_PARTY_SCRIPTS } from './inventory';
import { scriptAllowed } from './outbound';

const directive = (csp: string, name: string) =>
  csp
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `))
    ?.split(/\s+/)
    .slice(1);

describe('the production Content-Security-Policy', () => {
  const csp = contentSecurityPolicy({ scriptHashes: ['sha256-abc='], apiHosts: ['api.example'] });

  it('is strict: no inline script, no eval, nothing framed, no plugins, no base', () => {
    expect(() => assertStrictScriptSrc(csp)).not.toThrow();
    expect(directive(csp, 'script-src')).not.toContain("'unsafe-inline'");
    expect(directive(csp, 'script-src')).not.toContain("'unsafe-eval'");
    expect(directive(csp, 'script-src')).toContain("'sha256-abc='");
    expect(directive(csp, 'object-src')).toEqual(["'none'"]);
    expect(directive(csp, 'base-uri')).toEqual(["'none'"]);
    expect(directive(csp, 'frame-ancestors')).toEqual(["'none'"]);
    expect(directive(csp, 'connect-src')).toContain('https://api.example');
    expect(directive(csp, 'report-uri')).toEqual(['/csp-report']);
    // Issuers' 3-D Secure pages are framed and posted to over https only.
    for (const name of ['frame-src', 'form-action']) {
      expect(directive(csp, name)).toContain('https:');
      expect(directive(csp, name)?.some((v) => /^(http:|data:|blob:|javascript:|\*)$/.test(v))).toBe(false);
    }
  });

  it.each([
    [
      "'unsafe-inline'",
      "script-src 'self' 'unsafe-inline'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
    ],
    [
      "'unsafe-eval'",
      "script-src 'self' 'UNSAFE-EVAL'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
    ],
    ['a wildcard', "script-src *; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"],
    [
      'any https source',
      "script-src 'self' https:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
    ],
    ['data: scripts', "script-src 'self' data:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"],
    [
      'default-src unsafe-inline',
      "default-src 'self' 'unsafe-inline'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
    ],
    ['no script-src at all', "object-src 'none'"],
    ['no frame-ancestors', "script-src 'self'; object-src 'none'; base-uri 'none'"],
  ])('fails the build when it allows %s', (_name, policy) => {
    expect(() => assertStrictScriptSrc(policy)).toThrow();
  });

  it('page headers: nosniff, framing refused, referrer, payment for self only', () => {
    const headers = pageHeaders({ scriptHashes: [], apiHosts: [] });
    expect(headers).toMatchObject({
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'DENY',
      'Referrer-Policy': 'strict-origin',
    });
    expect(headers['Permissions-Policy']).toContain('payment=(self)');
    const files = staticHostFiles(headers);
    expect(files._headers).toContain('Strict-Transport-Security: max-age=31536000');
    expect(files['nginx-security-headers.conf']).toContain('add_header Content-Security-Policy "');
  });

  it("hashes exactly the page's inline scripts", async () => {
    const html = readFileSync(join(import.meta.dirname, '..', '..', 'index.html'), 'utf8');
    const hashes = await inlineScriptHashes(html);
    // <head>'s layout attribute: the one inline script (each route's built page is this file with its page).
    expect(hashes).toHaveLength(1);
    expect(await inlineScriptHashes('<script src="/a.js"></script><script>x()</script>')).toEqual([
      `sha256-${createHash('sha256').update('x()').digest('base64')}`,
    ]);
  });
});

describe('the third-party script inventory (PCI DSS v4.0.1 6.4.3)', () => {
  it('lists every script the app loads from another origin, and the CSP allows only those hosts', () => {
    const page = 'https://pay.example/';
    for (const url of [
      FACEBOOK_SDK_URL,
      GOOGLE_SDK_URL,
      FLOW_SCRIPT_URL,
      'https://cdn.checkout.com/js/framesv2.min.js',
    ]) {
      expect(THIRD_PARTY_SCRIPTS.some((s) => s.source === url)).toBe(true);
      expect(scriptAllowed(url, page, THIRD_PARTY_SCRIPT_HOSTS)).toBe(true);
    }
    // The sign-in page's policy allows every inventoried host; every other page's, none of the sign-in SDKs'.
    const signIn = contentSecurityPolicy({ scriptHashes: [], apiHosts: [], signIn: true });
    expect(directive(signIn, 'script-src')).toEqual([
      "'self'",
      ...THIRD_PARTY_SCRIPT_HOSTS.map((h) => `https://${h}`),
    ]);
    const payment = contentSecurityPolicy({ scriptHashes: [], apiHosts: [] });
    const paymentHosts = THIRD_PARTY_SCRIPTS.filter((s) => s.signInOnly !== true).flatMap(
      (s) => s.scriptHosts,
    );
    expect(directive(payment, 'script-src')).toEqual(["'self'", ...paymentHosts.map((h) => `https://${h}`)]);
  });

  it.each(['script-src', 'frame-src', 'connect-src', 'style-src'])(
    "issue 27: %s names the sign-in SDKs' hosts on the sign-in page only",
    (name) => {
      const payment = directive(contentSecurityPolicy({ scriptHashes: [], apiHosts: [] }), name);
      const signIn = directive(contentSecurityPolicy({ scriptHashes: [], apiHosts: [], signIn: true }), name);
      for (const host of [
        'https://connect.facebook.net',
        'https://www.facebook.com',
        'https://accounts.google.com',
      ])
        expect(payment).not.toContain(host);
      expect((signIn ?? []).some((value) => /facebook|google/.test(value))).toBe(true);
    },
  );

  it('a static host gets the sign-in policy on /login and the other on every other built page', () => {
    const page = pageHeaders({ scriptHashes: [], apiHosts: [] });
    const signIn = pageHeaders({ scriptHashes: [], apiHosts: [], signIn: true });
    const files = staticHostFiles(page, signIn, ['/', '/login', '/pay']);
    const lines = (files._headers ?? '').split('\n');
    const policyAfter = (path: string) => lines[lines.indexOf(path) + 1]?.trim();
    expect(policyAfter('/login')).toBe(`Content-Security-Policy: ${signIn['Content-Security-Policy']}`);
    expect(policyAfter('/pay')).toBe(`Content-Security-Policy: ${page['Content-Security-Policy']}`);
    expect(policyAfter('/')).toBe(`Content-Security-Policy: ${page['Content-Security-Policy']}`);
    // `/*` matches /login too: a policy there would be enforced beside the sign-in one.
    const all = lines.slice(lines.indexOf('/*') + 1, lines.indexOf('/'));
    expect(all.some((line) => line.includes('Content-Security-Policy'))).toBe(false);
    expect(files['nginx-sign-in-security-headers.conf']).toContain('accounts.google.com');
    expect(files['nginx-security-headers.conf']).not.toContain('accounts.google.com');
  });

  it("web/README.md's inventory table is the inventory", () => {
    const readme = readFileSync(join(import.meta.dirname, '..', '..', 'README.md'), 'utf8');
    const start = readme.indexOf('<!-- third-party-scripts:start -->');
    const end = readme.indexOf('<!-- third-party-scripts:end -->');
    expect(start).toBeGreaterThan(-1);
    expect(end).toBeGreaterThan(start);
    const rows = readme
      .slice(start, end)
      .split('\n')
      .filter((line) => line.startsWith('| ') && !line.startsWith('| script') && !line.startsWith('| ---'))
      .map((line) =>
        line
          .split('|')
          .slice(1, -1)
          .map((cell) => cell.trim()),
      );
    expect(rows).toEqual(THIRD_PARTY_SCRIPTS.map((s) => [s.name, `\`${s.source}\``, s.loadedOn, s.why]));
  });
});

describe('@spec:call.chatWebhook the chat webhook is reachable under the policy', () => {
  it.each([
    [undefined, []],
    ['/__hooks/chat', []],
    ['https://chat.example/hooks/T1/abc', ['https://chat.example']],
  ])('webhook %j adds %j to connect-src', (chatWebhook, added) => {
    const base = directive(contentSecurityPolicy({ scriptHashes: [], apiHosts: [] }), 'connect-src') ?? [];
    const withHook = directive(
      contentSecurityPolicy({ scriptHashes: [], apiHosts: [], chatWebhook }),
      'connect-src',
    );
    expect(withHook).toEqual([...base, ...added]);
    expect(() =>
      assertStrictScriptSrc(contentSecurityPolicy({ scriptHashes: [], apiHosts: [], chatWebhook })),
    ).not.toThrow();
  });
});
