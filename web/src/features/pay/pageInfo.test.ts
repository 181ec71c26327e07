import { describe, expect, it } from 'vitest';
import { handOverSessionKey } from '../../security/handOver';
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
  it('moves only to a configured host other than this one @spec:pay.domainCheck', () => {
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
