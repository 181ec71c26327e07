import type { PkgInfo } from '@topup/contracts/entities';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { scheduleUpdate, UPDATE_DELAY_MS } from './pageUpdate';
import { recheckWhenVisible } from './visibleRecheck';

const pkg = (website_version: string) => ({ website_version }) as PkgInfo;

describe('the page becomes visible again (SPEC §4 page update) @spec:page.update', () => {
  let state: DocumentVisibilityState = 'visible';
  afterEach(() => {
    sessionStorage.clear();
    vi.restoreAllMocks();
  });

  /** The re-check wired to the real update check, its reload and sign-ins recorded. */
  function watch(configured: string | undefined, startedUp = true) {
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => state);
    const calls: string[] = [];
    const schedule = vi.fn();
    const listener = recheckWhenVisible({
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
    if (startedUp) listener.startedUp(true);
    const show = async (visibility: DocumentVisibilityState) => {
      state = visibility;
      document.dispatchEvent(new Event('visibilitychange'));
      await vi.waitFor(() => Promise.resolve());
      await new Promise((resolve) => setTimeout(resolve));
    };
    return { calls, schedule, show, ...listener };
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

  it('shown again while start-up still signs in: re-checked once, after start-up, not beside it', async () => {
    const page = watch('1.0.333', false);
    await page.show('hidden');
    await page.show('visible');
    await page.show('hidden');
    await page.show('visible');
    // Start-up's own sign-ins are still under way: nothing runs beside them.
    expect(page.calls).toEqual([]);
    page.startedUp(true);
    // A failure after it (start-up's `finally`) changes nothing.
    page.startedUp(false);
    await vi.waitFor(() => expect(page.calls).toEqual(['config', 'ticket', 'app']));
    // Once, however many times it was shown meanwhile; from here every return is re-checked again.
    await page.show('hidden');
    await page.show('visible');
    expect(page.calls).toEqual(['config', 'ticket', 'app', 'config', 'ticket', 'app']);
    page.stop();
  });

  it('shown, then hidden again before start-up is done: re-checked when next shown, not while hidden', async () => {
    const page = watch('1.0.333', false);
    await page.show('visible');
    await page.show('hidden');
    page.startedUp(true);
    await page.show('hidden');
    expect(page.calls).toEqual([]);
    await page.show('visible');
    expect(page.calls).toEqual(['config', 'ticket', 'app']);
    page.stop();
  });

  it('a start-up that reloads (or fails) re-checks nothing, before or after', async () => {
    const page = watch('1.0.333', false);
    await page.show('visible');
    page.startedUp(false);
    page.startedUp(true);
    await page.show('hidden');
    await page.show('visible');
    expect(page.calls).toEqual([]);
  });
});
