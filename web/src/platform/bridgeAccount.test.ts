import { BridgeError } from '@topup/contracts/codes';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answering } from '../test/fakeBridge';
import { BridgeMethod } from './bridge';
import { bridgeLoginTicket, bridgeUserInfo } from './bridgeAccount';
import type { NativeBridge } from './bridgeDetect';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  delete window.NativeBridge;
});

describe("the app's account over the bridge", () => {
  it('waits 1 s for the user info, open_id or openid', async () => {
    const bridge: NativeBridge = {
      call: (_m, _a, id) =>
        window.__nativeBridgeCallback?.(id, JSON.stringify({ code: 0, data: { openid: 'o2' } })),
    };
    await expect(bridgeUserInfo(bridge)).resolves.toEqual({ openId: 'o2' });
    const silent = bridgeUserInfo({ call: () => {} });
    vi.advanceTimersByTime(1000);
    await expect(silent).resolves.toBeUndefined();
  });

  it('asks the app for a login ticket of its open_id, within 5 s', async () => {
    const app = answering({ code: 0, data: { ticket: 'tk-10000001' } }, 200);
    const asked = bridgeLoginTicket(app.bridge, 'app-open-1', window, 'page-uuid');
    await vi.advanceTimersByTimeAsync(200);
    await expect(asked).resolves.toEqual({ ok: true, ticket: 'tk-10000001' });
    // The page's uuid: the app asks for a ticket that signs in this device only.
    expect(app.calls).toEqual([
      { method: BridgeMethod.loginTicket, args: { open_id: 'app-open-1', uuid: 'page-uuid' } },
    ]);
    expect(BridgeMethod.loginTicket).toBe('getLoginTicket');
  });

  it('gives every ticket failure as a value: time-out (5 s), bridge code, no usable ticket @spec:limit.bridgeCall', async () => {
    const silent = bridgeLoginTicket({ call: () => {} }, 'o');
    await vi.advanceTimersByTimeAsync(4_999);
    let settled = false;
    void silent.then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(silent).resolves.toEqual({ ok: false, reason: 'timeout' });

    const refused = bridgeLoginTicket(answering({ code: BridgeError.UnknownService }).bridge, 'o');
    await vi.advanceTimersByTimeAsync(0);
    await expect(refused).resolves.toEqual({
      ok: false,
      reason: 'bridgeError',
      code: BridgeError.UnknownService,
    });

    for (const data of [
      undefined,
      null,
      7,
      {},
      { ticket: '' },
      { ticket: 12 },
      { ticket: 'x'.repeat(257) },
    ]) {
      const empty = bridgeLoginTicket(answering({ code: 0, data }).bridge, 'o');
      await vi.advanceTimersByTimeAsync(0);
      await expect(empty).resolves.toEqual({ ok: false, reason: 'noTicket' });
    }

    const throwing = bridgeLoginTicket(
      {
        call: () => {
          throw new Error('no such method');
        },
      },
      'o',
    );
    await expect(throwing).resolves.toEqual({ ok: false, reason: 'bridgeError', code: BridgeError.BadParam });
  });

  it('a garbled answer is a protocol error, and a late answer after the time-out is ignored', async () => {
    const garbled: NativeBridge = { call: (_m, _a, id) => window.__nativeBridgeCallback?.(id, '{not json') };
    await expect(bridgeLoginTicket(garbled, 'o')).resolves.toEqual({
      ok: false,
      reason: 'bridgeError',
      code: BridgeError.ProtocolError,
    });
    const late = answering({ code: 0, data: { ticket: 'tk-late' } }, 6_000);
    const asked = bridgeLoginTicket(late.bridge, 'o');
    await vi.advanceTimersByTimeAsync(6_000);
    await expect(asked).resolves.toEqual({ ok: false, reason: 'timeout' });
  });
});
