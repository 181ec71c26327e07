import { ClientCode, COMMON_CODES, ServerCode } from '@topup/contracts/codes';
import { Message } from '@topup/contracts/messages';
import { CALL_NAMES, type CallName, registry } from '@topup/contracts/registry/index';
import { describe, expect, it, vi } from 'vitest';
import { envelope, fakeTransport } from '../test/fakeTransport';
import { appContracts, appMessageOf, prefetchContractsOnInteraction } from './appContracts';
import { createClient } from './client';
import { contractSource } from './contracts';

const checkData = {
  uid: 1002,
  display_id: '10000002',
  is_guest: false,
  nickname: 'Omar',
  icon: '/static/avatars/1002.png',
  status: 0,
  streamer_state: 'NONE',
  room_id: 0,
};

function deferredRegistry() {
  const loads: { resolve: () => void; reject: (error: Error) => void }[] = [];
  const load = vi.fn(
    () =>
      new Promise<typeof registry>((resolve, reject) => {
        loads.push({ resolve: () => resolve(registry), reject });
      }),
  );
  return { load, loads };
}

describe('the contract source', () => {
  it('answers the first-screen calls at once and the others only once the registry has loaded', async () => {
    const { load, loads } = deferredRegistry();
    const source = contractSource({ config: registry.config }, load);
    expect(source.loaded('config')).toBe(registry.config);
    expect(source.loaded('checkDisplayId')).toBeUndefined();
    const first = source.all();
    const second = source.all();
    expect(load).toHaveBeenCalledTimes(1);
    loads[0]?.resolve();
    expect(await first).toBe(registry);
    expect(await second).toBe(registry);
    expect(source.loaded('checkDisplayId')).toBe(registry.checkDisplayId);
  });

  it('fetches again after a failed load (the network may be back)', async () => {
    const { load, loads } = deferredRegistry();
    const source = contractSource({}, load);
    const failed = source.all();
    loads[0]?.reject(new Error('offline'));
    await expect(failed).rejects.toThrow('offline');
    const retried = source.all();
    expect(load).toHaveBeenCalledTimes(2);
    loads[1]?.resolve();
    expect(await retried).toBe(registry);
  });

  it("the app's first-screen contracts are the registry's own, the rest arrive with its chunk", async () => {
    const first = CALL_NAMES.filter((name) => appContracts.loaded(name) !== undefined);
    expect(first.sort()).toEqual(
      (
        [
          'backupDomains',
          'batchRequest',
          'config',
          'getPayUserInfo',
          'getRechargeListV3',
          'hii',
          'position',
          'rechargeFillRecord',
          'serverTime',
          'uploadRechargeFillRecord',
        ] as CallName[]
      ).sort(),
    );
    for (const name of first) expect(appContracts.loaded(name)).toBe(registry[name]);
    await appContracts.all();
    for (const name of CALL_NAMES) expect(appContracts.loaded(name)).toBe(registry[name]);
  });
});

describe("the app's messages", () => {
  it('answers every code a call may answer, and the client codes, before the rest of the contracts loads', () => {
    const codes = new Set<number>([
      ...COMMON_CODES,
      ...Object.values(ClientCode),
      ...CALL_NAMES.flatMap((name) => registry[name].codes),
    ]);
    for (const code of codes)
      if (code !== ServerCode.ok) expect(appMessageOf(code), `code ${code}`).toMatch(/[\u0600-\u06FF]/);
  });
});

describe('the client with contracts still to load', () => {
  function clientWith(load: () => Promise<typeof registry>) {
    const fake = fakeTransport(() => envelope(checkData));
    const onError = vi.fn();
    const client = createClient({
      contracts: contractSource({ config: registry.config }, load),
      transport: fake.transport,
      base: () => '',
      headers: () => ({}),
      onError,
    });
    return { client, requests: fake.requests, onError };
  }

  it('sends a call outside the first screen once its contract has arrived', async () => {
    const { load, loads } = deferredRegistry();
    const { client, requests } = clientWith(load);
    const answer = client.call('checkDisplayId', { display_id: '10000002', source: 1 });
    await Promise.resolve();
    expect(requests).toHaveLength(0);
    loads[0]?.resolve();
    expect(await answer).toEqual({ ok: true, data: checkData });
    expect(requests[0]?.url).toBe('/api/web/check_display_id/?display_id=10000002&source=1');
  });

  it('answers -2 with the network message, sends nothing, when the contracts cannot be fetched; retries next call', async () => {
    const { load, loads } = deferredRegistry();
    const { client, requests, onError } = clientWith(load);
    const failed = client.call('checkDisplayId', { display_id: '10000002', source: 1 });
    loads[0]?.reject(new Error('offline'));
    expect(await failed).toEqual({ ok: false, result: -2, message: Message.network });
    expect(requests).toHaveLength(0);
    expect(onError).toHaveBeenCalledWith({
      result: -2,
      message: Message.network,
      path: '',
      call: 'checkDisplayId',
    });
    const retried = client.call('checkDisplayId', { display_id: '10000002', source: 1 });
    await vi.waitFor(() => expect(loads).toHaveLength(2));
    loads[1]?.resolve();
    expect((await retried).ok).toBe(true);
  });
});

describe('a contracts chunk that never arrives', () => {
  it("answers -2 after the call's own time limit instead of waiting for ever", async () => {
    vi.useFakeTimers();
    const fake = fakeTransport(() => envelope(checkData));
    const client = createClient({
      contracts: contractSource({}, () => new Promise(() => undefined)),
      transport: fake.transport,
      base: () => '',
      headers: () => ({}),
      timeoutMs: 5_000,
    });
    const answer = client.call('checkDisplayId', { display_id: '10000002', source: 1 });
    await vi.advanceTimersByTimeAsync(4_999);
    expect(fake.requests).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(await answer).toEqual({ ok: false, result: -2, message: Message.network });
    expect(fake.requests).toHaveLength(0);
    vi.useRealTimers();
  });
});

describe('prefetching on the first interaction', () => {
  it.each(['pointerdown', 'keydown', 'touchstart'])(
    'a %s fetches the registry once and stops listening',
    async (event) => {
      const target = new EventTarget();
      const all = vi.spyOn(appContracts, 'all');
      prefetchContractsOnInteraction(target as unknown as Window);
      expect(all).not.toHaveBeenCalled();
      target.dispatchEvent(new Event(event));
      target.dispatchEvent(new Event('pointerdown'));
      target.dispatchEvent(new Event('keydown'));
      expect(all).toHaveBeenCalledTimes(1);
      all.mockRestore();
    },
  );
});
