import type { PkgInfo } from '@topup/contracts/entities';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { scheduleUpdate, UPDATE_DELAY_MS } from './boot';
import { recheckWhenVisible } from './visibleRecheck';

const pkg = (website_version: string) => ({ website_version }) as PkgInfo;

describe('the page becomes visible again (SPEC §4 page update) @spec:page.update', () => {
  let state: DocumentVisibilityState = 'visible';
  afterEach(() => {
    sessionStorage.clear();
    vi.restoreAllMocks();
  });

  /** The re-check wired to the real update check, its reload and sign-ins recorded. */
  function watch(configured: string | undefined) {
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => state);
    const calls: string[] = [];
    const schedule = vi.fn();
    const stop = recheckWhenVisible({
      config: async () => {
        calls.push('config');
        return configured === undefined ? undefined : pkg(configured);
      },
      update: (pkgInfo) => scheduleUpdate(pkgInfo, schedule),
      ticketSignIn: async () => {
        calls.push('ticket');
      },
      askApp: async () => {
        calls.push('app');
      },
    });
    const show = async (visibility: DocumentVisibilityState) => {
      state = visibility;
      document.dispatchEvent(new Event('visibilitychange'));
      await vi.waitFor(() => Promise.resolve());
      await new Promise((resolve) => setTimeout(resolve));
    };
    return { calls, schedule, stop, show };
  }

  it('asks the config again; the same version signs in with the ticket and asks the app', async () => {
    const page = watch('1.0.333');
    await page.show('hidden');
    expect(page.calls).toEqual([]);
    await page.show('visible');
    expect(page.calls).toEqual(['config', 'ticket', 'app']);
    expect(page.schedule).not.toHaveBeenCalled();
    await page.show('visible');
    expect(page.calls).toEqual(['config', 'ticket', 'app', 'config', 'ticket', 'app']);
    page.stop();
  });

  it('a newer version reloads after 1 s and signs nobody in', async () => {
    const page = watch('1.0.334');
    await page.show('visible');
    expect(page.schedule).toHaveBeenCalledWith(expect.any(Function), UPDATE_DELAY_MS);
    expect(page.calls).toEqual(['config']);
    page.stop();
  });

  it('a config that cannot be had still runs the ticket sign-in', async () => {
    const page = watch(undefined);
    await page.show('visible');
    expect(page.calls).toEqual(['config', 'ticket', 'app']);
    page.stop();
  });
});
