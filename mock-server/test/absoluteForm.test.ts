import { ServerCode } from '@topup/contracts';
import type { FastifyInstance } from 'fastify';
import { inject } from 'light-my-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';

/**
 * A request line with an absolute-form target (`POST http://x/__mock/config HTTP/1.1`)
 * skipped every check keyed on the path. `app.inject` always sends a path, so the request is dispatched
 * through Fastify's own router (`app.routing`) with the raw target set as a socket would deliver it.
 */

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildApp({ now: new Date('2026-11-21T09:00:00Z') });
  await app.ready();
});
afterAll(() => app.close());

function raw(method: 'GET' | 'POST', target: string, headers: Record<string, string>, payload?: string) {
  return inject(
    (req, res) => {
      req.url = target;
      app.routing(req, res);
    },
    { method, url: '/', headers, ...(payload === undefined ? {} : { payload }) },
  );
}

async function websiteVersion(): Promise<string> {
  const config = await app.inject({ method: 'POST', url: '/api/sys/config/?channel=app_pkg_info&pure=1' });
  return config.json().data.pkgInfo.website_version as string;
}

describe('absolute-form request targets', () => {
  it('cannot drive the control API without its header, Host and JSON checks', async () => {
    const before = await websiteVersion();
    for (const target of [
      'http://x/__mock/config',
      'http://127.0.0.1/__mock/config',
      'HTTP://X/__MOCK/config',
    ]) {
      const res = await raw(
        'POST',
        target,
        { 'content-type': 'application/x-www-form-urlencoded', host: 'evil.example' },
        'website_version=9.9.999',
      );
      expect(res.statusCode, target).toBe(400);
      expect(res.json()).toMatchObject({ result: ServerCode.invalidParam });
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    }
    expect(await websiteVersion()).toBe(before);
  });

  it('gets no API answer without no-store and the CSP', async () => {
    const res = await raw('GET', 'http://x/api/sys/ts/', { host: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('still answers a path (origin-form) as before', async () => {
    const res = await raw('GET', '/api/sys/ts/', { host: '127.0.0.1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
