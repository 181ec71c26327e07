import type { PkgInfo } from '@topup/contracts/entities';
import { describe, expect, it, vi } from 'vitest';
import { scheduleUpdate, UPDATE_DELAY_MS } from './boot';

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
