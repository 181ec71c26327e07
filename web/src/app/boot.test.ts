import type { PkgInfo } from '@topup/contracts/entities';
import { createStore } from 'jotai';
import { describe, expect, it, vi } from 'vitest';
import { urlSignInPendingAtom } from '../session/session';
import { noteUrlSignIn, scheduleUpdate, UPDATE_DELAY_MS } from './boot';

const pkg = (website_version: string) => ({ website_version }) as PkgInfo;

describe('page update check', () => {
  it('schedules a reload after 1 s only when the configured version is newer', () => {
    const schedule = vi.fn();
    expect(scheduleUpdate(pkg('1.0.333'), schedule)).toBe(false);
    expect(scheduleUpdate(pkg('1.0.332'), schedule)).toBe(false);
    expect(schedule).not.toHaveBeenCalled();
    expect(scheduleUpdate(pkg('1.0.334'), schedule)).toBe(true);
    expect(schedule).toHaveBeenCalledWith(expect.any(Function), UPDATE_DELAY_MS);
    expect(UPDATE_DELAY_MS).toBe(1000);
  });
});

describe('a sign-in in the launch URL (noteUrlSignIn): the first screen draws the signed-in placeholders', () => {
  const pageinfo = (info: unknown) => `#pageinfo=${encodeURIComponent(JSON.stringify(info))}`;
  it.each([
    ['?session_key=sk-1', '', true],
    ['', '#/?session_key=sk-1', true],
    ['', pageinfo({ session_key: 'sk-1' }), true],
    ['', '#fb_id=1&fb_token=t', true],
    // Nothing that would sign anyone in: an empty key, a Facebook id without its token, a bad hand-over.
    ['?session_key=', '', false],
    ['', '#fb_id=1', false],
    ['', pageinfo({ session_key: '<script>' }), false],
    ['', '#pageinfo=not-json', false],
    ['?ticket=t1', '', false],
    ['?tab=2', '', false],
  ])('%s%s: pending %s', (search, hash, pending) => {
    const store = createStore();
    noteUrlSignIn(store, search, hash);
    expect(store.get(urlSignInPendingAtom)).toBe(pending);
  });
});
