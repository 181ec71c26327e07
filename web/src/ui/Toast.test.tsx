import { act, cleanup, render, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import { createStore } from 'jotai/vanilla';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastHost } from './Toast';
import { showToastAtom } from './toast';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** The host in a container watched from before its first render: which nodes were added to which parent. */
function mount(store: ReturnType<typeof createStore>) {
  const container = document.body.appendChild(document.createElement('div'));
  const added: { parent: Node; node: Node }[] = [];
  const note = (records: MutationRecord[]) => {
    for (const record of records)
      for (const node of record.addedNodes) added.push({ parent: record.target, node });
  };
  const observer = new MutationObserver(note);
  observer.observe(container, { childList: true, subtree: true });
  render(
    <Provider store={store}>
      <ToastHost />
    </Provider>,
    { container },
  );
  const addedSoFar = () => {
    note(observer.takeRecords());
    return added;
  };
  return { added: addedSoFar, region: () => screen.getByTestId('toast') };
}

describe('ToastHost', () => {
  it('a toast written before the page was drawn is added to a region already there, so it is announced', async () => {
    const store = createStore();
    store.set(showToastAtom, { text: 'انتهت جلستك', tone: 'error' });
    const { added, region } = mount(store);
    await act(async () => {});
    expect(region().textContent).toBe('انتهت جلستك');
    const toast = region().firstElementChild;
    expect(added().some(({ parent, node }) => parent === region() && node === toast)).toBe(true);
  });

  it('shows a toast for 3 s from when it shows, then the region is empty again @spec:limit.toast', () => {
    vi.useFakeTimers();
    const store = createStore();
    const { region } = mount(store);
    act(() => store.set(showToastAtom, { text: 'تم تسجيل الخروج' }));
    expect(region().textContent).toBe('تم تسجيل الخروج');
    act(() => vi.advanceTimersByTime(2_999));
    expect(region().textContent).toBe('تم تسجيل الخروج');
    act(() => vi.advanceTimersByTime(1));
    expect(region().textContent).toBe('');
  });
});
