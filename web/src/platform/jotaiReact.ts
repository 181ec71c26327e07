/**
 * Jotai's React binding, for what the app uses of it: a store given by `Provider`, `useStore`, `useAtomValue`
 * and `useSetAtom`, without options. Atoms and the store are Jotai's own (`jotai/vanilla`); only these hooks
 * are ours. jotai/react also carries async-atom support (suspending on a promise, continuable promises, abort
 * hooks) and an unconditional deprecation text for its `delay` option, which the app never uses: about
 * 0.7 KiB gzip of the first screen's JavaScript (issue 16). No atom of the app holds a promise.
 *
 * `useAtomValue` is Jotai's own algorithm: a reducer that reads the store (so a value set inside a transition
 * is drawn in that transition), a subscription made after the commit, and one read after subscribing so a
 * change between render and subscription is not lost.
 */
import { type Atom, type createStore, getDefaultStore, type WritableAtom } from 'jotai/vanilla';
import {
  createContext,
  createElement,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useReducer,
} from 'react';

export type Store = ReturnType<typeof createStore>;

const StoreContext = createContext<Store | undefined>(undefined);

/** Gives `store` to the hooks below it. */
export function Provider({ store, children }: { store: Store; children?: ReactNode }) {
  return createElement(StoreContext, { value: store }, children);
}

/** The nearest `Provider`'s store, or Jotai's default store outside any. */
export function useStore(): Store {
  return useContext(StoreContext) ?? getDefaultStore();
}

type Read<Value> = readonly [value: Value, store: Store, atom: Atom<Value>];

/** The atom's value, drawn again whenever it changes. */
export function useAtomValue<Value>(atom: Atom<Value>): Value {
  const store = useStore();
  const [[value, readFrom, readOf], rerender] = useReducer(
    (prev: Read<Value>): Read<Value> => {
      const next = store.get(atom);
      return Object.is(prev[0], next) && prev[1] === store && prev[2] === atom ? prev : [next, store, atom];
    },
    undefined,
    (): Read<Value> => [store.get(atom), store, atom],
  );
  let current = value;
  if (readFrom !== store || readOf !== atom) {
    rerender();
    current = store.get(atom);
  }
  useEffect(() => {
    const unsubscribe = store.sub(atom, rerender);
    rerender();
    return unsubscribe;
  }, [store, atom]);
  return current;
}

/** A stable function that writes the atom. */
export function useSetAtom<Value, Args extends unknown[], Result>(
  atom: WritableAtom<Value, Args, Result>,
): (...args: Args) => Result {
  const store = useStore();
  return useCallback((...args: Args) => store.set(atom, ...args), [store, atom]);
}
