import { ClientCode } from '@topup/contracts/codes';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NativeBridge } from '../platform/bridgeDetect';

/** An app whose bridge carries API calls (wrapApi) and answers the position call with a country. */
function appWithBridge() {
  const carried: { method: string; url: unknown }[] = [];
  const bridge: NativeBridge = {
    call: (method, argsJson, id) => {
      const args = JSON.parse(argsJson) as { url?: unknown };
      carried.push({ method, url: args.url });
      const body = JSON.stringify({ result: 0, message: '', data: { country: 'EG' } });
      queueMicrotask(() =>
        window.__nativeBridgeCallback?.(id, JSON.stringify({ code: 0, data: { status: 200, body } })),
      );
    },
  };
  window.NativeBridge = bridge;
  return carried;
}

const fetchSpy = vi.fn(() => Promise.reject(new Error('HTTP not expected inside the app')));

beforeEach(() => {
  vi.resetModules();
  vi.stubGlobal('fetch', fetchSpy);
});

afterEach(() => {
  vi.doUnmock('./bridgeTransport');
  vi.unstubAllGlobals();
  fetchSpy.mockClear();
  delete window.NativeBridge;
  delete window.__nativeBridgeCallback;
});

describe("the app's client inside the native app", () => {
  it('sends calls through the bridge once its transport has loaded', async () => {
    const carried = appWithBridge();
    const { api } = await import('./instance');
    const answer = await api.call('position', {});
    expect(answer.ok && answer.data.country).toBe('EG');
    expect(carried).toEqual([{ method: 'wrapApi', url: expect.stringContaining('/api/timeline/position/') }]);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('fails a call as a bridge failure when the transport cannot be loaded, and loads it for the next call', async () => {
    const carried = appWithBridge();
    vi.doMock('./bridgeTransport', () => {
      throw new Error('chunk failed to load');
    });
    const { api } = await import('./instance');
    const failed = await api.call('position', {});
    expect(failed.ok ? 'answered' : failed.result).toBe(ClientCode.bridge);
    expect(carried).toEqual([]);
    expect(fetchSpy).not.toHaveBeenCalled();

    vi.doUnmock('./bridgeTransport');
    const answer = await api.call('position', {});
    expect(answer.ok && answer.data.country).toBe('EG');
    expect(carried).toHaveLength(1);
  });

  it.each([
    ['?version_code=30507', 'wrapApi2'],
    ['#/recharge-list?version_code=30600', 'wrapApi2'],
    ['?version_code=30506', 'wrapApi'],
    ['?version_code=x', 'wrapApi'],
    // What a number parser would also read is no version code: a link cannot pose as a newer app.
    ['?version_code=3e5', 'wrapApi'],
    ['?version_code=0x7735', 'wrapApi'],
    ['?version_code=30507.5', 'wrapApi'],
    ['', 'wrapApi'],
  ])("carries calls with the method the page's version code %s allows (%s)", async (args, method) => {
    const carried = appWithBridge();
    history.replaceState(null, '', `/recharge-list${args}`);
    try {
      const { api } = await import('./instance');
      await api.call('position', {});
      expect(carried.map((c) => c.method)).toEqual([method]);
    } finally {
      history.replaceState(null, '', '/');
    }
  });
});
