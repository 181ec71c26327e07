import { describe, expect, it, vi } from 'vitest';
import { createClient } from '../api/client';
import { browserTransport } from '../api/transport';
import { loadScript } from '../features/login/sdk';
import { TERMS_URL } from '../platform/env';
import { PRIVACY_URL } from '../platform/privacy';
import { everyContract } from '../test/contracts';
import { scrubbedUrl } from './addressBar';
import { THIRD_PARTY_SCRIPT_HOSTS } from './inventory';
import { checkNavigation, navigationTrustFrom, scriptAllowed } from './outbound';
import { type TrustConfig, trustedApiBase } from './policy';

const PAGE = 'https://pay.example:443/pay-step?recharge_id=rc_1';
const production = navigationTrustFrom({ VITE_WALLET_HOSTS: 'wallet.example' }, false);

describe('navigation targets taken from data', () => {
  it.each([
    ['a store link', 'https://apps.apple.com/app/id1', true],
    ['a provider sub-domain', 'https://checkoutshopper-live.adyen.com/redirect', true],
    ['the configured wallet domain', 'https://wallet.example/pay-step?x=1', true],
    ['the page itself, relative', '/recharge-list?zp_show=1', true],
    ['the page itself, absolute', 'https://pay.example/privacy.html', true],
    ['javascript:', 'javascript:alert(document.cookie)', false],
    ['javascript: with case and spaces', ' JaVaScRiPt:alert(1)', false],
    ['javascript: with a tab inside', 'java\tscript:alert(1)', false],
    ['data:', 'data:text/html,<script>alert(1)</script>', false],
    ['blob:', 'blob:https://pay.example/1', false],
    ['vbscript:', 'vbscript:msgbox(1)', false],
    ['a foreign host', 'https://evil.test/', false],
    ['a look-alike host', 'https://apps.apple.com.evil.test/', false],
    ['a suffix without the dot', 'https://evil-adyen.com/', false],
    ['credentials before a trusted host', 'https://apps.apple.com@evil.test/', false],
    ['user info on a trusted host', 'https://u:p@apps.apple.com/', false],
    ['http to a configured host', 'http://apps.apple.com/app', false],
    ['a protocol-relative foreign host', '//evil.test/x', false],
    ['backslashes', 'https:\\\\evil.test', false],
    ['a configured host on another port', 'https://wallet.example:8443/', false],
    ['empty', '', false],
  ])('%s', (_name, target, allowed) => {
    expect(checkNavigation(target, PAGE, production).ok).toBe(allowed);
  });

  it('loopback http is allowed only for configured loopback hosts on the page port', () => {
    const mock = navigationTrustFrom({}, false);
    const page = 'http://127.0.0.1:8080/pay-step';
    expect(checkNavigation('http://localhost:8080/pay-step', page, mock).ok).toBe(true);
    expect(checkNavigation('http://localhost:9999/', page, mock).ok).toBe(false);
    expect(checkNavigation('http://127.0.0.1:9999/', page, mock).ok).toBe(false);
  });

  // The attacker review: a server's store link or order url to this app carrying a sign-in, followed from this
  // page, would arrive from this app's own page; only the wallet move carries its hand-over there.
  it.each([
    ['the page with a #pageinfo hand-over', 'https://pay.example/recharge-list#pageinfo=%7B%7D', false],
    ['the page, relative, with a #pageinfo', '/recharge-list#pageinfo={"own":1}', false],
    ['the page with an encoded argument name', '/recharge-list#page%69nfo=x', false],
    ['the page with a session_key', '/recharge-list?session_key=sk-10000010', false],
    ['the page with a ticket in a hash route', '/#/pay?ticket=t-1', false],
    ['the page with a Facebook hand-over', '/pay#fb_id=1&fb_token=t', false],
    ['a wallet domain with a hand-over', 'https://wallet.example/pay-step#pageinfo=x', false],
    ['an API host (also a link host) with a session_key', 'https://api.example/?session_key=sk-1', false],
    ['the page with other arguments', '/recharge-list?tab=1#info=x', true],
    ['a store carrying such a name (not this app)', 'https://apps.apple.com/app/id1?ticket=1', true],
  ])('a sign-in to this app: %s', (_name, target, allowed) => {
    const config = navigationTrustFrom(
      {
        VITE_WALLET_HOSTS: 'wallet.example',
        VITE_API_HOSTS: 'api.example',
        VITE_NAVIGATION_HOSTS: 'api.example',
      },
      false,
    );
    expect(checkNavigation(target, PAGE, config)).toEqual(
      allowed ? expect.objectContaining({ ok: true }) : { ok: false, reason: 'signIn' },
    );
  });

  it("the wallet domain move's own hand-over passes; on the mock's loopback alias only then", () => {
    const mock = navigationTrustFrom({}, false);
    const page = 'http://127.0.0.1:8080/pay-step';
    const move = 'http://localhost:8080/pay-step?pay_type=26#pageinfo=%7B%7D';
    expect(checkNavigation(move, page, mock, true).ok).toBe(true);
    expect(checkNavigation(move, page, mock)).toEqual({ ok: false, reason: 'signIn' });
    expect(checkNavigation('/recharge-list#pageinfo=x', page, mock)).toEqual({ ok: false, reason: 'signIn' });
    expect(checkNavigation('https://wallet.example/#pageinfo=x', PAGE, production, true).ok).toBe(true);
  });

  it("the build's own documents pass", () => {
    expect(checkNavigation(TERMS_URL, PAGE, production).ok).toBe(true);
    expect(checkNavigation(PRIVACY_URL, PAGE, production).ok).toBe(true);
  });
});

describe('API bases', () => {
  const config: TrustConfig = {
    dev: false,
    apiHosts: ['api.example', 'alt.example:8443'],
  };
  it.each([
    ['the page origin', 'https://pay.example/', ''],
    ['a path', '/v2/', '/v2'],
    ['a configured host', 'https://api.example', 'https://api.example'],
    ['a configured host and port', 'https://alt.example:8443/', 'https://alt.example:8443'],
    ['a configured host on another port', 'https://api.example:444', undefined],
    ['a foreign host', 'https://evil.test', undefined],
    ['a foreign host, protocol-relative', '//evil.test', undefined],
    ['http to a configured host', 'http://api.example', undefined],
    ['a query', 'https://api.example/?x=1', undefined],
    ['javascript:', 'javascript:alert(1)', undefined],
  ])('production: %s', (_name, raw, base) => {
    expect(trustedApiBase(raw, PAGE, config)).toBe(base);
  });

  it('development: any http(s) host, never another scheme', () => {
    const dev = { ...config, dev: true };
    expect(trustedApiBase('http://10.0.0.5:8080/', PAGE, dev)).toBe('http://10.0.0.5:8080');
    expect(trustedApiBase('data:text/plain,x', PAGE, dev)).toBeUndefined();
  });
});

describe('script sources', () => {
  it.each([
    ['the page', '/assets/index.js', true],
    ['Frames', 'https://cdn.checkout.com/js/framesv2.min.js', true],
    ['Google', 'https://accounts.google.com/gsi/client', true],
    ['a foreign host', 'https://evil.test/x.js', false],
    ['http to a listed host', 'http://cdn.checkout.com/js/framesv2.min.js', false],
    ['data:', 'data:text/javascript,alert(1)', false],
  ])('%s', (_name, src, allowed) => {
    expect(scriptAllowed(src, PAGE, THIRD_PARTY_SCRIPT_HOSTS)).toBe(allowed);
  });

  it('the SDK loader refuses a script from a host outside the inventory, adding nothing', async () => {
    expect(await loadScript('https://evil.test/sdk.js', 50)).toBe(false);
    expect(await loadScript('javascript:alert(1)', 50)).toBe(false);
    expect(document.querySelectorAll('script')).toHaveLength(0);
  });

  it('JSONP is refused by the client, with nothing sent and no script added', async () => {
    const fetchSpy = vi.fn(() => Promise.reject(new Error('nothing may be sent')));
    vi.stubGlobal('fetch', fetchSpy);
    try {
      const client = createClient({
        contracts: everyContract,
        transport: browserTransport(),
        base: () => 'https://evil.test',
        headers: () => ({}),
      });
      const answer = await client.call('h5Info', { callback: 'cb' });
      expect(answer).toMatchObject({ ok: false, result: -3 });
      expect(fetchSpy).not.toHaveBeenCalled();
      expect(document.querySelectorAll('script')).toHaveLength(0);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('the address bar after sign-in', () => {
  it.each([
    ['session_key', 'https://p.example/pay?session_key=sk-1&tab=1', '/pay?tab=1'],
    ['ticket and bundle', 'https://p.example/?ticket=tk&bundle_id=b', '/?bundle_id=b'],
    ['hash facebook', 'https://p.example/login#fb_id=1&fb_token=t&x=1', '/login#x=1'],
    ['hash route', 'https://p.example/#/pay?session_key=s&tab=2', '/#/pay?tab=2'],
    ['pageinfo', 'https://p.example/pay-step?a=1#pageinfo=%7B%7D', '/pay-step?a=1'],
    [
      'the rest of a changed query and hash',
      'https://p.example/pay?a=b%20c&ticket=t#x=%2F&fb_token=t',
      '/pay?a=b+c#x=%2F',
    ],
    ['only the hash secret', 'https://p.example/pay?a=b%20c#fb_id=1&fb_token=t', '/pay?a=b%20c'],
    ['nothing secret', 'https://p.example/pay?tab=1#main', undefined],
  ])('%s', (_name, href, scrubbed) => {
    expect(scrubbedUrl(href)).toBe(scrubbed);
  });
});
