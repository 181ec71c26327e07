import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterTaps, holdTaps, LEAVE_QUIET_MS, LEAVE_WAIT_MAX_MS, TAP_HOLD_MS } from './tapHold';

/** A pointer's event (jsdom has no PointerEvent: its type is what is heard). */
const pointer = (type: string) => new MouseEvent(type, { bubbles: true });

/** A tap by a finger or a mouse: its press, then its click (a pointer's click counts 1 or more). */
function tap(target: Element, count = 1): boolean {
  target.dispatchEvent(pointer('pointerdown'));
  return click(target, count);
}

/** A click alone: `count` 0 is the keyboard's press of the focused control. Whether it reached the page. */
function click(target: Element, count = 1): boolean {
  const heard = vi.fn();
  target.addEventListener('click', heard);
  target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, detail: count }));
  target.removeEventListener('click', heard);
  return heard.mock.calls.length === 1;
}

function key(target: Element, type: 'keydown' | 'keyup', name: string, repeat = false): boolean {
  const heard = vi.fn();
  target.addEventListener(type, heard);
  target.dispatchEvent(new KeyboardEvent(type, { key: name, repeat, bubbles: true, cancelable: true }));
  target.removeEventListener(type, heard);
  return heard.mock.calls.length === 1;
}

describe('holdTaps', () => {
  let button: HTMLButtonElement;
  beforeEach(() => {
    vi.useFakeTimers();
    button = document.createElement('button');
    document.body.append(button);
  });
  afterEach(() => {
    // Every test leaves the hold over, as a visitor would after a moment.
    vi.advanceTimersByTime(TAP_HOLD_MS);
    button.remove();
    vi.useRealTimers();
  });

  it('is 600 ms: twice the double-tap window', () => {
    expect(TAP_HOLD_MS).toBe(600);
  });

  it('drops a tap begun within the hold, anywhere on the page, and marks the page meanwhile', () => {
    holdTaps();
    expect(document.documentElement.hasAttribute('data-tap-hold')).toBe(true);
    expect(tap(button)).toBe(false);
    vi.advanceTimersByTime(TAP_HOLD_MS - 1);
    expect(tap(button, 2)).toBe(false);
    expect(tap(document.body)).toBe(false);
    expect(document.documentElement.hasAttribute('data-tap-hold')).toBe(true);
  });

  it('lets a tap through once the hold is over', () => {
    holdTaps();
    vi.advanceTimersByTime(TAP_HOLD_MS);
    expect(document.documentElement.hasAttribute('data-tap-hold')).toBe(false);
    expect(tap(button)).toBe(true);
  });

  it('never lets through a tap pressed before the screen came, however late it is let go', () => {
    button.dispatchEvent(pointer('pointerdown'));
    holdTaps();
    vi.advanceTimersByTime(5 * TAP_HOLD_MS);
    expect(click(button)).toBe(false);
    // The next tap is a tap of its own.
    expect(tap(button)).toBe(true);
  });

  it('never lets through a tap pressed during the hold and let go after it', () => {
    holdTaps();
    button.dispatchEvent(pointer('pointerdown'));
    vi.advanceTimersByTime(TAP_HOLD_MS);
    expect(click(button)).toBe(false);
  });

  it('forgets a press that became a scroll', () => {
    button.dispatchEvent(pointer('pointerdown'));
    button.dispatchEvent(pointer('pointercancel'));
    holdTaps();
    vi.advanceTimersByTime(TAP_HOLD_MS);
    expect(click(button)).toBe(true);
  });

  it('holds again from a second call', () => {
    holdTaps();
    vi.advanceTimersByTime(TAP_HOLD_MS - 100);
    holdTaps();
    vi.advanceTimersByTime(200);
    expect(tap(button)).toBe(false);
    vi.advanceTimersByTime(TAP_HOLD_MS);
    expect(tap(button)).toBe(true);
  });

  it('ends when its popup closes within it (Back, Escape): the next tap on the page acts', () => {
    const end = holdTaps();
    vi.advanceTimersByTime(100);
    end();
    expect(document.documentElement.hasAttribute('data-tap-hold')).toBe(false);
    expect(tap(button)).toBe(true);
  });

  it('is not ended by an earlier hold’s end, and drops a press begun under the ended hold', () => {
    const first = holdTaps();
    button.dispatchEvent(pointer('pointerdown'));
    const second = holdTaps();
    first();
    expect(click(button)).toBe(false);
    expect(tap(button)).toBe(false);
    second();
    expect(tap(button)).toBe(true);
    vi.advanceTimersByTime(TAP_HOLD_MS);
    expect(tap(button)).toBe(true);
  });

  it('does not hold the keyboard: a key pressed after the screen came acts at once', () => {
    holdTaps();
    expect(key(button, 'keydown', 'Enter')).toBe(true);
    expect(click(button, 0)).toBe(true);
    expect(key(button, 'keydown', 'Escape')).toBe(true);
    expect(key(button, 'keydown', ' ')).toBe(true);
    expect(key(button, 'keyup', ' ')).toBe(true);
  });

  it('drops a key held down since before the screen came: Enter’s repeat, a space let go on the new button', () => {
    expect(key(button, 'keydown', 'Enter')).toBe(true);
    expect(key(button, 'keydown', ' ')).toBe(true);
    holdTaps();
    expect(key(button, 'keydown', 'Enter', true)).toBe(false);
    vi.advanceTimersByTime(TAP_HOLD_MS);
    expect(key(button, 'keydown', 'Enter', true)).toBe(false);
    expect(key(button, 'keyup', ' ')).toBe(false);
    // Pressed again, each acts.
    expect(key(button, 'keydown', 'Enter')).toBe(true);
    expect(key(button, 'keydown', 'Enter', true)).toBe(true);
  });
});

describe('afterTaps (a page move waits for a double or triple tap to end)', () => {
  let button: HTMLButtonElement;
  beforeEach(() => {
    vi.useFakeTimers();
    button = document.createElement('button');
    document.body.append(button);
  });
  afterEach(() => {
    vi.advanceTimersByTime(LEAVE_WAIT_MAX_MS + LEAVE_QUIET_MS);
    button.remove();
    vi.useRealTimers();
  });

  it('leaves once no press came for 400 ms, past the double-tap window, and holds the taps meanwhile', () => {
    const leave = vi.fn();
    afterTaps(leave);
    expect(LEAVE_QUIET_MS).toBeGreaterThan(300);
    // The triple tap's later taps, 60 ms apart: held, and each puts the move off.
    vi.advanceTimersByTime(60);
    expect(tap(button)).toBe(false);
    vi.advanceTimersByTime(60);
    expect(tap(button)).toBe(false);
    button.dispatchEvent(pointer('pointerup'));
    vi.advanceTimersByTime(LEAVE_QUIET_MS - 1);
    expect(leave).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(leave).toHaveBeenCalledTimes(1);
    // Still held after the move is asked for: the old page takes no tap while the next one loads.
    expect(tap(button)).toBe(false);
  });

  it('leaves after at most 2 s, however long the taps go on', () => {
    const leave = vi.fn();
    afterTaps(leave);
    for (let elapsed = 0; elapsed < LEAVE_WAIT_MAX_MS - 100; elapsed += 100) {
      vi.advanceTimersByTime(100);
      tap(button);
    }
    expect(leave).not.toHaveBeenCalled();
    vi.advanceTimersByTime(100);
    expect(leave).toHaveBeenCalledTimes(1);
  });
});
