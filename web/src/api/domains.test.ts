import { describe, expect, it } from 'vitest';
import type { TrustConfig } from '../security/policy';
import { everyContract } from '../test/contracts';
import { envelope, fakeTransport } from '../test/fakeTransport';
import { createClient } from './client';
import { dialDomains, fetchBackupDomains, trustedBackupLists } from './domains';
import type { WireRequest } from './transport';

const PAGE = 'https://pay.example/recharge-list';
const production: TrustConfig = { dev: false, apiHosts: ['b.example', 'good.example'], navigationHosts: [] };

describe('backup domains and dialing', () => {
  it('reads the domains map from its JSON string, keeping only configured replacement hosts', async () => {
    const fake = fakeTransport(() =>
      envelope(JSON.stringify({ domains: { 'pay.example': ['b.example', 'evil.test', 'b.example:444'] } })),
    );
    const client = createClient({
      contracts: everyContract,
      transport: fake.transport,
      base: () => '',
      headers: () => ({}),
    });
    expect(await fetchBackupDomains(client, PAGE, production)).toEqual({ 'pay.example': ['b.example'] });
  });

  it.each([
    ['a configured host', { 'pay.example': ['b.example'] }, { 'pay.example': ['b.example'] }],
    ['a foreign host', { 'pay.example': ['evil.test'] }, {}],
    ['a configured host on another port', { 'pay.example': ['b.example:8443'] }, {}],
    ['a host with a path or user', { 'pay.example': ['b.example/x', 'u@b.example'] }, {}],
    ['the page itself', { 'pay.example': ['pay.example'] }, {}],
  ])('stored lists: %s', (_name, lists, kept) => {
    expect(trustedBackupLists(lists, PAGE, production)).toEqual(kept);
  });

  it('dials with hii (JSON, never JSONP) and answers the first trusted base that replies', async () => {
    const sent: WireRequest[] = [];
    const clientFor = (base: string) =>
      createClient({
        contracts: everyContract,
        transport: fakeTransport((request) => {
          sent.push(request);
          return base.includes('good') ? envelope({ timestamp: 1 }) : { kind: 'failure', code: -2 };
        }).transport,
        base: () => base,
        headers: () => ({}),
      });
    expect(
      await dialDomains(['https://b.example', 'https://good.example'], clientFor, PAGE, production),
    ).toBe('https://good.example');
    expect(sent.every((r) => r.url.includes('/api/gm/hii') && !r.url.includes('callback='))).toBe(true);
    sent.length = 0;
    expect(await dialDomains(['https://evil.test', 'javascript:alert(1)'], clientFor, PAGE, production)).toBe(
      undefined,
    );
    expect(sent).toEqual([]);
    expect(await dialDomains([], clientFor, PAGE, production)).toBeUndefined();
  });
});
