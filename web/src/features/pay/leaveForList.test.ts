import { afterEach, describe, expect, it, vi } from 'vitest';
import { openedFromListState } from '../../payments/payHandOver';
import { leaveForList } from './leaveForList';

/**
 * Leaving the pay step for the list (the machine's leavePage and leavePaid): back through history when the list
 * opened the step, else the list in its place; a paid step first waits for the back guard's entry to come off.
 */
describe('leaving the pay step for the list', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    window.history.replaceState(null, '');
  });

  /** The current entry as the test sets it: opened from the list or not, the back guard on top or not. */
  function entry(fromList: boolean, guardOnTop: boolean) {
    window.history.replaceState(
      { ...(fromList ? openedFromListState : {}), ...(guardOnTop ? { backGuard: true } : {}) },
      '',
    );
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => {});
    const toList = vi.fn();
    return { back, toList };
  }

  it.each<[string, boolean, boolean, boolean, 'back' | 'toList']>([
    ['leave, opened from the list: back through history', false, true, false, 'back'],
    ['leave, opened by a link: the list replaces the step', false, false, false, 'toList'],
    ['leave with the guard on top: at once, never waiting', false, true, true, 'back'],
    ['paid, opened from the list, no guard: back at once', true, true, false, 'back'],
    ['paid, opened by a link, no guard: the list at once', true, false, false, 'toList'],
  ])('%s', async (_name, paid, fromList, guardOnTop, way) => {
    const { back, toList } = entry(fromList, guardOnTop);
    await leaveForList(toList, paid);
    expect(back).toHaveBeenCalledTimes(way === 'back' ? 1 : 0);
    expect(toList).toHaveBeenCalledTimes(way === 'toList' ? 1 : 0);
  });

  it("paid with the guard's entry on top: waits for it to come off, then leaves", async () => {
    const { back, toList } = entry(true, true);
    const left = leaveForList(toList, true);
    await Promise.resolve();
    expect(back).not.toHaveBeenCalled();
    window.dispatchEvent(new PopStateEvent('popstate'));
    await left;
    expect(back).toHaveBeenCalledTimes(1);
    expect(toList).not.toHaveBeenCalled();
  });
});
