import { act, cleanup, render, screen } from '@testing-library/react';
import { type Atom, atom, createStore, getDefaultStore } from 'jotai/vanilla';
import { StrictMode, startTransition, useLayoutEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Provider, useAtomValue, useSetAtom, useStore } from './jotaiReact';

afterEach(cleanup);

function Count({ of }: { of: Atom<number> }) {
  return <p>count {useAtomValue(of)}</p>;
}

describe("the app's Jotai binding", () => {
  it("draws the Provider's store's value and draws it again when the atom or an atom it derives from changes", () => {
    const store = createStore();
    const base = atom(1);
    const doubled = atom((get) => get(base) * 2);
    render(
      <StrictMode>
        <Provider store={store}>
          <Count of={base} />
          <Count of={doubled} />
        </Provider>
      </StrictMode>,
    );
    expect(screen.getAllByText(/count/).map((p) => p.textContent)).toEqual(['count 1', 'count 2']);
    act(() => store.set(base, 5));
    expect(screen.getAllByText(/count/).map((p) => p.textContent)).toEqual(['count 5', 'count 10']);
    act(() => startTransition(() => store.set(base, 6)));
    expect(screen.getAllByText(/count/).map((p) => p.textContent)).toEqual(['count 6', 'count 12']);
  });

  it('does not lose a change made between the render and the subscription', () => {
    const store = createStore();
    const value = atom(0);
    function SetsEarly() {
      useLayoutEffect(() => store.set(value, 7), []);
      return <Count of={value} />;
    }
    render(
      <Provider store={store}>
        <SetsEarly />
      </Provider>,
    );
    expect(screen.getByText(/count/).textContent).toBe('count 7');
  });

  it('writes through a setter that stays the same function between renders, and answers what the atom answers', () => {
    const store = createStore();
    const value = atom(0);
    const add = atom(null, (get, set, by: number) => {
      set(value, get(value) + by);
      return get(value);
    });
    const setters: unknown[] = [];
    let write: (by: number) => number = () => -1;
    function Adds() {
      write = useSetAtom(add);
      setters.push(write);
      return <Count of={value} />;
    }
    render(
      <Provider store={store}>
        <Adds />
      </Provider>,
    );
    let answer = 0;
    act(() => {
      answer = write(3);
    });
    expect(answer).toBe(3);
    expect(screen.getByText(/count/).textContent).toBe('count 3');
    expect(new Set(setters).size).toBe(1);
  });

  it('reads the new store when the Provider is given another, and mounts the atom only while it is drawn', () => {
    const first = createStore();
    const second = createStore();
    const mounts: string[] = [];
    const value = atom(0);
    value.onMount = () => {
      mounts.push('mount');
      return () => mounts.push('unmount');
    };
    second.set(value, 9);
    const view = (store: typeof first, shown: boolean) => (
      <Provider store={store}>{shown ? <Count of={value} /> : null}</Provider>
    );
    const { rerender } = render(view(first, true));
    expect(screen.getByText(/count/).textContent).toBe('count 0');
    rerender(view(second, true));
    expect(screen.getByText(/count/).textContent).toBe('count 9');
    act(() => first.set(value, 4));
    expect(screen.getByText(/count/).textContent).toBe('count 9');
    rerender(view(second, false));
    expect(mounts).toEqual(['mount', 'unmount', 'mount', 'unmount']);
  });

  it('never draws the old store or atom once it is given another: each drawn value is recorded', () => {
    const first = createStore();
    const second = createStore();
    const one = atom(1);
    const two = atom(2);
    second.set(one, 9);
    const drawn: number[] = [];
    function Records({ of }: { of: Atom<number> }) {
      drawn.push(useAtomValue(of));
      return null;
    }
    const view = (store: typeof first, of: Atom<number>) => (
      <Provider store={store}>
        <Records of={of} />
      </Provider>
    );
    const { rerender } = render(view(first, one));
    expect([...new Set(drawn)]).toEqual([1]);
    drawn.length = 0;
    rerender(view(second, one));
    expect([...new Set(drawn)]).toEqual([9]);
    drawn.length = 0;
    rerender(view(second, two));
    expect([...new Set(drawn)]).toEqual([2]);
  });

  it("uses Jotai's default store outside any Provider", () => {
    let seen: unknown;
    function Reads() {
      seen = useStore();
      return null;
    }
    render(<Reads />);
    expect(seen).toBe(getDefaultStore());
  });
});
