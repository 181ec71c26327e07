// @vitest-environment node
import type { PkgInfo } from '@topup/contracts/entities';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { navigateTo } from '../security/navigation';
import { JUMP_APP_STORE_DELAY_MS, jumpToStore } from './storeJump';

vi.mock('../security/navigation', () => ({ navigateTo: vi.fn(() => true) }));

const pkg = {
  ksa_apple_url: 'https://apps.apple.com/app/id1',
  ksa_google_url: 'https://play.google.com/store/apps/details?id=x',
  ksa_android_url: 'https://play.google.com/android',
  ksa_huawei_url: 'https://appgallery.huawei.com/app/x',
} as PkgInfo;
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 7)';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)';

describe('the store jump of a launch URL (SPEC §2)', () => {
  beforeEach(() => vi.mocked(navigateTo).mockClear());

  it.each([
    [
      'tab=1 and jump_app_store: the Apple store at once',
      { tab: '1', jump_app_store: '1' },
      ANDROID,
      pkg.ksa_apple_url,
      0,
    ],
    [
      'jumpAppStore on Android: the Google store after 1 s',
      { jumpAppStore: '1' },
      ANDROID,
      pkg.ksa_google_url,
      JUMP_APP_STORE_DELAY_MS,
    ],
    [
      'jumpAppStore elsewhere: the Apple store after 1 s',
      { jumpAppStore: '1' },
      IPHONE,
      pkg.ksa_apple_url,
      JUMP_APP_STORE_DELAY_MS,
    ],
  ])('%s', (_name, args, userAgent, target, delay) => {
    const schedule = vi.fn((fn: () => void) => fn());
    jumpToStore(args, pkg, schedule, userAgent);
    expect(navigateTo).toHaveBeenCalledExactlyOnceWith(target, 'store');
    if (delay === 0) expect(schedule).not.toHaveBeenCalled();
    else expect(schedule).toHaveBeenCalledWith(expect.any(Function), delay);
  });

  it('Android without a Google link: the Android link', () => {
    jumpToStore({ jumpAppStore: '1' }, { ...pkg, ksa_google_url: '' }, (fn) => fn(), ANDROID);
    expect(navigateTo).toHaveBeenCalledExactlyOnceWith(pkg.ksa_android_url, 'store');
  });

  it.each([
    ['jump_app_store without tab=1', { jump_app_store: '1' }],
    ['jump_app_store with tab=2', { tab: '2', jump_app_store: '1' }],
    ['no jump asked', { tab: '1' }],
  ])('%s: no jump', (_name, args) => {
    const schedule = vi.fn();
    jumpToStore(args, pkg, schedule, IPHONE);
    expect(navigateTo).not.toHaveBeenCalled();
    expect(schedule).not.toHaveBeenCalled();
  });
});
