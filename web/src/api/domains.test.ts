import { afterEach, describe, expect, it, vi } from 'vitest';
import { type TrustConfig, trustedBackupLists } from '../security/policy';
import { everyContract } from '../test/contracts';
import { envelope, fakeTransport } from '../test/fakeTransport';
import { createClient } from './client';
import {
  BACKUP_DOMAINS_TIMEOUT_MS,
  DOMAIN_DIAL_TIMEOUT_MS,
  fetchBackupDomains,
  recoverApiBase,
} from './domains';
import { dialDomains } from './recovery';
import type { WireRequest } from './transport';

const PAGE = 'https://pay.example/recharge-list';
const production: TrustConfig = { dev: false, apiHosts: ['b.example', 'good.example'] };

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

  describe('time limits (5 s)', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    /** A client whose calls answer only once `ms` have passed (never when undefined). */
    const slowClient = (ms: number | undefined, base = '') =>
      createClient({
        contracts: everyContract,
        transport: {
          send: () =>
            new Promise((resolve) => {
              if (ms !== undefined)
                setTimeout(
                  () => resolve(envelope(JSON.stringify({ domains: { 'pay.example': ['b.example'] } }))),
                  ms,
                );
            }),
        },
        base: () => base,
        headers: () => ({}),
      });

    it('backup domains: an answer within 5 s is kept, none is waited for longer', async () => {
      vi.useFakeTimers();
      const inTime = fetchBackupDomains(slowClient(BACKUP_DOMAINS_TIMEOUT_MS - 1), PAGE, production);
      await vi.advanceTimersByTimeAsync(BACKUP_DOMAINS_TIMEOUT_MS - 1);
      expect(await inTime).toEqual({ 'pay.example': ['b.example'] });
      const never = fetchBackupDomains(slowClient(undefined), PAGE, production);
      await vi.advanceTimersByTimeAsync(BACKUP_DOMAINS_TIMEOUT_MS);
      expect(await never).toBeUndefined();
      expect(vi.getTimerCount()).toBe(0);
    });

    it('dialing answers undefined when no trusted base replies within 5 s', async () => {
      vi.useFakeTimers();
      const dialed = dialDomains(
        ['https://b.example'],
        (base) => slowClient(undefined, base),
        PAGE,
        production,
      );
      await vi.advanceTimersByTimeAsync(DOMAIN_DIAL_TIMEOUT_MS);
      expect(await dialed).toBeUndefined();
      expect(vi.getTimerCount()).toBe(0);
    });
  });

  describe('recovery from an API host that does not answer (its code loaded only then)', () => {
    afterEach(() => {
      vi.useRealTimers();
      vi.unstubAllGlobals();
      localStorage.clear();
    });

    it('loads its code and, with no stored replacement, dials nothing and answers false', async () => {
      const fetchSpy = vi.fn();
      vi.stubGlobal('fetch', fetchSpy);
      expect(await recoverApiBase()).toBe(false);
      expect(fetchSpy).not.toHaveBeenCalled();
    });

    it.each([
      ['cannot be fetched', () => Promise.reject(new Error('offline'))],
      ['never arrives', () => new Promise<never>(() => undefined)],
    ])('when its code %s: false after at most 5 s, nothing dialed or stored', async (_name, load) => {
      vi.useFakeTimers();
      const fetchSpy = vi.fn();
      vi.stubGlobal('fetch', fetchSpy);
      const outcome = recoverApiBase(load);
      await vi.advanceTimersByTimeAsync(DOMAIN_DIAL_TIMEOUT_MS);
      expect(await outcome).toBe(false);
      expect(fetchSpy).not.toHaveBeenCalled();
      expect(localStorage.getItem('topup.last_api_base')).toBeNull();
    });

    it('answers what the loaded code answers', async () => {
      const loaded = { recoverApiBase: async () => true } as unknown as typeof import('./recovery');
      expect(await recoverApiBase(async () => loaded)).toBe(true);
    });
  });
});
