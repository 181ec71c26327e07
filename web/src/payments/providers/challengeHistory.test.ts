import { describe, expect, it, vi } from 'vitest';
import { type HistoryWindow, watchChallengeHistory } from './challengeHistory';

/** A window whose history grows as the challenge frame navigates, and whose popstate the test fires. */
function fakeWindow(length: number) {
  const listeners = new Set<() => void>();
  const win = {
    history: { length, go: vi.fn<(delta?: number) => void>() },
    addEventListener: (_type: 'popstate', listener: () => void) => {
      listeners.add(listener);
    },
    removeEventListener: (_type: 'popstate', listener: () => void) => {
      listeners.delete(listener);
    },
  } satisfies HistoryWindow;
  const pop = () => {
    for (const listener of listeners) listener();
  };
  return { win, pop, listeners };
}

describe('watchChallengeHistory', () => {
  it('steps back over the entries the frame added, once', () => {
    const { win, listeners } = fakeWindow(4);
    const watch = watchChallengeHistory(win);
    win.history.length = 6; // the bank's page posted its form in the frame twice
    watch.end();
    watch.end();
    expect(win.history.go).toHaveBeenCalledTimes(1);
    expect(win.history.go).toHaveBeenCalledWith(-2);
    expect(listeners.size).toBe(0);
  });

  it('does nothing when the frame added no entry', () => {
    const { win } = fakeWindow(4);
    const watch = watchChallengeHistory(win);
    watch.end();
    expect(win.history.go).not.toHaveBeenCalled();
  });

  it('does nothing when the page went back meanwhile (the visitor cancelled by Back)', () => {
    const { win, pop } = fakeWindow(4);
    const watch = watchChallengeHistory(win);
    win.history.length = 5;
    pop();
    watch.end();
    expect(win.history.go).not.toHaveBeenCalled();
  });
});
