import { ServerCode } from '@topup/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { type RunningMock, startMockServer } from '../src/server';
import { CONTROL } from './support/inject';

const NOW = new Date('2026-11-21T09:00:00Z');

async function websiteVersion(app: FastifyInstance): Promise<string> {
  const config = await app.inject({ method: 'POST', url: '/api/sys/config/?channel=app_pkg_info&pure=1' });
  return config.json().data.pkgInfo.website_version as string;
}

describe('the control API refuses what a web page could send (issue 12, finding 2)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp({ now: NOW });
  });
  afterAll(() => app.close());

  it('refuses a cross-site form post to /__mock/config and changes nothing', async () => {
    const before = await websiteVersion(app);
    for (const headers of [
      { 'content-type': 'application/x-www-form-urlencoded' },
      { 'content-type': 'application/x-www-form-urlencoded', ...CONTROL },
      { 'content-type': 'text/plain', ...CONTROL },
    ]) {
      const res = await app.inject({
        method: 'POST',
        url: '/__mock/config',
        headers,
        payload: 'ksa_apple_url=javascript:alert(1)&website_version=9.9.999',
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.json()).toMatchObject({ result: ServerCode.invalidParam });
    }
    expect(await websiteVersion(app)).toBe(before);
  });

  it('refuses JSON without the control header, with a message naming it', async () => {
    const res = await app.inject({ method: 'POST', url: '/__mock/reset', payload: {} });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain('x-topup-control');
    const journal = await app.inject({ method: 'GET', url: '/__mock/journal' });
    expect(journal.statusCode).toBe(403);
  });

  it('refuses every CORS preflight, without allowing the origin', async () => {
    const res = await app.inject({
      method: 'OPTIONS',
      url: '/__mock/config',
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'x-topup-control,content-type',
      },
    });
    expect(res.statusCode).toBe(403);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['access-control-allow-headers']).toBeUndefined();
  });

  it('refuses a Host that is not one of its addresses (DNS rebinding)', async () => {
    for (const host of [
      'evil.example',
      'evil.example:80',
      '127.0.0.1.evil.example',
      'localhost.evil.example:80',
    ]) {
      const res = await app.inject({
        method: 'GET',
        url: '/__mock/journal',
        headers: { ...CONTROL, host },
      });
      expect(res.statusCode, host).toBe(403);
      expect(res.json().message).toContain('Host');
    }
  });

  it('refuses an encoded control path as well', async () => {
    const res = await app.inject({ method: 'GET', url: '/%5F%5Fmock/journal' });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(JSON.stringify(res.json())).not.toContain('entries');
  });

  it('accepts JSON with the header, and {} where every field is optional', async () => {
    const res = await app.inject({ method: 'POST', url: '/__mock/reset', headers: CONTROL, payload: {} });
    expect(res.json()).toMatchObject({ result: 0 });
    const closed = await app.inject({
      method: 'POST',
      url: '/__mock/rooms/5002/close',
      headers: CONTROL,
      payload: {},
    });
    expect(closed.json()).toMatchObject({ result: 0, data: { closed: 0 } });
  });
});

describe('the control API on a loopback listener', () => {
  let mock: RunningMock;
  beforeAll(async () => {
    mock = await startMockServer({ now: NOW });
  });
  afterAll(() => mock.close());

  const port = () => Number(new URL(mock.url).port);

  it('accepts the addresses it listens on, and only on its port', async () => {
    const accepted = await mock.app.inject({
      method: 'GET',
      url: '/__mock/clock',
      headers: { ...CONTROL, host: `127.0.0.1:${port()}` },
    });
    expect(accepted.json()).toMatchObject({ result: 0 });
    const localhost = await mock.app.inject({
      method: 'GET',
      url: '/__mock/clock',
      headers: { ...CONTROL, host: `localhost:${port()}` },
    });
    expect(localhost.json()).toMatchObject({ result: 0 });
    const otherPort = await mock.app.inject({
      method: 'GET',
      url: '/__mock/clock',
      headers: { ...CONTROL, host: `127.0.0.1:${port() === 1 ? 2 : port() - 1}` },
    });
    expect(otherPort.statusCode).toBe(403);
  });

  it('answers a real fetch with the header, and refuses one without', async () => {
    const without = await fetch(`${mock.url}/__mock/clock`);
    expect(without.status).toBe(403);
    const withHeader = await fetch(`${mock.url}/__mock/clock`, { headers: CONTROL });
    expect(((await withHeader.json()) as { result: number }).result).toBe(0);
  });
});

describe('--no-control', () => {
  it('has no control API at all', async () => {
    const app = await buildApp({ now: NOW, control: false });
    const res = await app.inject({ method: 'POST', url: '/__mock/reset', headers: CONTROL, payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ result: ServerCode.unknownCall });
    await app.close();
  });
});
