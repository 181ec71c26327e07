/**
 * The bank's challenge page runs in a frame, and its own navigations (its form posted inside the frame) add
 * entries to the tab's joint session history. Chromium keeps them after the frame is removed, so the visitor's
 * next Back would only take the removed frame back: nothing to see, and one more Back needed than without a
 * challenge. The frame's first load adds none (its src is set before it is inserted, replacing the frame's
 * initial about:blank), but what the bank's page does inside it cannot be told from outside.
 *
 * `watchChallengeHistory` is started as the frame goes in; its `end`, once the frame is out, steps back over
 * the entries added meanwhile, so Back then behaves as if no challenge had been. A traversal only moves the
 * removed frame's part of the history: the page gets no popstate and nothing on screen changes. When the page
 * itself went back meanwhile (a popstate: the visitor's Back cancelling the challenge), nothing is done.
 */
export interface ChallengeHistory {
  end(): void;
}

/** What of the window is used: its history's length and traversal, and its popstate. */
export interface HistoryWindow {
  readonly history: Pick<History, 'length' | 'go'>;
  addEventListener(type: 'popstate', listener: () => void): void;
  removeEventListener(type: 'popstate', listener: () => void): void;
}

export function watchChallengeHistory(win: HistoryWindow = window): ChallengeHistory {
  const before = win.history.length;
  let wentBack = false;
  const onPop = () => {
    wentBack = true;
  };
  win.addEventListener('popstate', onPop);
  let ended = false;
  return {
    end() {
      if (ended) return;
      ended = true;
      win.removeEventListener('popstate', onPop);
      const added = win.history.length - before;
      if (!wentBack && added > 0) win.history.go(-added);
    },
  };
}
