import { createStore, type WritableAtom } from 'jotai/vanilla';
import { startTransition } from 'react';

/** The app's one Jotai store: React reads it through <Provider>, code outside React writes through it. */
export const appStore = createStore();
export type AppStore = typeof appStore;

/**
 * A write from outside React of an answer that redraws much of the screen (a sign-in, a charge list, the
 * config, the history): the store changes at once, and React draws it in a transition, yielding every few
 * milliseconds, so a slow phone's main thread is never held for the whole redraw.
 * Not for what the visitor types: an input's own state stays urgent.
 */
export function setAnswer<Value, Args extends unknown[], Result>(
  store: AppStore,
  atom: WritableAtom<Value, Args, Result>,
  ...args: Args
): void {
  startTransition(() => {
    store.set(atom, ...args);
  });
}
