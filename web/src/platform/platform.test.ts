import { StorageKeys } from '@topup/contracts/storage';
import { createStore } from 'jotai/vanilla';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { digitsOnly, normaliseDigits } from './digits';
import { apiBaseOf, isNewerVersion, packageNameOf, reloadUrlWithDt, versionNumber } from './env';
import { newUuid } from './ids';
import { payIntentSearch } from './payIntent';
import { readPayIntent } from './payIntentSchema';
import { randomScore } from './score';
import { atomWithValidatedStorage, readKey, writeKey } from './storage';
import { isDebugArg, paymentReturnOf, readUrlArgs, versionCodeArg } from './urlArgs';
import { blockZoom, DOUBLE_TAP_MS, layoutOf, trackLayout } from './viewport';

afterEach(() => localStorage.clear());

describe('digits', () => {
  it('normalises Arabic-Indic and Eastern Arabic-Indic digits', () => {
    expect(normaliseDigits('٠١٢٣٤٥٦٧٨٩')).toBe('0123456789');
    expect(normaliseDigits('۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789');
    expect(digitsOnly('١٢ 3-4')).toBe('1234');
  });
});

describe('URL arguments', () => {
  it('reads the query and the hash, the query winning', () => {
    const args = readUrlArgs('?tab=2&session_key=a&unknown=1', '#/x?tab=1&pageinfo=p&fb_id=f');
    expect(args).toEqual({ tab: '2', session_key: 'a', pageinfo: 'p', fb_id: 'f' });
    expect(readUrlArgs('', '#fb_id=1&fb_token=2')).toEqual({ fb_id: '1', fb_token: '2' });
  });

  it.each([
    ['?zp_show=1&zp_orderid=o1&zp_h5deviceid=d', { orderId: 'o1', deviceId: 'd', paySubType: undefined }],
    [
      '?test_zp_show=1&order_id=o2&zp_h5deviceid=d&zp_pay_sub_type=27',
      { orderId: 'o2', deviceId: 'd', paySubType: '27' },
    ],
    ['?zp_show=1&zp_orderid=o1', undefined],
    ['?zp_show=0&zp_orderid=o1&zp_h5deviceid=d', undefined],
    ['?zp_orderid=o1&zp_h5deviceid=d', undefined],
  ])('payment return of %s', (search, expected) => {
    expect(paymentReturnOf(readUrlArgs(search, ''))).toEqual(expected);
  });

  // A link is hostile: only a plain positive integer of at most 9 digits is the app's version code.
  it.each([
    ['30507', 30507],
    ['1', 1],
    ['999999999', 999999999],
    ['1000000000', undefined],
    ['0', undefined],
    ['030507', undefined],
    ['-30507', undefined],
    ['+30507', undefined],
    ['3e5', undefined],
    ['0x7735', undefined],
    ['30507.0', undefined],
    [' 30507', undefined],
    ['30507\n', undefined],
    ['٣٠٥٠٧', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('version_code %j reads as %j', (arg, expected) => {
    expect(versionCodeArg(arg === undefined ? {} : { version_code: arg })).toBe(expected);
  });

  it('reads is_debug', () => {
    expect(isDebugArg({ is_debug: '1' })).toBe(true);
    expect(isDebugArg({ is_debug: '0' })).toBe(false);
    expect(isDebugArg({})).toBe(false);
  });
});

describe('environment', () => {
  it('compares website versions without dots as integers', () => {
    expect(versionNumber('1.0.333')).toBe(10333);
    expect(isNewerVersion('1.0.334')).toBe(true);
    expect(isNewerVersion('1.0.333')).toBe(false);
    expect(isNewerVersion('1.0.33')).toBe(false);
    expect(isNewerVersion('garbage')).toBe(false);
  });

  it('reloads with a fresh dt', () => {
    expect(reloadUrlWithDt('http://h/recharge-list?a=1&dt=5#x', 99)).toBe(
      'http://h/recharge-list?a=1&dt=99#x',
    );
  });

  it.each([
    ['no is_debug', { api_base: 'http://x.test/' }, undefined, true, ''],
    [
      'development: any http(s) host',
      { is_debug: '1', api_base: 'http://x.test/' },
      undefined,
      true,
      'http://x.test',
    ],
    ['production: a foreign host', { is_debug: '1', api_base: 'https://x.test/' }, undefined, false, ''],
    // Issue 27, finding 8: no API-base switch at all in a production build, not even to a trusted host.
    [
      'production: a configured host',
      { is_debug: '1', api_base: 'https://api.example/' },
      undefined,
      false,
      '',
    ],
    ['production: loopback', { is_debug: '1', api_base: 'http://localhost/' }, undefined, false, ''],
    ['production: a path on the page', { is_debug: '1', api_base: '/api2/' }, undefined, false, ''],
    ['development: a path on the page', { is_debug: '1', api_base: '/api2/' }, undefined, true, '/api2'],
    ['a script URL', { is_debug: '1', api_base: 'javascript:alert(1)' }, '/api2', true, '/api2'],
    ['production: a stored foreign base', {}, 'https://evil.test', false, ''],
    ['development: a stored foreign base', {}, 'https://evil.test', true, ''],
    ['a stored configured base', {}, 'https://api.example/', false, 'https://api.example'],
  ] as const)('api_base: %s', (_name, args, stored, dev, base) => {
    const config = { dev, apiHosts: ['api.example'], navigationHosts: [] };
    expect(apiBaseOf(args, stored, 'https://pay.example/recharge-list', config)).toBe(base);
  });

  it('names the package by host, ksa by default', () => {
    expect(packageNameOf('127.0.0.1:8080')).toBe('ksa');
    expect(packageNameOf('pay.ludo.example.com')).toBe('ludo');
  });

  it.each([
    ['ludo.example.com', 'ludo'],
    ['a.are.b', 'are'],
    ['okey.x', 'okey'],
    ['pay.live.example:8443', 'live'],
    ['live.ludo.example', 'ludo'],
    ['are.live.x', 'live'],
    ['xludo.example', 'ksa'],
    ['share.example', 'ksa'],
    ['example.ludo', 'ksa'],
    ['ludo', 'ksa'],
  ])(
    'host %s is package %s (a whole label followed by another; ludo, live, are, okey in that order)',
    (host, name) => {
      expect(packageNameOf(host)).toBe(name);
    },
  );

  it('switches to desktop above 800 px', () => {
    expect(layoutOf(800)).toBe('mobile');
    expect(layoutOf(801)).toBe('desktop');
  });
});

describe('typed storage', () => {
  it('reads a valid value and drops a corrupt or wrongly shaped one', () => {
    writeKey(StorageKeys.payTargetUid, 1002);
    expect(readKey(StorageKeys.payTargetUid)).toBe(1002);
    localStorage.setItem(StorageKeys.payTargetUid, '{not json');
    expect(readKey(StorageKeys.payTargetUid)).toBeUndefined();
    expect(localStorage.getItem(StorageKeys.payTargetUid)).toBeNull();
    localStorage.setItem(
      StorageKeys.lastPayCard,
      JSON.stringify({
        source_id: 's',
        bin: '424242',
        last4: '4242',
        scheme: 'visa',
        number: '4242424242424242',
      }),
    );
    expect(readKey(StorageKeys.lastPayCard)).toBeUndefined();
  });

  it('backs an atom that validates what it reads', () => {
    localStorage.setItem(StorageKeys.loginType, JSON.stringify('hacker'));
    const loginType = atomWithValidatedStorage(StorageKeys.loginType);
    const store = createStore();
    expect(store.get(loginType)).toBeUndefined();
    store.set(loginType, 'account');
    expect(localStorage.getItem(StorageKeys.loginType)).toBe('"account"');
    store.set(loginType, undefined);
    expect(localStorage.getItem(StorageKeys.loginType)).toBeNull();
  });

  it('follows other tabs through the storage event while mounted, validated, and stops when unmounted', () => {
    const loginType = atomWithValidatedStorage(StorageKeys.loginType);
    const store = createStore();
    expect(store.get(loginType)).toBeUndefined();
    // Written between creation and mount: the mount reads it again.
    localStorage.setItem(StorageKeys.loginType, JSON.stringify('account'));
    const seen: unknown[] = [];
    const unsubscribe = store.sub(loginType, () => seen.push(store.get(loginType)));
    expect(store.get(loginType)).toBe('account');
    const otherTab = (value: string | null, key: string = StorageKeys.loginType) => {
      if (value === null) localStorage.removeItem(key);
      else localStorage.setItem(key, value);
      window.dispatchEvent(new StorageEvent('storage', { key, newValue: value }));
    };
    otherTab(JSON.stringify('social'));
    expect(store.get(loginType)).toBe('social');
    otherTab(JSON.stringify('hacker'));
    expect(store.get(loginType)).toBeUndefined();
    expect(localStorage.getItem(StorageKeys.loginType)).toBeNull();
    otherTab(JSON.stringify('account'));
    otherTab(JSON.stringify(1002), StorageKeys.payTargetUid);
    expect(store.get(loginType)).toBe('account');
    unsubscribe();
    otherTab(JSON.stringify('social'));
    expect(store.get(loginType)).toBe('account');
    expect(seen).toEqual(['account', 'social', undefined, 'account']);
  });

  it('takes an updater function over the current value and writes its result', () => {
    writeKey(StorageKeys.payTargetUid, 1001);
    const uid = atomWithValidatedStorage(StorageKeys.payTargetUid);
    const store = createStore();
    store.set(uid, (previous) => (previous ?? 0) + 1);
    expect(store.get(uid)).toBe(1002);
    expect(readKey(StorageKeys.payTargetUid)).toBe(1002);
  });
});

describe('pay intent hand-over', () => {
  it('round-trips through the query and keeps other arguments', () => {
    const search = payIntentSearch({ recharge_id: 'rc_999', pay_type: 23, to_uid: 1002 }, '?session_key=sk');
    expect(search).toBe('?session_key=sk&recharge_id=rc_999&pay_type=23&to_uid=1002');
    expect(readPayIntent(search)).toEqual({ recharge_id: 'rc_999', pay_type: 23, to_uid: 1002 });
    expect(readPayIntent('?recharge_id=x')).toBeUndefined();
  });

  // SPEC §5: a user id is digits only, of a bounded length. A link is hostile: nothing a number parser would
  // also read (hex, exponents, decimals, signs, blanks) names an account.
  it.each([
    ['1001', 1001],
    ['10000001', 10000001],
    ['999999999999', 999999999999],
    ['0x3E9', undefined],
    ['1e3', undefined],
    ['1001.0', undefined],
    [' 1001', undefined],
    ['+1001', undefined],
    ['-5', undefined],
    ['0', undefined],
    ['01001', undefined],
    ['١٠٠١', undefined],
    ['1234567890123', undefined],
    ['', undefined],
  ])('to_uid=%j reads as %j', (toUid, expected) => {
    const intent = readPayIntent(`?recharge_id=rc_499&pay_type=23&to_uid=${encodeURIComponent(toUid)}`);
    expect(intent?.to_uid).toBe(expected);
  });
});

describe('AB scores', () => {
  it.each([
    [[0], 0],
    [[99], 99],
    [[100], 0],
    [[199], 99],
    [[200, 7], 7],
    [[255, 254, 200, 150], 50],
  ])('bytes %j give %i', (bytes, score) => {
    const queue = [...bytes];
    expect(randomScore(() => queue.shift() ?? 0)).toBe(score);
    expect(queue).toEqual([]);
  });

  it('maps the accepted bytes 0–199 onto 0–99 exactly twice each', () => {
    const counts = new Array<number>(100).fill(0);
    for (let byte = 0; byte < 200; byte++) {
      const score = randomScore(() => byte);
      counts[score] = (counts[score] ?? 0) + 1;
    }
    expect(new Set(counts)).toEqual(new Set([2]));
  });
});

describe('layout and zoom', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps data-layout in step with the window width', () => {
    let matches = false;
    let onChange: (() => void) | undefined;
    const matchMedia = vi.fn((query: string) => ({
      get matches() {
        return matches;
      },
      query,
      addEventListener: (_type: string, listener: () => void) => {
        onChange = listener;
      },
    }));
    vi.stubGlobal('matchMedia', matchMedia);
    const root = document.createElement('html');
    trackLayout(root);
    expect(matchMedia).toHaveBeenCalledWith('(min-width: 801px)');
    expect(root.getAttribute('data-layout')).toBe('mobile');
    matches = true;
    onChange?.();
    expect(root.getAttribute('data-layout')).toBe('desktop');
  });

  /** A cancelable touch event with `fingers` touches at `at` ms, the finger lifted at `where`. */
  function touch(type: string, fingers: number, at: number, where = { x: 100, y: 700 }): Event {
    const event = new Event(type, { cancelable: true });
    Object.defineProperty(event, 'touches', { value: { length: fingers } });
    Object.defineProperty(event, 'changedTouches', {
      value: { length: 1, 0: { clientX: where.x, clientY: where.y } },
    });
    Object.defineProperty(event, 'timeStamp', { value: at });
    return event;
  }

  it('blocks pinch (two fingers), a second tap on the same spot within 300 ms and the gesture events', () => {
    const page = document.implementation.createHTMLDocument();
    blockZoom(page);
    const pinch = touch('touchstart', 2, 0);
    const scroll = touch('touchstart', 1, 0);
    page.dispatchEvent(pinch);
    page.dispatchEvent(scroll);
    expect([pinch.defaultPrevented, scroll.defaultPrevented]).toEqual([true, false]);

    const first = touch('touchend', 0, 10_000);
    const second = touch('touchend', 0, 10_000 + DOUBLE_TAP_MS, { x: 110, y: 690 });
    const later = touch('touchend', 0, 10_000 + 3 * DOUBLE_TAP_MS);
    for (const event of [first, second, later]) page.dispatchEvent(event);
    expect([first.defaultPrevented, second.defaultPrevented, later.defaultPrevented]).toEqual([
      false,
      true,
      false,
    ]);

    const gesture = new Event('gesturestart', { cancelable: true });
    page.dispatchEvent(gesture);
    expect(gesture.defaultPrevented).toBe(true);
  });

  it('keeps a quick second tap somewhere else: a package, then "pay now" 150 ms later, are two taps', () => {
    const page = document.implementation.createHTMLDocument();
    blockZoom(page);
    const onPackage = touch('touchend', 0, 10_000, { x: 300, y: 420 });
    const onPayNow = touch('touchend', 0, 10_150, { x: 60, y: 816 });
    // A quick tap beside a control's edge (44 px apart) is another control's: kept too.
    const beside = touch('touchend', 0, 10_300, { x: 60, y: 772 });
    for (const event of [onPackage, onPayNow, beside]) page.dispatchEvent(event);
    expect([onPackage.defaultPrevented, onPayNow.defaultPrevented, beside.defaultPrevented]).toEqual([
      false,
      false,
      false,
    ]);
  });
});

describe('ids', () => {
  afterEach(() => vi.restoreAllMocks());
  const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

  it('a uuid is randomUUID where there is one, else a version 4 uuid of random bytes', () => {
    expect(newUuid()).toMatch(V4);
    vi.spyOn(globalThis.crypto, 'randomUUID').mockReturnValue('11111111-2222-4333-8444-555555555555');
    expect(newUuid()).toBe('11111111-2222-4333-8444-555555555555');
    vi.restoreAllMocks();
    // A page over plain http has no randomUUID: the own property hides the prototype's until deleted.
    Object.defineProperty(globalThis.crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const made = new Set([newUuid(), newUuid(), newUuid()]);
      expect(made.size).toBe(3);
      for (const uuid of made) expect(uuid).toMatch(V4);
      const [first = ''] = made;
      writeKey(StorageKeys.clientUuid, first);
      expect(readKey(StorageKeys.clientUuid)).toBe(first);
    } finally {
      Reflect.deleteProperty(globalThis.crypto, 'randomUUID');
    }
    expect(typeof globalThis.crypto.randomUUID).toBe('function');
  });
});
