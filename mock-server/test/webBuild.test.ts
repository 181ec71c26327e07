import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';

const policy = (tag: string) => ({
  page: { 'Content-Security-Policy': `default-src 'self'; script-src 'self' 'sha256-${tag}'` },
  signIn: { 'Content-Security-Policy': `default-src 'self'; script-src 'self' 'sha256-${tag}'` },
  signInPath: '/login',
});

/**
 * `npm start` serves web/dist while `npm run build -w web` rewrites it: files the build adds after the mock
 * started (new hashed chunks, new pages, new headers) are served as they are on disk, and only navigations
 * fall back to the app's page — a missing script is a 404, never index.html under text/html.
 */
describe('the web build, rebuilt while the mock runs', () => {
  const webRoot = mkdtempSync(join(tmpdir(), 'topup-web-rebuilt-'));
  let app: FastifyInstance;
  beforeAll(async () => {
    writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>first</title>');
    mkdirSync(join(webRoot, 'assets'));
    writeFileSync(join(webRoot, 'assets', 'index-Aa1bB2cC.js'), 'export const first = 1;');
    writeFileSync(join(webRoot, 'security-headers.json'), JSON.stringify(policy('first')));
    app = await buildApp({ webRoot });
    // The rebuild: new hashed chunks, a new page and new page headers; the old chunk stays (as Vite's
    // emptyOutDir would not keep it, a browser holding the old index may still ask for it).
    writeFileSync(join(webRoot, 'assets', 'index-Dd4eE5fF.js'), 'export const second = 2;');
    writeFileSync(join(webRoot, 'assets', 'index-Gg6hH7iI.css'), 'body{margin:0}');
    writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>second</title>');
    mkdirSync(join(webRoot, 'fines'));
    writeFileSync(join(webRoot, 'fines', 'index.html'), '<!doctype html><title>fines</title>');
    writeFileSync(join(webRoot, 'security-headers.json'), JSON.stringify(policy('second')));
  });
  afterAll(async () => {
    await app.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it.each([
    ['/assets/index-Dd4eE5fF.js', /^(application|text)\/javascript/, 'export const second = 2;'],
    ['/assets/index-Gg6hH7iI.css', /^text\/css/, 'body{margin:0}'],
    ['/assets/index-Aa1bB2cC.js', /^(application|text)\/javascript/, 'export const first = 1;'],
  ])('serves %s, written after start, with its own type', async (url, type, body) => {
    const answer = await app.inject({ method: 'GET', url });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(type);
    expect(answer.body).toBe(body);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it.each([
    '/assets/x.js',
    '/assets/index-Zz9yY8xX.js',
    '/assets/',
    '/assets/deep/chunk.css',
    '/favicon.ico',
    '/app.js',
  ])('answers 404 for a missing file %s, not the app page', async (url) => {
    const answer = await app.inject({ method: 'GET', url });
    expect(answer.statusCode).toBe(404);
    expect(String(answer.headers['content-type'])).not.toMatch(/^text\/html/);
  });

  it.each([
    ['/', 'second'],
    ['/recharge-list?session_key=sk-10000001', 'second'],
    ['/no/such/route', 'second'],
    ['/fines', 'fines'],
    ['/fines/', 'fines'],
  ])('navigating to %s gets the page as it is now on disk', async (url, title) => {
    const answer = await app.inject({ method: 'GET', url });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(answer.body).toContain(`<title>${title}</title>`);
    expect(answer.headers['content-security-policy']).toContain("'sha256-second'");
  });

  it('still answers API paths as the API: an unknown call is its envelope, a wrong method 405', async () => {
    const unknown = await app.inject({ method: 'GET', url: '/api/nope/' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ result: expect.any(Number) });
    const wrongMethod = await app.inject({ method: 'GET', url: '/api/sys/add_event/' });
    expect(wrongMethod.statusCode).toBe(405);
  });

  it.each([
    ['/login', '/login'],
    ['/login?ticket=t1', '/login'],
    ['//evil.example/x', '/evil.example/x'],
  ])('a page form posted without the app (%s) is sent back to the page, its body unread', async (url, to) => {
    const answer = await app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'account=10000001&password=Passw0rd%21',
    });
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe(to);
    expect(answer.body).not.toMatch(/Passw0rd|10000001/);
  });
});
