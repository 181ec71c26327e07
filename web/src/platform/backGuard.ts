import { useEffect, useRef, useState } from 'react';

const GUARD = 'backGuard';

/**
 * The depth of the guard entry on top of history: 0 when the entry is no guard's, else 1 for the lowest guard,
 * 2 for one held over it (a popup over the pay step's step). An entry of an earlier build says `true` (1).
 */
function depthOnTop(): number {
  const mark = (window.history.state as Record<string, unknown> | null)?.[GUARD];
  return mark === true ? 1 : typeof mark === 'number' && Number.isInteger(mark) && mark > 0 ? mark : 0;
}

/** Whether the entry on top of history is a back guard's. */
export const guardOnTop = (): boolean => depthOnTop() > 0;

interface Holder {
  /** The depth of this guard's entry. */
  readonly depth: number;
  /** No longer needed while a guard over it still held Back: its entry is taken off once reached. */
  retired: boolean;
  /** Its entry was left by Back: the guard runs its back. */
  readonly popped: () => void;
}

/** The guards holding an entry, lowest first. Back leaves the top one's entry, and only that guard answers. */
const holders: Holder[] = [];
/**
 * A back this module asked for has not arrived yet (the entry it takes off is still on top): `cleanup` when it
 * takes off an entry left before a reload.
 */
let pendingBack: 'release' | 'cleanup' | undefined;
let listeners = 0;
/** What waits for that back to arrive (`whenBackArrived`). */
const afterBack: Array<() => void> = [];
/**
 * How long a navigation waits for that back at most: a back that never arrives (the page leaving) must not
 * hold the page's next navigation for ever.
 */
const BACK_WAIT_MS = 1000;
let backWait: ReturnType<typeof setTimeout> | undefined;

function runAfterBack(): void {
  clearTimeout(backWait);
  backWait = undefined;
  for (const fn of afterBack.splice(0)) fn();
}

function back(why: 'release' | 'cleanup'): void {
  pendingBack = why;
  // Heard even when no guard listens any more (the popup that asked for it is gone with its component).
  window.addEventListener('popstate', onPop);
  window.history.back();
}

/**
 * Runs `fn` once no back asked for here is on its way (at once when none is). A history entry pushed before
 * such a back arrives is the one it takes off: a navigation made right after a popup closed would be undone.
 */
export function whenBackArrived(fn: () => void): void {
  if (pendingBack === undefined) {
    fn();
    return;
  }
  afterBack.push(fn);
  backWait ??= setTimeout(() => {
    pendingBack = undefined; // never arrived: no later navigation waits for it
    runAfterBack();
  }, BACK_WAIT_MS);
}

function onPop(): void {
  const tookOff = pendingBack === 'cleanup';
  pendingBack = undefined;
  const depth = depthOnTop();
  // Every guard whose entry was left (one Back; several at once from the browser's history list) runs its
  // back, the top one first. One Back leaves one entry: only the topmost guard (the popup, not the page's
  // step under it) answers it.
  const left: Holder[] = [];
  for (let top = holders.at(-1); top !== undefined && top.depth > depth; top = holders.at(-1)) {
    holders.pop();
    left.push(top);
  }
  for (const holder of left) if (!holder.retired) holder.popped();
  takeOffRetired();
  // Entries left before a reload, one over another (a popup's over the step's): each taken off in turn.
  if (tookOff && holders.length === 0 && depth > 0) back('cleanup');
  if (listeners === 0 && pendingBack === undefined) window.removeEventListener('popstate', onPop);
  if (pendingBack === undefined) runAfterBack();
}

/** A retired guard's entry, on top now, is taken off, so no Back is spent on it. */
function takeOffRetired(): void {
  const top = holders.at(-1);
  if (top?.retired !== true || top.depth !== depthOnTop()) return;
  holders.pop();
  back('release');
}

/** A guard no longer needed: its entry is taken off when on top, else once the guards over it are gone. */
function release(holder: Holder): void {
  const index = holders.indexOf(holder);
  if (index === -1) return;
  if (index < holders.length - 1) {
    holder.retired = true;
    return;
  }
  holders.pop();
  // Not on top: the page went on from it (a navigation pushed over it), and there is nothing to take off.
  if (depthOnTop() === holder.depth) back('release');
}

/**
 * The browser's and the phone's back button behave like the page's own back: while `active` (a pay step's step
 * beyond the first or its leave question, a popup that Back closes), an extra history entry of the same address
 * sits on top; going back pops it and `onBack` runs the page's back (which may ask before leaving), and the entry
 * is put back while still needed. When no longer needed, the entry is taken off again, so history never loops
 * into the page; an entry left by the page before a reload is adopted while needed and taken off when not.
 * Guards stack: one made active while another holds Back (a popup over the pay step's step) puts its entry
 * over the other's, and Back then answers the top one only, closing the popup and leaving the step as it was.
 */
export function useBackGuard(active: boolean, onBack: () => void): void {
  const [present, setPresent] = useState(false);
  const holder = useRef<Holder | undefined>(undefined);
  const onBackRef = useRef(onBack);
  onBackRef.current = onBack;

  useEffect(() => {
    if (active && !present) {
      const below = holders.at(-1);
      const onTop = depthOnTop();
      // An entry of this depth already on top (left before a reload, or by a guard gone with its component)
      // is adopted, never doubled (two backs for one); not one a back is already taking off.
      const adopted =
        pendingBack === undefined && onTop > 0 && (below === undefined || onTop === below.depth + 1);
      const depth = adopted ? onTop : (below?.depth ?? 0) + 1;
      if (!adopted) window.history.pushState({ ...(window.history.state ?? {}), [GUARD]: depth }, '');
      const mine: Holder = {
        depth,
        retired: false,
        popped: () => {
          holder.current = undefined;
          setPresent(false);
          onBackRef.current();
        },
      };
      holders.push(mine);
      holder.current = mine;
      setPresent(true);
    } else if (!active && present) {
      const mine = holder.current;
      holder.current = undefined;
      setPresent(false);
      if (mine !== undefined) release(mine);
    } else if (!active && !present && holders.length === 0 && depthOnTop() > 0 && pendingBack === undefined) {
      // A guard left on top before a reload, no longer needed: taken off, so the next back leaves at once.
      back('cleanup');
    }
  }, [active, present]);

  useEffect(() => {
    if (listeners === 0) window.addEventListener('popstate', onPop);
    listeners += 1;
    return () => {
      listeners -= 1;
      if (listeners === 0 && pendingBack === undefined) window.removeEventListener('popstate', onPop);
      // Gone with its component (the page left): forgotten, its entry left to the history it is in.
      const mine = holder.current;
      holder.current = undefined;
      const index = mine === undefined ? -1 : holders.indexOf(mine);
      if (index !== -1) holders.splice(index, 1);
    };
  }, []);
}
