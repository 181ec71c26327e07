import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCheckOnReconnect } from './useCheckOnReconnect';

let onLine = true;
const fire = (type: 'online' | 'offline') =>
  act(() => {
    onLine = type === 'online';
    dispatchEvent(new Event(type));
  });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  onLine = true;
});

const run = (unconfirmed: boolean) => {
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => onLine);
  const check = vi.fn();
  const hook = renderHook((props) => useCheckOnReconnect(props.unconfirmed, check), {
    initialProps: { unconfirmed },
  });
  return { check, hook };
};

describe('useCheckOnReconnect', () => {
  it('says offline, and asks for the unconfirmed order once as the connection returns', () => {
    const { check, hook } = run(false);
    fire('offline');
    hook.rerender({ unconfirmed: true });
    expect(hook.result.current).toBe(true);
    expect(check).not.toHaveBeenCalled();
    fire('online');
    expect(hook.result.current).toBe(false);
    expect(check).toHaveBeenCalledTimes(1);
    hook.rerender({ unconfirmed: true });
    expect(check).toHaveBeenCalledTimes(1);
  });

  it('asks nothing when no order is unconfirmed', () => {
    const { check } = run(false);
    fire('offline');
    fire('online');
    expect(check).not.toHaveBeenCalled();
  });
});
