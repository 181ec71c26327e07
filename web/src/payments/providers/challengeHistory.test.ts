import { describe, expect, it, vi } from 'vitest';
import { type HistoryWindow, watchChallengeHistory } from './challengeHistory';

/** A window whose history grows as the challenge frame navigates, and whose popstate the test fires. */
function fakeWindow(length: number) {
  const listeners = new Set<() => void>();
  const history = {
    length,
    state: null as unknown,
    go: vi.fn<(delta?: number) => void>(),
    replaceState(state: unknown) {
      history.state = state;
    },
  };
  const win = {
    history,
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
    watch.end(true);
    watch.end(true);
    expect(win.history.go).toHaveBeenCalledTimes(1);
    expect(win.history.go).toHaveBeenCalledWith(-2);
    expect(listeners.size).toBe(0);
  });

  it('does nothing when the frame added no entry', () => {
    const { win } = fakeWindow(4);
    const watch = watchChallengeHistory(win);
    watch.end(false);
    expect(win.history.go).not.toHaveBeenCalled();
  });

  it('does nothing when the page went back meanwhile (the visitor cancelled by Back)', () => {
    const { win, pop } = fakeWindow(4);
    const watch = watchChallengeHistory(win);
    win.history.length = 5;
    pop();
    watch.end(true);
    expect(win.history.go).not.toHaveBeenCalled();
  });

  it('counts the entries a retried challenge adds over those the last one left forward', () => {
    // The review's case: a challenge failed (its frame's post left one entry, stepped back over and so
    // forward of the page's entry), then the retry's challenge posted once: that post pruned the forward
    // entry and added its own, so history's length is what it was, and one entry is still to step back over.
    const { win } = fakeWindow(3);
    const first = watchChallengeHistory(win);
    win.history.length = 4;
    first.end(true);
    expect(win.history.go).toHaveBeenLastCalledWith(-1);
    const second = watchChallengeHistory(win);
    second.end(true);
    expect(win.history.go).toHaveBeenCalledTimes(2);
    expect(win.history.go).toHaveBeenLastCalledWith(-1);
  });

  it('steps back over nothing when the retried challenge ended unanswered with history as it was', () => {
    // Cancelled on the bank's first page: its frame never navigated, the last one's entry is still forward.
    const { win } = fakeWindow(3);
    const first = watchChallengeHistory(win);
    win.history.length = 4;
    first.end(true);
    const cancelled = watchChallengeHistory(win);
    cancelled.end(false);
    expect(win.history.go).toHaveBeenCalledTimes(1);
    // ... and it is still counted by the next challenge, which prunes it with two posts.
    const third = watchChallengeHistory(win);
    win.history.length = 5;
    third.end(true);
    expect(win.history.go).toHaveBeenLastCalledWith(-2);
  });

  it('forgets what was left forward once another entry is shown (the page pushed or went elsewhere)', () => {
    const { win } = fakeWindow(3);
    const first = watchChallengeHistory(win);
    win.history.length = 4;
    first.end(true);
    // The page pushed an entry (pruning the forward one): a new state, without the mark.
    win.history.state = { backGuard: true };
    const second = watchChallengeHistory(win);
    second.end(true);
    expect(win.history.go).toHaveBeenCalledTimes(1);
  });
});
