/**
 * Steps Back over the history entries the bank's challenge frame added, once it is removed, so Back behaves
 * as if no challenge had been (features/pay/MACHINE.md, "The challenge frame's history").
 */
export interface ChallengeHistory {
  /** The frame is out; `answered`: the bank's page answered, so its frame navigated at least once. */
  end(answered: boolean): void;
}

/** What of the window is used: its history's length, state and traversal, and its popstate. */
export interface HistoryWindow {
  readonly history: Pick<History, 'length' | 'go' | 'state' | 'replaceState'>;
  /** Where the page is: a page that moved to another route meanwhile is not stepped back (default: none). */
  readonly location?: { readonly href: string };
  addEventListener(type: 'popstate', listener: () => void): void;
  removeEventListener(type: 'popstate', listener: () => void): void;
}

const MARK = 'challengeLeft';

/** The removed frames' entries left forward of the marked entry by the last challenge, at that length. */
let left: { readonly mark: string; readonly length: number; readonly forward: number } | undefined;

let marks = 0;

const markOf = (win: HistoryWindow): unknown =>
  (win.history.state as Record<string, unknown> | null | undefined)?.[MARK];

/** Entries forward of the current one that a frame's first navigation prunes: the last challenge's, if known. */
function forwardOf(win: HistoryWindow): number {
  const known = left;
  left = undefined;
  if (known === undefined || markOf(win) !== known.mark || win.history.length !== known.length) return 0;
  return known.forward;
}

function remember(win: HistoryWindow, forward: number): void {
  if (forward <= 0) return;
  marks += 1;
  const mark = `${Date.now().toString(36)}-${marks}`;
  const state = (win.history.state as Record<string, unknown> | null | undefined) ?? {};
  win.history.replaceState({ ...state, [MARK]: mark }, '');
  left = { mark, length: win.history.length, forward };
}

export function watchChallengeHistory(win: HistoryWindow = window): ChallengeHistory {
  const before = win.history.length;
  const at = win.location?.href;
  const forward = forwardOf(win);
  let wentBack = false;
  const onPop = () => {
    wentBack = true;
  };
  win.addEventListener('popstate', onPop);
  let ended = false;
  return {
    end(answered) {
      if (ended) return;
      ended = true;
      win.removeEventListener('popstate', onPop);
      // Gone back, or to another route (the challenge is cancelled as the step is left): the page's own move.
      if (wentBack || win.location?.href !== at) return;
      const grown = win.history.length - before;
      // A frame that navigated pruned what was forward first; one that did not (history as it was, no answer)
      // added nothing, and what was forward is still there.
      const navigated = grown > 0 || (answered && forward > 0);
      const added = navigated ? grown + forward : 0;
      if (added <= 0) {
        remember(win, forward);
        return;
      }
      remember(win, added);
      win.history.go(-added);
    },
  };
}
