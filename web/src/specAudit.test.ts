import { LIMITS } from '@topup/contracts';
import type { ChargePackage } from '@topup/contracts/entities';
import { Message } from '@topup/contracts/messages';
import { REALTIME, reconnectDelay } from '@topup/contracts/room/connection';
import { abTestKey } from '@topup/contracts/storage';
import { describe, expect, it, vi } from 'vitest';
import { createClient, type ErrorInfo } from './api/client';
import { chunkReport, EVENT_RETRIES } from './api/reportSender';
import { fallbackTarget } from './app/router';
import { pageViewId } from './features/pay/pageView';
import { cardAfterDelete, visibleSavedCards } from './features/pay/savedCards';
import { DEFAULT_SHEET } from './features/pay/walletSheet';
import { earlierTargets, trimHistory } from './features/recharge/history';
import { recommendedAmounts, visiblePackages } from './features/recharge/packages';
import { canConfirmSearch } from './features/recharge/searchRules';
import { shortCount } from './i18n/shortCount';
import { abGroup, inNewCheckout } from './payments/gray';
import { walletFailureNotice } from './payments/outcome';
import { expiresSoon, isCardExpired, parseExpiry } from './payments/providers/card/expiry';
import { validateCvv, validateHolder, validateNumber } from './payments/providers/card/validation';
import { BRIDGE } from './platform/bridge';
import { isNewerVersion, packageNameOf, versionNumber } from './platform/env';
import { paymentReturnOf, readUrlArgs, URL_ARG_NAMES } from './platform/urlArgs';
import { DOUBLE_TAP_MS, layoutOf } from './platform/viewport';
import { everyContract } from './test/contracts';
import { envelope, fakeTransport } from './test/fakeTransport';
import { TOAST_MS } from './ui/toast';

/**
 * The SPEC audit (docs/spec-audit.md) over the app's own modules: each rule's values written out as SPEC
 * states them, run through the functions the pages use.
 */

const pkg = (amount: number, newOnly = false): ChargePackage => ({
  amount,
  coin: amount * 100,
  icon: '',
  extra_coin: 0,
  origin_coin: amount * 100,
  recharge_id: `r${amount}`,
  pay_sub_types: [],
  new_user_only: newOnly,
  payItemDisplayMethods: [],
});

const target = (to_uid: number, last_fill_time: number) => ({
  to_uid,
  to_display_uid: String(10_000_000 + to_uid),
  to_nickname: '',
  to_icon: '',
  is_guest: false,
  uid: 1001,
  h5_deviceid: 'd',
  fill_times: 1,
  first_fill_time: 1,
  last_fill_time,
  status2: 0,
});

const card = (source_id: string, over: Partial<ReturnType<typeof baseCard>> = {}) => ({
  ...baseCard(source_id),
  ...over,
});
function baseCard(source_id: string) {
  return {
    source_id,
    last4: '4242',
    bin: '424242',
    to_uid: 1001,
    scheme: 'visa',
    fingerprint: `fp-${source_id}`,
    issuer_country: 'SA',
    card_valid_date: '12/30',
    is_bank_expire: 0,
    h5_deviceid: 'd',
    is_remember: 1,
    last_use_at: 1,
    login: 1,
    uid: 1001,
  };
}

describe('spec audit §2 screens', () => {
  it('recharge list: packages by amount ascending, new-user-only ones only for a new user', () => {
    const list = [pkg(9.99), pkg(0.99, true), pkg(4.99)];
    expect(visiblePackages(list, false).map((p) => p.amount)).toEqual([4.99, 9.99]);
    expect(visiblePackages(list, true).map((p) => p.amount)).toEqual([0.99, 4.99, 9.99]);
  });

  it('recommended amounts: non-numeric skipped, the extra first, the rest descending', () => {
    expect(
      recommendedAmounts({ extra_recommend: '9.99', recommends: ['abc', '0.99', '49.99', 19.99] }),
    ).toEqual([9.99, 49.99, 19.99, 0.99]);
  });

  it('@spec:rule.searchMin search confirm enabled from 5 characters', () => {
    expect(canConfirmSearch('1234')).toBe(false);
    expect(canConfirmSearch('12345')).toBe(true);
  });

  it('history: earlier targets most recent first without own; kept: own first plus at most 40 @spec:limit.history', () => {
    const list = Array.from({ length: 45 }, (_, i) => target(2000 + i, i));
    const own = target(1001, 0);
    expect(earlierTargets([own, ...list], 1001)[0]?.to_uid).toBe(2044);
    expect(earlierTargets([own, ...list], 1001).some((r) => r.to_uid === 1001)).toBe(false);
    const kept = trimHistory([...list, own], 1001);
    expect(kept[0]?.to_uid).toBe(1001);
    expect(kept).toHaveLength(41);
  });

  it('unknown path: the last route shown, or index, keeping the query @spec:limit.routes', () => {
    expect(fallbackTarget('?tab=2', '/fines')).toBe('/fines?tab=2');
    expect(fallbackTarget('?tab=2', '/')).toBe('/?tab=2');
  });

  it('desktop above 800 px; double-tap window 300 ms; toast 3000 ms', () => {
    expect(layoutOf(800)).toBe('mobile');
    expect(layoutOf(801)).toBe('desktop');
    expect(DOUBLE_TAP_MS).toBe(300);
    expect(TOAST_MS).toBe(3000);
  });
});

describe('spec audit §2 URL arguments', () => {
  const SPEC_ARGS =
    'session_key open_id room_id is_anchor from platform version_code is_debug api_base bundleid log tab jump_app_store info ticket bundle_id fb_id fb_token dt zp_orderid order_id zp_show test_zp_show zp_h5deviceid zp_pay_sub_type test_local test_update_date pageinfo jumpAppStore';

  it('every argument SPEC names is read, from the query and from the hash', () => {
    expect([...URL_ARG_NAMES]).toEqual(expect.arrayContaining(SPEC_ARGS.split(' ')));
    expect(readUrlArgs('', '#tab=2&fb_id=x')).toMatchObject({ tab: '2', fb_id: 'x' });
    expect(readUrlArgs('?tab=1', '')).toMatchObject({ tab: '1' });
  });

  it('a payment return needs zp_show=1 (or test_zp_show), an order id and a device id', () => {
    const base = { zp_orderid: 'o1', zp_h5deviceid: 'd1' };
    expect(paymentReturnOf({ ...base, zp_show: '1' })).toMatchObject({ orderId: 'o1', deviceId: 'd1' });
    expect(paymentReturnOf({ order_id: 'o2', zp_h5deviceid: 'd1', test_zp_show: '1' })?.orderId).toBe('o2');
    expect(paymentReturnOf({ ...base })).toBeUndefined();
    expect(paymentReturnOf({ zp_show: '1', zp_orderid: 'o1' })).toBeUndefined();
  });
});

describe('spec audit §5 rules', () => {
  const now = new Date('2026-11-21T09:00:00Z');

  it('@spec:rule.expiry MMYY normalised to MM/YY, cut to 5, bad format, minimum the current month', () => {
    expect(parseExpiry('1230', now)).toMatchObject({ ok: true, value: '12/30', valid: true });
    expect(parseExpiry('12/305', now)).toMatchObject({ ok: true, value: '12/30' });
    expect(parseExpiry('13/30', now)).toMatchObject({ ok: false, error: 'badDateFormat' });
    expect(parseExpiry('11/26', now)).toMatchObject({ ok: true, valid: true });
    expect(parseExpiry('10/26', now)).toMatchObject({ ok: true, valid: false });
    expect(parseExpiry('12/25', now)).toMatchObject({ ok: true, valid: false });
  });

  it('@spec:rule.expiry expired once 23:59:59 of the month has passed at +3 h', () => {
    expect(isCardExpired('11/26', new Date('2026-11-30T20:59:59Z'))).toBe(false);
    expect(isCardExpired('11/26', new Date('2026-11-30T21:00:00Z'))).toBe(true);
  });

  it('rule.expiringSoon: flagged within 60 days, not 1440', () => {
    expect(expiresSoon('12/26', now)).toBe(true);
    expect(expiresSoon('02/27', now)).toBe(false);
  });

  it('rule.holder: emoji and symbols stripped; 255 or more invalid; empty invalid', () => {
    expect(validateHolder('Reem 😀').ok).toBe(true);
    expect(validateHolder('😀$').ok).toBe(false);
    expect(validateHolder('a'.repeat(254)).ok).toBe(true);
    expect(validateHolder('a'.repeat(255)).ok).toBe(false);
  });

  it('rule.cvv: digits only; the message shows the required length', () => {
    expect(validateCvv('12a')).toMatchObject({ ok: false });
    const wrong = validateCvv('12');
    expect(wrong.ok).toBe(false);
    if (!wrong.ok) expect(wrong.message).toContain('3-4');
    expect(validateCvv('123').ok).toBe(true);
    expect(validateCvv('1234').ok).toBe(true);
  });

  it('@spec:rule.schemes provider 17 takes Visa and Mastercard only; Luhn failure invalid', () => {
    expect(validateNumber('4242 4242 4242 4242', 17).ok).toBe(true);
    expect(validateNumber('5555 5555 5555 4444', 17).ok).toBe(true);
    expect(validateNumber('3782 822463 10005', 17).ok).toBe(false);
    expect(validateNumber('4242 4242 4242 4241', 13).ok).toBe(false);
  });

  it('@spec:rule.savedCardsList remembered non-wallet cards, one per fingerprint, newest first, 3 shown', () => {
    const shown = visibleSavedCards([
      card('src_a', { last_use_at: 50 }),
      card('src_a_old', { fingerprint: 'fp-src_a', last_use_at: 10 }),
      card('apple_pay', { bin: '000000', last4: '0000', last_use_at: 99 }),
      card('src_forgot', { is_remember: 0, last_use_at: 98 }),
      card('src_b', { last_use_at: 40 }),
      card('src_c', { last_use_at: 30 }),
      card('src_d', { last_use_at: 20 }),
    ]);
    expect(shown.map((c) => c.source_id)).toEqual(['src_a', 'src_b', 'src_c']);
  });

  it('@spec:rule.grayRelease new checkout: score under cko_new_rate, or the uid whitelisted', () => {
    const config = { cko_new_rate: 30, cko_new_whitelist: [1001] };
    expect(inNewCheckout(29, config, undefined)).toBe(true);
    expect(inNewCheckout(30, config, undefined)).toBe(false);
    expect(inNewCheckout(99, config, 1001)).toBe(true);
  });

  it('@spec:rule.abScores ratios above 100 rescaled; whitelist first; stored under abtest_<id>', () => {
    expect(abGroup(49, { A: 100, B: 100 }, 'none')).toBe('A');
    expect(abGroup(50, { A: 100, B: 100 }, 'none')).toBe('B');
    expect(abGroup(0, { A: 100 }, 'none', { uid: 7, byGroup: { B: [7] } })).toBe('B');
    // The app's keys all carry its prefix `topup.` (README: departs from SPEC on purpose).
    expect(abTestKey('cko_new')).toBe('topup.abtest_cko_new');
  });
});

describe('spec audit §4, §7, §8, §9', () => {
  it('@spec:page.update website_version without dots compared as an integer', () => {
    expect(versionNumber('1.0.333')).toBe(10333);
    expect(isNewerVersion('1.0.334', '1.0.333')).toBe(true);
    expect(isNewerVersion('1.0.333', '1.0.333')).toBe(false);
  });

  it('x-cli-pn by page host, ksa by default', () => {
    expect(packageNameOf('pay.example.com')).toBe('ksa');
    expect(packageNameOf('ludo.example.com')).toBe('ludo');
  });

  it('error reports split into 50 chunks of 300; events retried 3 more times', () => {
    expect(chunkReport('x'.repeat(300 * 51))).toHaveLength(50);
    expect(chunkReport('x'.repeat(301)).map((c) => c.length)).toEqual([300, 1]);
    expect(EVENT_RETRIES).toBe(3);
  });

  it('§9 time limits: API 60 s, bridge 5 s, batch 5000 ms, wallet 15 s + one retry, button 60 s', () => {
    expect(LIMITS).toMatchObject({
      apiMs: 60_000,
      bridgeCallMs: 5_000,
      batchMs: 5_000,
      backupDomainsMs: 5_000,
      domainDialMs: 5_000,
      walletSessionMs: 15_000,
      walletSessionTries: 2,
      resultPollMs: 500,
      resultPollTries: 100,
      savedCardsPollMs: 2_000,
      savedCardsTries: 15,
    });
  });

  it('§9 bridge: poll 16 ms x 50, call 5 s, user info 1 s, wrapApi2 from 30507', () => {
    expect(BRIDGE).toMatchObject({
      pollIntervalMs: 16,
      pollTries: 50,
      callTimeoutMs: 5_000,
      userInfoWaitMs: 1_000,
      wrapApi2MinVersionCode: 30_507,
    });
  });

  it('§9 realtime: heartbeat 15 s, receive time-out 121 s, reconnect 1 s x 8', () => {
    expect(REALTIME).toMatchObject({
      heartbeatIdleMs: 15_000,
      receiveTimeoutMs: 121_000,
      defaultTimeoutMs: 5_000,
    });
    expect(reconnectDelay(1)).toBe(1_000);
    expect(reconnectDelay(8)).toBe(1_000);
    expect(reconnectDelay(9)).toBeNull();
    expect(REALTIME.waitTableMs).toEqual([250, 250, 250, 500, 500, 1000, 1000, 1000]);
  });

  it('§9 page-view id kept for 20 minutes, then a fresh one @spec:limit.pageView', () => {
    vi.useFakeTimers();
    try {
      // The product's own calls (no time given): the device clock, here a fake one.
      vi.setSystemTime(new Date('2030-01-01T10:00:00Z'));
      const first = pageViewId();
      vi.setSystemTime(new Date('2030-01-01T10:19:59.999Z'));
      expect(pageViewId()).toBe(first);
      // Asking for it does not extend it: 20 minutes after it was made, not after its last use.
      vi.setSystemTime(new Date('2030-01-01T10:20:00Z'));
      const second = pageViewId();
      expect(second).not.toBe(first);
      expect(second).toMatch(/^pv_[0-9a-f]{16}$/);
      vi.setSystemTime(new Date('2030-01-01T10:39:59Z'));
      expect(pageViewId()).toBe(second);
      vi.setSystemTime(new Date('2030-01-01T10:40:01Z'));
      expect(pageViewId()).not.toBe(second);
      // A clock set back starts a fresh one rather than keeping the id until the clock catches up.
      const later = pageViewId();
      vi.setSystemTime(new Date('2030-01-01T10:30:00Z'));
      expect(pageViewId()).not.toBe(later);
    } finally {
      vi.useRealTimers();
    }
  });

  it('§4 wallet default failure is said after 1.2 s (in the result panel: README), a cancel at once', () => {
    expect(walletFailureNotice('default').delayMs).toBe(1200);
    expect(walletFailureNotice('userCancel')).toMatchObject({ text: 'pay.walletUserCancel', delayMs: 0 });
  });

  it('§9 wallet sheet: HK, USD, visa, masterCard, chinaUnionPay', () => {
    expect(DEFAULT_SHEET).toMatchObject({
      countryCode: 'HK',
      currencyCode: 'USD',
      supportedNetworks: ['visa', 'masterCard', 'chinaUnionPay'],
    });
  });

  it('§9 count display: W above 10000 live, K/M elsewhere @spec:limit.countW', () => {
    expect(shortCount(10_000, 'live')).toBe('10,000');
    expect(shortCount(12_345, 'live')).toBe('1.2W');
    expect(shortCount(14_000, 'elsewhere')).toBe('14K');
    expect(shortCount(1_250_000, 'elsewhere')).toBe('1.2M');
  });

  it('@spec:pay.deleteCard after a delete: the current card if kept, else the first usable, else none', () => {
    const now = new Date('2026-11-21T09:00:00Z');
    const expired = card('src_old', { card_valid_date: '01/26' });
    const bank = card('src_bank', { is_bank_expire: 1 });
    const good = card('src_good');
    expect(cardAfterDelete([expired, good], 'src_good', now, undefined)?.source_id).toBe('src_good');
    expect(cardAfterDelete([expired, bank, good], 'src_gone', now, undefined)?.source_id).toBe('src_good');
    expect(cardAfterDelete([expired, bank], 'src_gone', now, undefined)).toBeUndefined();
  });

  it('§8 a non-zero result reaches the global handler with result, its Arabic message and path, never the params', async () => {
    const seen: ErrorInfo[] = [];
    const fake = fakeTransport(() => envelope(null, 20001, 'banned'));
    const client = createClient({
      contracts: everyContract,
      transport: fake.transport,
      base: () => '',
      headers: () => ({}),
      onError: (info) => seen.push(info),
    });
    await client.call('checkDisplayId', { display_id: '10000003', source: 1 });
    expect(seen).toEqual([
      { result: 20001, message: Message.banned, path: '/api/web/check_display_id/', call: 'checkDisplayId' },
    ]);
  });
});
