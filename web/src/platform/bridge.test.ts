import { BridgeError } from '@topup/contracts/codes';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiBridgeMethod, bridgeCall } from './bridge';
import { type NativeBridge, waitForBridge } from './bridgeDetect';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  delete window.NativeBridge;
});

describe('native bridge', () => {
  it('polls every 16 ms up to 50 tries', async () => {
    const found = waitForBridge();
    vi.advanceTimersByTime(16 * 10);
    const bridge: NativeBridge = { call: vi.fn() };
    window.NativeBridge = bridge;
    vi.advanceTimersByTime(16);
    await expect(found).resolves.toBe(bridge);
    delete window.NativeBridge;
    const missing = waitForBridge();
    vi.advanceTimersByTime(16 * 50);
    await expect(missing).resolves.toBeUndefined();
  });

  it('tries 50 times: a bridge there by the 50th try (at 784 ms) is found, a later one is not @spec:limit.bridgePoll', async () => {
    const bridge: NativeBridge = { call: vi.fn() };
    const last = waitForBridge();
    vi.advanceTimersByTime(16 * 48);
    window.NativeBridge = bridge;
    vi.advanceTimersByTime(16);
    await expect(last).resolves.toBe(bridge);
    delete window.NativeBridge;
    const missed = waitForBridge();
    vi.advanceTimersByTime(16 * 49);
    window.NativeBridge = bridge;
    vi.advanceTimersByTime(16 * 10);
    await expect(missed).resolves.toBeUndefined();
  });

  it('answers through the callback, and times out after 5 s @spec:limit.bridgeCall', async () => {
    const bridge: NativeBridge = {
      call: (_method, _args, id) =>
        setTimeout(
          () => window.__nativeBridgeCallback?.(id, JSON.stringify({ code: 0, data: { open_id: 'o1' } })),
          10,
        ),
    };
    const answered = bridgeCall(bridge, 'x', {});
    vi.advanceTimersByTime(10);
    await expect(answered).resolves.toEqual({ code: BridgeError.NoError, data: { open_id: 'o1' } });
    const silent: NativeBridge = { call: () => {} };
    const late = bridgeCall(silent, 'x', {});
    vi.advanceTimersByTime(5000);
    await expect(late).resolves.toMatchObject({ code: BridgeError.Unknown, timedOut: true });
  });

  it('uses wrapApi2 only from Android version code 30507', () => {
    expect(apiBridgeMethod(30506)).toBe('wrapApi');
    expect(apiBridgeMethod(30507)).toBe('wrapApi2');
    expect(apiBridgeMethod(undefined)).toBe('wrapApi');
  });
});
