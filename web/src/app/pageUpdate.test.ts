import type { PkgInfo } from '@topup/contracts/entities';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mayUpdateNow, type PagePlace, scheduleUpdate, UPDATE_DELAY_MS, type UpdatePage } from './pageUpdate';

const pkg = (website_version: string) => ({ website_version }) as PkgInfo;

describe('page update check', () => {
  afterEach(() => sessionStorage.clear());

  it('schedules a reload after 1 s only when the configured version is newer @spec:page.update', () => {
    const schedule = vi.fn();
    expect(scheduleUpdate(pkg('1.0.333'), schedule)).toBe(false);
    expect(scheduleUpdate(pkg('1.0.332'), schedule)).toBe(false);
    expect(schedule).not.toHaveBeenCalled();
    expect(scheduleUpdate(pkg('1.0.334'), schedule)).toBe(true);
    expect(schedule).toHaveBeenCalledWith(expect.any(Function), UPDATE_DELAY_MS);
    expect(UPDATE_DELAY_MS).toBe(1000);
  });

  it('reloads once per configured version per visit: a build still behind after its reload goes on @spec:page.update', () => {
    const schedule = vi.fn();
    // The start of the visit, the reloaded page (same tab: same sessionStorage), a visibility check later.
    expect(scheduleUpdate(pkg('1.0.334'), schedule)).toBe(true);
    expect(scheduleUpdate(pkg('1.0.334'), schedule)).toBe(false);
    expect(scheduleUpdate(pkg('1.0.334'), schedule)).toBe(false);
    expect(schedule).toHaveBeenCalledTimes(1);
    // A version newer again is worth one more reload.
    expect(scheduleUpdate(pkg('1.0.335'), schedule)).toBe(true);
    expect(scheduleUpdate(pkg('1.0.335'), schedule)).toBe(false);
    expect(schedule).toHaveBeenCalledTimes(2);
  });

  it('does not reload when the visit cannot remember that it did (storage refused): no loop', () => {
    const schedule = vi.fn();
    const refusing = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('quota', 'QuotaExceededError');
      },
    };
    expect(scheduleUpdate(pkg('1.0.334'), schedule, refusing)).toBe(false);
    expect(schedule).not.toHaveBeenCalled();
  });
});

const RETURN = '?zp_show=1&zp_orderid=o1&zp_h5deviceid=d1';

describe('may the update reload now (mayUpdateNow) @spec:page.update', () => {
  it.each<[string, string, string, boolean]>([
    // The pay step, whatever it shows: its first choice (its history.state marks, a typed card), its waits
    // (the order, 3-D Secure, a redirect, the wallet's sheet, the result poll) and its result are one page.
    ['/pay-step', '?recharge_id=rc_499&pay_type=27&to_uid=1001', '', false],
    ['/pay-step', '', '', false],
    ['/PAY-STEP/', '?recharge_id=rc_499', '', false],
    ['/pay-step', RETURN, '', false],
    // The fines page: its card form, its challenge, its result poll and its endings.
    ['/fines', '?id=1', '', false],
    ['/fines', '?id=1&zp_show=1&zp_orderid=o1', '', false],
    ['/Fines/', '', '', false],
    // The list while it checks a payment return's result, or says it.
    ['/recharge-list', RETURN, '', false],
    ['/recharge-list', '?test_zp_show=1&order_id=o1&zp_h5deviceid=d1', '', false],
    // No payment: the list (a return link without the device is no return), home, the other pages.
    ['/recharge-list', '', '', true],
    ['/recharge-list', '?session_key=sk-1', '', true],
    ['/recharge-list', '?zp_show=1&zp_orderid=o1', '', true],
    ['/pay', '', '', true],
    ['/recharge', '', '', true],
    ['/', '?tab=2', '', true],
    ['/', RETURN, '', true],
    ['/login', '', '', true],
    ['/feedback', '', '', true],
    ['/about', '', '', true],
    ['/no-such-page', '', '', true],
  ])('%s%s%s: %s', (pathname, search, hash, may) => {
    expect(mayUpdateNow({ pathname, search, hash })).toBe(may);
  });
});

/** A page whose place a test moves, its reloads and the update's timers recorded. */
function fakePage(start: string) {
  let place: PagePlace = { pathname: start, search: '', hash: '' };
  const listeners = new Set<() => void>();
  const reloads: string[] = [];
  const timers: (() => void)[] = [];
  const page: UpdatePage = {
    place: () => place,
    onMove: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    reload: (href) => reloads.push(href),
    href: () => `http://localhost${place.pathname}${place.search}`,
  };
  return {
    page,
    reloads,
    listeners,
    schedule: (fn: () => void, ms: number) => {
      expect(ms).toBe(UPDATE_DELAY_MS);
      timers.push(fn);
    },
    /** The update's second passes. */
    tick: () => {
      for (const fn of timers.splice(0)) fn();
    },
    moveTo: (pathname: string, search = '') => {
      place = { pathname, search, hash: '' };
      for (const listener of [...listeners]) listener();
    },
  };
}

describe('an update over a payment waits for a safe place @spec:page.update', () => {
  afterEach(() => sessionStorage.clear());

  it('on the pay step: no reload until the visitor leaves it, then one, with a fresh dt', () => {
    const tab = fakePage('/pay-step');
    expect(scheduleUpdate(pkg('1.0.334'), tab.schedule, sessionStorage, tab.page)).toBe(false);
    tab.tick();
    expect(tab.reloads).toEqual([]);
    // Shown again during the payment: still waiting, and no second wait.
    expect(scheduleUpdate(pkg('1.0.334'), tab.schedule, sessionStorage, tab.page)).toBe(false);
    expect(tab.listeners.size).toBe(1);
    tab.moveTo('/pay-step', '?recharge_id=rc_499');
    tab.tick();
    expect(tab.reloads).toEqual([]);
    tab.moveTo('/recharge-list');
    expect(sessionStorage.getItem('topup.update_reloaded_for')).toBe('1.0.334');
    tab.tick();
    expect(tab.reloads).toHaveLength(1);
    expect(new URL(tab.reloads[0] ?? '').pathname).toBe('/recharge-list');
    expect(new URL(tab.reloads[0] ?? '').searchParams.get('dt')).toMatch(/^\d{13}$/);
    expect(tab.listeners.size).toBe(0);
    // The reloaded page (same tab) goes on as it is.
    tab.moveTo('/');
    tab.tick();
    expect(tab.reloads).toHaveLength(1);
    expect(scheduleUpdate(pkg('1.0.334'), tab.schedule, sessionStorage, tab.page)).toBe(false);
  });

  it('a visitor who goes to pay within the second is waited for: the reload comes once they leave', () => {
    const tab = fakePage('/recharge-list');
    expect(scheduleUpdate(pkg('1.0.334'), tab.schedule, sessionStorage, tab.page)).toBe(true);
    tab.moveTo('/pay-step');
    tab.tick();
    expect(tab.reloads).toEqual([]);
    // A check meanwhile adds nothing: the tab's note says this version is under way.
    expect(scheduleUpdate(pkg('1.0.334'), tab.schedule, sessionStorage, tab.page)).toBe(false);
    tab.moveTo('/recharge-list');
    tab.tick();
    expect(tab.reloads).toHaveLength(1);
  });

  it('a version newer again while waiting takes the wait over: one reload', () => {
    const tab = fakePage('/fines');
    expect(scheduleUpdate(pkg('1.0.334'), tab.schedule, sessionStorage, tab.page)).toBe(false);
    expect(scheduleUpdate(pkg('1.0.335'), tab.schedule, sessionStorage, tab.page)).toBe(false);
    expect(tab.listeners.size).toBe(1);
    tab.moveTo('/');
    tab.tick();
    expect(tab.reloads).toHaveLength(1);
    expect(sessionStorage.getItem('topup.update_reloaded_for')).toBe('1.0.335');
  });

  it('a version this tab already reloaded for is not waited for', () => {
    sessionStorage.setItem('topup.update_reloaded_for', '1.0.334');
    const tab = fakePage('/pay-step');
    expect(scheduleUpdate(pkg('1.0.334'), tab.schedule, sessionStorage, tab.page)).toBe(false);
    expect(tab.listeners.size).toBe(0);
  });
});
