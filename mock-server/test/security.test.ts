import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { CONTROL } from './support/inject';

const CSP =
  "default-src 'self'; script-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";
const SIGN_IN_CSP =
  "default-src 'self'; script-src 'self' https://accounts.google.com; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

describe('security headers and the CSP report endpoint (issue 11)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    const webRoot = mkdtempSync(join(tmpdir(), 'topup-web-'));
    writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>t</title>');
    mkdirSync(join(webRoot, 'assets'));
    writeFileSync(join(webRoot, 'assets', 'index-Bq3xY_9a.js'), 'export {};');
    // The build's Brotli copies (scripts/precompress.mjs): what the server sends to a browser that accepts them.
    writeFileSync(join(webRoot, 'assets', 'index-Bq3xY_9a.js.br'), brotliCompressSync('export {};'));
    writeFileSync(join(webRoot, 'index.html.br'), brotliCompressSync('<!doctype html><title>t</title>'));
    writeFileSync(
      join(webRoot, 'security-headers.json'),
      JSON.stringify({
        page: { 'Content-Security-Policy': CSP, 'X-Frame-Options': 'DENY' },
        signIn: { 'Content-Security-Policy': SIGN_IN_CSP, 'X-Frame-Options': 'DENY' },
        signInPath: '/login',
      }),
    );
    app = await buildApp({ webRoot });
  });
  afterAll(() => app.close());

  it.each(['/', '/recharge-list?session_key=sk-10000001', '/pay-step'])(
    'the page %s carries the build headers',
    async (url) => {
      const answer = await app.inject({ method: 'GET', url });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-security-policy']).toBe(CSP);
      expect(answer.headers['x-frame-options']).toBe('DENY');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      // Plain http: no HSTS.
      expect(answer.headers['strict-transport-security']).toBeUndefined();
    },
  );

  it.each([
    ['/login', SIGN_IN_CSP],
    ['/login/', SIGN_IN_CSP],
    ['/login?ticket=tk-10000001', SIGN_IN_CSP],
    ['/pay', CSP],
    ['/loginx', CSP],
  ])('issue 27: %s gets its own policy, the sign-in SDK hosts on the sign-in page only', async (url, csp) => {
    const answer = await app.inject({ method: 'GET', url });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-security-policy']).toBe(csp);
  });

  it.each(['br', 'gzip'])(
    'hashed build files are kept by the browser (accepting %s); the page is asked for again',
    async (encoding) => {
      const headers = { 'accept-encoding': encoding };
      const asset = await app.inject({ method: 'GET', url: '/assets/index-Bq3xY_9a.js', headers });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const page = await app.inject({ method: 'GET', url: '/', headers });
      expect(page.headers['cache-control']).toBe('public, max-age=0');
    },
  );

  it.each([
    ['/assets/index-Bq3xY_9a.js', 'export {};'],
    ['/', '<!doctype html><title>t</title>'],
    ['/recharge-list', '<!doctype html><title>t</title>'],
  ])('%s is sent compressed to a browser that accepts Brotli, and plain to any other', async (url, text) => {
    const compressed = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } });
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(text);
    const plain = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(text);
  });

  it('API answers are neither cached, sniffed nor framed', async () => {
    for (const url of ['/api/sys/ts/', '/api/nope/']) {
      const answer = await app.inject({ method: 'GET', url });
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    }
  });

  it('records legacy and Reporting API violations in the journal, without queries', async () => {
    await app.inject({ method: 'DELETE', url: '/__mock/journal' });
    const legacy = await app.inject({
      method: 'POST',
      url: '/csp-report',
      headers: { 'content-type': 'application/csp-report', host: '127.0.0.1' },
      payload: JSON.stringify({
        'csp-report': {
          'document-uri': 'http://127.0.0.1/pay?session_key=sk-10000001',
          'blocked-uri': 'https://evil.test/x.js?k=sk-10000001',
          'effective-directive': 'script-src-elem',
        },
      }),
    });
    expect(legacy.statusCode).toBe(204);
    const modern = await app.inject({
      method: 'POST',
      url: '/csp-report',
      headers: { 'content-type': 'application/reports+json', host: '127.0.0.1' },
      payload: JSON.stringify([
        {
          type: 'csp-violation',
          body: {
            effectiveDirective: 'frame-ancestors',
            blockedURL: 'inline',
            documentURL: 'http://127.0.0.1/#pageinfo=x',
          },
        },
        { type: 'deprecation', body: {} },
      ]),
    });
    expect(modern.statusCode).toBe(204);
    const garbage = await app.inject({
      method: 'POST',
      url: '/csp-report',
      headers: { 'content-type': 'application/csp-report' },
      payload: '{not json',
    });
    expect(garbage.statusCode).toBe(204);
    const journal = (
      await app.inject({ method: 'GET', url: '/__mock/journal', headers: CONTROL })
    ).json() as {
      data: { entries: Array<{ path: string; params: unknown }> };
    };
    const reports = journal.data.entries.filter((e) => e.path === '/csp-report').map((e) => e.params);
    expect(reports).toEqual([
      {
        directive: 'script-src-elem',
        blocked: 'https://evil.test/x.js',
        document: 'http://127.0.0.1/pay',
        disposition: 'enforce',
      },
      {
        directive: 'frame-ancestors',
        blocked: 'inline',
        document: 'http://127.0.0.1/',
        disposition: 'enforce',
      },
    ]);
    expect(JSON.stringify(journal)).not.toContain('sk-10000001');
  });

  // Any site could write CSP reports into the journal.
  it('keeps only reports about the app’s own pages, and a bounded number of them', async () => {
    await app.inject({ method: 'DELETE', url: '/__mock/journal', headers: CONTROL });
    const report = (document: string, headers: Record<string, string> = {}) =>
      app.inject({
        method: 'POST',
        url: '/csp-report',
        remoteAddress: '198.51.100.7',
        headers: { 'content-type': 'application/csp-report', host: '127.0.0.1:8080', ...headers },
        payload: JSON.stringify({
          'csp-report': {
            'document-uri': document,
            'blocked-uri': 'inline',
            'effective-directive': 'script-src',
          },
        }),
      });
    for (const [document, headers] of [
      ['https://evil.example/page', {}],
      ['http://127.0.0.1:9999/pay', {}],
      ['http://127.0.0.1:8080/pay', { origin: 'https://evil.example' }],
      ['not a url', {}],
    ] as const) {
      expect((await report(document, headers)).statusCode).toBe(204);
    }
    const count = async () =>
      (
        (await app.inject({ method: 'GET', url: '/__mock/journal', headers: CONTROL })).json() as {
          data: { entries: Array<{ path: string }> };
        }
      ).data.entries.filter((e) => e.path === '/csp-report').length;
    expect(await count()).toBe(0);
    // A frame the page's frame-ancestors refused reports from a context with no origin: `Origin: null`, about
    // the app's own page (what Chromium sends); about another site's page it is still dropped.
    expect((await report('http://127.0.0.1:8080/pay', { origin: 'null' })).statusCode).toBe(204);
    expect((await report('https://evil.example/page', { origin: 'null' })).statusCode).toBe(204);
    expect(await count()).toBe(1);
    for (let i = 0; i < 100; i++)
      await report('http://127.0.0.1:8080/pay', { origin: 'http://127.0.0.1:8080' });
    expect(await count()).toBe(60);
  });

  it.each([
    ['the loopback alias on the same port', 'http://localhost:8080', '127.0.0.1:8080', true],
    ['another port of the same host', 'http://127.0.0.1:9999', '127.0.0.1:8080', false],
    ['a foreign site', 'https://evil.test', '127.0.0.1:8080', false],
    ['a script origin', 'null', '127.0.0.1:8080', false],
  ])('CORS for API calls: %s', async (_name, origin, host, allowed) => {
    const answer = await app.inject({ method: 'GET', url: '/api/gm/hii', headers: { origin, host } });
    expect(answer.headers['access-control-allow-origin']).toBe(allowed ? origin : undefined);
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/api/gm/hii',
      headers: {
        origin,
        host,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'x-cli-pn',
      },
    });
    if (allowed) {
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers['access-control-allow-headers']).toBe('x-cli-pn');
    } else expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });
});
