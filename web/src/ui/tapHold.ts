/**
 * Taps held back while a screen that answers a tap comes up (SPEC §2, §9's double tap). A result popup, a
 * confirm popup or a fine's ending drawn where the finger still is must not take the rest of that tap, the
 * second tap of a double tap, nor a hurried second press on the button that was there a moment ago: a double
 * tap on "pay" once hid the success under "top up again" and left the visitor one tap from paying twice.
 *
 * While held (TAP_HOLD_MS after the screen appeared), a pointer's click does nothing anywhere on the page, the
 * popup's mask included, and a click whose press began before the screen appeared never acts, however long the
 * finger stays down. The page's root carries `data-tap-hold` meanwhile, and the style sheet lets no element take
 * the pointer (ui.css), so a tap finds nothing to press. The keyboard is not held: a key pressed after the screen
 * appeared answers it at once (Enter on the focused button, Escape); only a key already down before it (its
 * auto-repeat, a space let go on the new button) is ignored.
 */

/**
 * 600 ms: a double tap's two taps come within 300 ms of each other (SPEC §9's window, platform/viewport.ts);
 * the screen appears some time after the first, so a second tap can still come up to 300 ms after it, and a
 * hurried repeat press on a button that seemed not to answer comes later than a double tap (the review's came
 * 150, 400 and 800 ms after the first). Twice the double-tap window holds all of those made as the screen comes
 * up. A visitor who means to answer the new screen first has to see it and read its title and buttons (a
 * reaction to something new takes about 250 ms, reading and moving the thumb more), so a deliberate tap hardly
 * ever comes sooner; one that does is merely ignored (nothing lost, the buttons stay), while longer would be
 * felt as a screen that does not answer.
 */
export const TAP_HOLD_MS = 600;

/** Keys that press a focused control (Enter, Space) or dismiss a popup (Escape). */
const PRESS_KEYS = new Set(['Enter', ' ', 'Escape']);

interface Press {
  /** The hold the press began under: a later hold means the screen changed beneath it. */
  readonly hold: number;
  /** Whether it began while taps were held. */
  readonly held: boolean;
}

let installedOn: Window | undefined;
let holds = 0;
let holding = false;
let timer: ReturnType<typeof setTimeout> | undefined;
let press: Press | undefined;
/** When a pointer last pressed or let go on the page (the window's `performance.now()`), for `afterTaps`. */
let lastPointer = Number.NEGATIVE_INFINITY;
const keys = new Map<string, number>();

function drop(event: Event): void {
  event.preventDefault();
  event.stopImmediatePropagation();
}

/** A press (a pointer's or a key's) that began before the latest hold, or during it. */
function stale(began: Press | undefined): boolean {
  return began !== undefined && (began.held || began.hold !== holds);
}

function install(win: Window): void {
  if (installedOn === win) return;
  installedOn = win;
  const capture = { capture: true } as const;
  win.addEventListener(
    'pointerdown',
    () => {
      press = { hold: holds, held: holding };
      lastPointer = win.performance.now();
    },
    capture,
  );
  win.addEventListener(
    'pointerup',
    () => {
      lastPointer = win.performance.now();
    },
    capture,
  );
  // A press that turned into a scroll makes no click: forgotten, so it holds nothing back later.
  win.addEventListener(
    'pointercancel',
    () => {
      press = undefined;
    },
    capture,
  );
  win.addEventListener(
    'click',
    (event) => {
      // A click with no count is the keyboard's (or a screen reader's) press of the focused control: not held.
      if (event.detail === 0) return;
      const began = press;
      press = undefined;
      if (holding || stale(began)) drop(event);
    },
    capture,
  );
  win.addEventListener(
    'keydown',
    (event) => {
      if (!PRESS_KEYS.has(event.key)) return;
      if (!event.repeat) keys.set(event.key, holds);
      else if (keys.get(event.key) !== holds) drop(event);
    },
    capture,
  );
  win.addEventListener(
    'keyup',
    (event) => {
      const began = keys.get(event.key);
      keys.delete(event.key);
      // A space pressed on the old screen and let go on the new one presses nothing.
      if (event.key === ' ' && began !== undefined && began !== holds) drop(event);
    },
    capture,
  );
}

/**
 * Holds taps for `ms` from now: called as a screen that answers a tap is drawn (a layout effect, before the
 * browser paints it and so before any tap can reach it). A second call starts the hold again. Returns the
 * hold's end: a popup closed within the hold (Back, Escape) ends it, so the page beneath answers the next tap
 * at once; a later hold is not ended by an earlier one's end.
 */
export function holdTaps(ms: number = TAP_HOLD_MS, win: Window = window): () => void {
  install(win);
  holds += 1;
  const mine = holds;
  holding = true;
  win.document.documentElement.setAttribute('data-tap-hold', '');
  if (timer !== undefined) clearTimeout(timer);
  const end = () => {
    if (holds !== mine || !holding) return;
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    holding = false;
    win.document.documentElement.removeAttribute('data-tap-hold');
  };
  timer = setTimeout(end, ms);
  return end;
}

/**
 * 400 ms without a press before the page is left: longer than SPEC §9's 300 ms double-tap window, so the
 * next tap of a double or triple tap has come (and been held) before the page goes.
 */
export const LEAVE_QUIET_MS = 400;

/** The longest a page move waits for taps to stop: a finger that keeps tapping does not keep the visitor here. */
export const LEAVE_WAIT_MAX_MS = 2_000;

/**
 * Leaves the page (`leave`, a navigation to another site) only once taps have stopped: taps are held from now,
 * and `leave` runs when no pointer has pressed or let go for `quietMs` (at most `maxMs` from now). The taps of
 * a double or triple tap on "pay" that come after the first would otherwise land on the next page, a
 * provider's, where whatever is under the finger (its pay, cancel or confirm) would take them. What the page
 * shows meanwhile (its "going to the payment page") stays up. A hold cannot reach the next document, so the
 * wait has to happen here, before the move.
 */
export function afterTaps(
  leave: () => void,
  { quietMs = LEAVE_QUIET_MS, maxMs = LEAVE_WAIT_MAX_MS }: { quietMs?: number; maxMs?: number } = {},
  win: Window = window,
): void {
  // Held past the move: the old page takes no tap until the next one has replaced it.
  holdTaps(maxMs + quietMs, win);
  const start = win.performance.now();
  const check = () => {
    const now = win.performance.now();
    const quietSince = Math.max(start, lastPointer);
    const due = Math.min(quietSince + quietMs, start + maxMs);
    if (now >= due) leave();
    else win.setTimeout(check, due - now);
  };
  win.setTimeout(check, quietMs);
}
