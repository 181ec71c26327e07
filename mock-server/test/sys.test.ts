import { PkgInfoSchema, ServerCode } from '@topup/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { callInject, okData } from './support/inject';

const NOW = new Date('2026-11-21T09:00:00Z');

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildApp({ now: NOW });
});
afterAll(() => app.close());

describe('sys calls', () => {
  it('serverTime, hii and h5_info answer the world clock', async () => {
    expect(okData('serverTime', await callInject(app, 'serverTime', {})).ts).toBe(NOW.getTime());
    expect(okData('hii', await callInject(app, 'hii', {})).timestamp).toBe(NOW.getTime());
    const jsonp = await callInject(app, 'h5Info', { callback: 'dial_1' });
    expect(okData('h5Info', jsonp).timestamp).toBe(NOW.getTime());
  });

  it('config reads channel and pure from the query of its POST, as SPEC §7 sends them', async () => {
    const inBody = await app.inject({
      method: 'POST',
      url: '/api/sys/config/',
      payload: 'channel=app_pkg_info&pure=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(inBody.json()).toMatchObject({ result: ServerCode.invalidParam });
    const inQuery = await app.inject({ method: 'POST', url: '/api/sys/config/?channel=app_pkg_info&pure=1' });
    expect(inQuery.json()).toMatchObject({ result: 0, data: { pkgInfo: { website_version: '1.0.333' } } });
  });

  it('config answers a pkgInfo with every field of SPEC §3', async () => {
    const { pkgInfo } = okData(
      'config',
      await callInject(app, 'config', { channel: 'app_pkg_info', pure: '1' }),
    );
    expect(Object.keys(pkgInfo).sort()).toEqual(Object.keys(PkgInfoSchema.shape).sort());
    expect(pkgInfo.website_version).toBe('1.0.333');
    expect(pkgInfo.applepay_gray_config.length).toBeGreaterThan(0);
    expect(Object.values(pkgInfo.ABtest_repurchase_ratio).reduce((a, b) => a + b, 0)).toBe(100);
    for (const link of [
      pkgInfo.ksa_android_url,
      pkgInfo.ksa_huawei_url,
      pkgInfo.ksa_apple_url,
      pkgInfo.ksa_google_url,
    ]) {
      expect(link).toMatch(/^https:\/\//);
    }
    expect(pkgInfo.applepay_config).toMatchObject({ countryCode: 'HK', currencyCode: 'USD' });
  });

  it('config needs its channel', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/sys/config/', payload: {} });
    expect(res.json().result).not.toBe(0);
  });

  it('backup domains map the called host to the other loopback name on its port', async () => {
    const answer = await callInject(app, 'backupDomains', {}, { host: '127.0.0.1:8080' });
    // data travels as a JSON string; the contract decodes it.
    expect(typeof answer.data).toBe('string');
    expect(okData('backupDomains', answer).domains).toEqual({ '127.0.0.1:8080': ['localhost:8080'] });
  });

  it('position answers Saudi Arabia', async () => {
    expect(okData('position', await callInject(app, 'position', {}))).toEqual({ country: 'SA' });
  });
});

describe('events', () => {
  it.each([
    [
      'addEvent',
      'event',
      () =>
        callInject(app, 'addEvent', {
          event_name: 'pay_click',
          uuid: 'u1',
          version: '1.0.333',
          int_param1: 3,
        }),
    ],
    [
      'payPageEvent',
      'payPage',
      () =>
        callInject(app, 'payPageEvent', {
          eventName: 'pay_step',
          uuid: 'u1',
          version: '1.0.333',
          proj: 'ksa',
          href: 'http://127.0.0.1:8080/pay-step',
          ua: 'test',
          params: { step: 2 },
        }),
    ],
    [
      'tmpReport',
      'tmp',
      () => callInject(app, 'tmpReport', { app_order: 'o-1', data: 'card 4242424242424242' }),
    ],
    [
      'sensorReport',
      'sensor',
      () =>
        callInject(app, 'sensorReport', {
          event_uuid: 'e1',
          server_url: '/api/sys/ts/',
          ts: NOW.getTime(),
          day: '2026-11-21',
          device_id: 'h5-device',
          page_view_id: 'pv-1',
          event: 'fps',
          ext: '{}',
          project: 'sawa-h5',
        }),
    ],
  ] as const)('%s is recorded', async (name, kind, send) => {
    const before = app.mock.world.events.list(kind).length;
    const answer = await send();
    okData(name, answer);
    const events = app.mock.world.events.list(kind);
    expect(events).toHaveLength(before + 1);
    expect(JSON.stringify(events)).not.toContain('4242424242424242');
  });

  it('keeps the last 1000 events', () => {
    const log = app.mock.world.events;
    for (let i = 0; i < 1005; i++) log.record('event', `e${i}`, {});
    const kept = log.list();
    expect(kept).toHaveLength(1000);
    expect(kept.at(-1)?.name).toBe('e1004');
  });

  it('page_view_id_result says whether the page view completed a payment', async () => {
    const ask = () => callInject(app, 'pageViewIdResult', { page_view_id: 'pv-42', source: 1 });
    expect(okData('pageViewIdResult', await ask())).toEqual({ page_view_id: 'pv-42', paid: false });
    app.mock.world.events.completePageView('pv-42');
    expect(okData('pageViewIdResult', await ask())).toEqual({ page_view_id: 'pv-42', paid: true });
  });
});
