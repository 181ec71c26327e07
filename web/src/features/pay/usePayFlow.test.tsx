import { act, cleanup, renderHook } from '@testing-library/react';
import type { CallName } from '@topup/contracts/registry/index';
import { Provider } from 'jotai';
import { createStore } from 'jotai/vanilla';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signInAtom } from '../../session/session';
import { usePayFlow } from './usePayFlow';

/**
 * SPEC §4 success: the success panel's remember-card choice toggles the saved card's remember flag, each way
 * (updateCardSource with the flag the visitor set). The order engine is stubbed with a new card just paid.
 */

const calls: { name: CallName; params: unknown }[] = [];
vi.mock('../../api/instance', () => ({
  api: {
    call: (name: CallName, params: unknown) => {
      calls.push({ name, params });
      return Promise.resolve({ ok: true, data: {} });
    },
  },
}));
// The saved cards asked for on opening: not this test's concern.
vi.mock('./load', () => ({ fetchSavedCards: () => Promise.resolve() }));
vi.mock('./useOrderEngine', () => ({
  useOrderEngine: () => ({
    paidCard: { sourceId: 'src_new4444', remembered: true },
    setPaidCard: () => {},
    notice: undefined,
    noticePlace: undefined,
  }),
}));

afterEach(() => {
  cleanup();
  localStorage.clear();
  calls.length = 0;
});

describe('the success panel’s remember-card choice @spec:pay.remember', () => {
  it('sends the flag the visitor set, unticked then ticked again', () => {
    const store = createStore();
    store.set(signInAtom, {
      session: {
        session_key: 'sk-10000001',
        user: { uid: 1001, display_uid: '10000001', nickname: 'ريم', icon: '', session_key: 'sk-10000001' },
      },
      loginType: 'account',
    });
    const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
    const { result } = renderHook(
      () => usePayFlow({ recharge_id: 'rc_499', pay_type: 23, to_uid: 1001 }, () => {}),
      { wrapper },
    );
    const onRemember = result.current.onRemember;
    if (onRemember === undefined) throw new Error('no remember choice offered to a signed-in visitor');
    act(() => onRemember(false));
    act(() => onRemember(true));
    expect(calls.filter((c) => c.name === 'updateCardSource').map((c) => c.params)).toEqual([
      expect.objectContaining({ source_id: 'src_new4444', is_remember: false, session_key: 'sk-10000001' }),
      expect.objectContaining({ source_id: 'src_new4444', is_remember: true, session_key: 'sk-10000001' }),
    ]);
  });
});
