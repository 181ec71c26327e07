import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { navigate } from '../app/routing';
import { guardOnTop, useBackGuard } from './backGuard';

/** A step's guard (outer) and a popup's over it (inner), each active as its prop says. */
function Guards({
  outer,
  inner,
  onOuter,
  onInner,
}: {
  readonly outer: boolean;
  readonly inner: boolean;
  readonly onOuter: () => void;
  readonly onInner: () => void;
}) {
  return (
    <>
      <Guard active={outer} onBack={onOuter} />
      <Guard active={inner} onBack={onInner} />
    </>
  );
}

function Guard({ active, onBack }: { readonly active: boolean; readonly onBack: () => void }) {
  useBackGuard(active, onBack);
  return null;
}

/**
 * Runs `action` (its effects flushed) and waits for the popstate it causes: jsdom goes back in a task of its
 * own, and what the guards do on it runs within act.
 */
async function untilPopped(action: () => void): Promise<void> {
  const popped = new Promise<void>((resolve) =>
    window.addEventListener('popstate', () => resolve(), { once: true }),
  );
  act(action);
  await act(async () => {
    await popped;
  });
}

/** The browser's Back. */
const pressBack = () => untilPopped(() => window.history.back());

let start = 0;
beforeEach(() => {
  window.history.replaceState({ page: 'step' }, '');
  start = window.history.length;
});
afterEach(cleanup);

describe('useBackGuard', () => {
  it('Back over a popup held over the step answers the popup only; the next Back is the step’s', async () => {
    const onOuter = vi.fn();
    const onInner = vi.fn();
    const view = render(<Guards outer inner={false} onOuter={onOuter} onInner={onInner} />);
    view.rerender(<Guards outer inner onOuter={onOuter} onInner={onInner} />);
    expect(window.history.length).toBe(start + 2);

    await pressBack();
    expect(onInner).toHaveBeenCalledTimes(1);
    expect(onOuter).not.toHaveBeenCalled();
    // The popup closed (its back): the step's entry is on top, and the next Back is the step's. (This
    // popup's back closed nothing at once, so its entry was put back, and is taken off now.)
    await untilPopped(() =>
      view.rerender(<Guards outer inner={false} onOuter={onOuter} onInner={onInner} />),
    );
    expect(guardOnTop()).toBe(true);
    await pressBack();
    expect(onOuter).toHaveBeenCalledTimes(1);
    expect(onInner).toHaveBeenCalledTimes(1);
  });

  it('a popup closed by its own controls takes its entry off, leaving the step’s', async () => {
    const onOuter = vi.fn();
    const onInner = vi.fn();
    const view = render(<Guards outer inner onOuter={onOuter} onInner={onInner} />);
    await untilPopped(() =>
      view.rerender(<Guards outer inner={false} onOuter={onOuter} onInner={onInner} />),
    );
    expect(onInner).not.toHaveBeenCalled();
    expect(onOuter).not.toHaveBeenCalled();
    expect(window.history.state).toMatchObject({ page: 'step', backGuard: 1 });
    await pressBack();
    expect(onOuter).toHaveBeenCalledTimes(1);
    expect(onInner).not.toHaveBeenCalled();
  });

  it('a guard still needed after its back puts its entry back; one no longer needed leaves none', async () => {
    const onBack = vi.fn();
    const view = render(<Guard active onBack={onBack} />);
    await pressBack();
    expect(onBack).toHaveBeenCalledTimes(1);
    // Still active (the step asked before leaving): its entry is back on top.
    expect(guardOnTop()).toBe(true);
    await untilPopped(() => view.rerender(<Guard active={false} onBack={onBack} />));
    expect(guardOnTop()).toBe(false);
    expect(window.history.state).toMatchObject({ page: 'step' });
    expect(onBack).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['a push', false],
    // AppAccountPopup's: in place of the popup's entry if still on top; it is not, once its back arrived.
    ["in place of a guard's entry, if one is on top", 'guard'],
  ] as const)(
    'a navigation right after a popup closed (%s) waits for its back: not undone by it, Back returns under it',
    async (_how, replace) => {
      const popup = (open: boolean) => <Guard active={open} onBack={() => {}} />;
      const under = location.pathname;
      const view = render(popup(true));
      expect(guardOnTop()).toBe(true);
      const popped = new Promise((done) => addEventListener('popstate', done, { once: true }));
      // The popup closes (its guard asks for a back) and, before that back arrives, the page navigates.
      act(() => view.rerender(popup(false)));
      act(() => navigate('/pay-step', { replace, state: { mark: 1 } }));
      await act(async () => {
        await popped;
      });
      expect([location.pathname, history.state]).toEqual(['/pay-step', { mark: 1 }]);
      // Back from the new entry returns to the page under the popup, not to the popup's entry.
      await act(async () => {
        const back = new Promise((done) => addEventListener('popstate', done, { once: true }));
        history.back();
        await back;
      });
      expect([location.pathname, history.state, guardOnTop()]).toEqual([under, { page: 'step' }, false]);
    },
  );

  it('a back that never arrives (the page leaving) holds a navigation a second at most, and no later one', () => {
    vi.useFakeTimers();
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => {});
    try {
      const view = render(<Guard active onBack={() => {}} />);
      act(() => view.rerender(<Guard active={false} onBack={() => {}} />));
      expect(back).toHaveBeenCalledTimes(1);
      navigate('/pay-step');
      expect(location.pathname).not.toBe('/pay-step');
      act(() => vi.advanceTimersByTime(1000));
      expect(location.pathname).toBe('/pay-step');
      navigate('/recharge-list');
      expect(location.pathname).toBe('/recharge-list');
    } finally {
      back.mockRestore();
      vi.useRealTimers();
    }
  });
});
