import { describe, expect, it } from 'vitest';
import { handOverChosen, handOverOwnAccount, handOverSessionKey } from '../../security/handOver';
import { type PageInfo, pageInfoUrl } from './pageInfo';

const info: PageInfo = {
  h5_deviceid: 'h5_0123',
  session_key: 'sk-10000001',
  user: { uid: 1001, display_uid: '10000001', nickname: 'ريم', icon: '' },
  to_uid: 1001,
  history: [],
  charge: { recharge_id: 'rc_499', pay_type: 26 },
};
const page = { protocol: 'https:', host: 'a.example', pathname: '/pay-step', search: '?pay_type=26' };

describe('the #pageinfo hand-over (issue 11)', () => {
  it('moves only to a configured host other than this one', () => {
    expect(pageInfoUrl(page, 'b.example', info, ['b.example'])).toMatch(
      /^https:\/\/b\.example\/pay-step\?pay_type=26#pageinfo=/,
    );
    expect(pageInfoUrl(page, 'evil.test', info, ['b.example'])).toBeUndefined();
    expect(pageInfoUrl(page, 'b.example@evil.test', info, ['b.example'])).toBeUndefined();
    expect(pageInfoUrl(page, 'a.example', info, ['a.example'])).toBeUndefined();
  });

  it.each([
    ['a valid hand-over', `#pageinfo=${encodeURIComponent(JSON.stringify(info))}`, 'sk-10000001'],
    [
      'no session key',
      `#pageinfo=${encodeURIComponent(JSON.stringify({ ...info, session_key: undefined }))}`,
      undefined,
    ],
    [
      'an empty key',
      `#pageinfo=${encodeURIComponent(JSON.stringify({ ...info, session_key: '' }))}`,
      undefined,
    ],
    ['not JSON', '#pageinfo=%7Bnope', undefined],
    [
      'a key of another type',
      `#pageinfo=${encodeURIComponent(JSON.stringify({ session_key: 5 }))}`,
      undefined,
    ],
    [
      'a key with markup',
      `#pageinfo=${encodeURIComponent(JSON.stringify({ session_key: '<x>' }))}`,
      undefined,
    ],
    ['an array', `#pageinfo=${encodeURIComponent('["sk-1"]')}`, undefined],
    ['no hand-over', '#x=1', undefined],
  ])('of the hand-over only the session key is used: %s', (_name, hash, key) => {
    expect(handOverSessionKey(hash)).toBe(key);
  });
});

describe("the hand-over's word that the account was the visitor's own", () => {
  const config = { dev: false, apiHosts: ['pay.example.com'] };
  const page = 'https://pay.example.com/pay-step?recharge_id=rc_499&pay_type=26&to_uid=1001';
  const hash = (extra: Record<string, unknown>) =>
    `#pageinfo=${encodeURIComponent(JSON.stringify({ ...info, ...extra }))}`;
  const own = hash({ own: { uid: 1001, login_type: 'account' } });

  it.each([
    [
      'a page of this app (an API host of the build)',
      'https://pay.example.com/',
      own,
      { uid: 1001, loginType: 'account' },
    ],
    ['the mock: 127.0.0.1 to localhost', 'http://127.0.0.1:8787/', own, { uid: 1001, loginType: 'account' }],
    // Another program on the same machine (the attacker review: a page on another loopback port).
    ['another loopback port', 'http://127.0.0.1:18433/', own, undefined],
    ['loopback without a port, to a page with one', 'http://127.0.0.1/', own, undefined],
    ['no referrer (a link opened from a mail, typed, or a no-referrer page)', '', own, undefined],
    ["a stranger's page", 'https://evil.example/', own, undefined],
    ['a look-alike host', 'https://pay.example.com.evil.example/', own, undefined],
    ['no word', 'https://pay.example.com/', hash({}), undefined],
    [
      'an unknown login type',
      'https://pay.example.com/',
      hash({ own: { uid: 1001, login_type: 'root' } }),
      undefined,
    ],
    [
      'a uid that is no account',
      'https://pay.example.com/',
      hash({ own: { uid: -1, login_type: 'link' } }),
      undefined,
    ],
    [
      'no session key',
      'https://pay.example.com/',
      `#pageinfo=${encodeURIComponent('{"own":{"uid":1,"login_type":"link"}}')}`,
      undefined,
    ],
  ])('%s', (_name, referrer, at, expected) => {
    const pageHref = referrer.startsWith('http://127') ? 'http://localhost:8787/pay-step' : page;
    expect(handOverOwnAccount(at, referrer, pageHref, config)).toEqual(expected);
  });
});

describe("the hand-over's word that the step's choices were the visitor's (not a link's)", () => {
  const config = { dev: false, apiHosts: ['pay.example.com'] };
  const page = 'https://pay.example.com/pay-step?recharge_id=rc_499&pay_type=26&to_uid=1001';
  const hash = (extra: Record<string, unknown>) =>
    `#pageinfo=${encodeURIComponent(JSON.stringify({ ...info, ...extra }))}`;

  it.each([
    ["this app's page, a step the visitor chose", 'https://pay.example.com/', hash({ chosen: true }), true],
    ["this app's page, a link's step (no word)", 'https://pay.example.com/', hash({}), false],
    ["a stranger's page saying it was chosen", 'https://evil.example/', hash({ chosen: true }), false],
    ['no referrer', '', hash({ chosen: true }), false],
    ['a word that is not true itself', 'https://pay.example.com/', hash({ chosen: 'true' }), false],
    ['page info that is no JSON', 'https://pay.example.com/', '#pageinfo=%7Bnope', false],
  ])('%s', (_name, referrer, at, expected) => {
    expect(handOverChosen(at, referrer, page, config)).toBe(expected);
  });
});
