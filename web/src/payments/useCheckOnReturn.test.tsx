import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCheckOnReturn } from './useCheckOnReturn';

afterEach(cleanup);

const run = (first: { offline: boolean; unconfirmed: boolean }) => {
  const check = vi.fn();
  const hook = renderHook((props) => useCheckOnReturn(props.offline, props.unconfirmed, check), {
    initialProps: first,
  });
  return { check, rerender: hook.rerender };
};

describe('useCheckOnReturn', () => {
  it('asks for an unconfirmed order once, as the connection returns', () => {
    const { check, rerender } = run({ offline: false, unconfirmed: false });
    rerender({ offline: true, unconfirmed: false });
    rerender({ offline: true, unconfirmed: true });
    expect(check).not.toHaveBeenCalled();
    rerender({ offline: false, unconfirmed: true });
    expect(check).toHaveBeenCalledTimes(1);
    rerender({ offline: false, unconfirmed: true });
    expect(check).toHaveBeenCalledTimes(1);
  });

  it('asks nothing when no order is unconfirmed, or the connection never went', () => {
    const none = run({ offline: true, unconfirmed: false });
    none.rerender({ offline: false, unconfirmed: false });
    expect(none.check).not.toHaveBeenCalled();
    const online = run({ offline: false, unconfirmed: false });
    online.rerender({ offline: false, unconfirmed: true });
    expect(online.check).not.toHaveBeenCalled();
  });
});
