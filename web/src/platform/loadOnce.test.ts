// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  failedModuleAddress,
  importFresh,
  importFreshIn,
  LATE,
  loadOnce,
  type ModuleHost,
  OfflineLoad,
  within,
} from './loadOnce';

describe('loadOnce', () => {
  it('loads on first use only, and every use gets the same value', async () => {
    const load = vi.fn(async () => ({ module: 1 }));
    const get = loadOnce(load);
    expect(load).not.toHaveBeenCalled();
    const [a, b] = await Promise.all([get(), get()]);
    expect(a).toBe(b);
    expect(await get()).toBe(a);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('forgets a failed load: that use fails, the next one loads again', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce('loaded');
    const get = loadOnce(load);
    await expect(get()).rejects.toThrow('offline');
    await expect(get()).resolves.toBe('loaded');
    await expect(get()).resolves.toBe('loaded');
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('within (a wait no longer than its time limit)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each([
    ['a value in time', () => Promise.resolve('code'), 'code'],
    ['a value that never comes', () => new Promise<string>(() => undefined), LATE],
  ])('%s', async (_, make, want) => {
    vi.useFakeTimers();
    const result = within(make(), 1000);
    await vi.advanceTimersByTimeAsync(1000);
    await expect(result).resolves.toBe(want);
    // Its timer is gone either way.
    expect(vi.getTimerCount()).toBe(0);
  });

  it('passes a rejection on, and clears its timer', async () => {
    vi.useFakeTimers();
    await expect(within(Promise.reject(new Error('offline')), 1000)).rejects.toThrow('offline');
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('failedModuleAddress (Chromium keeps a failed module fetch failed)', () => {
  const origin = 'https://topup.example';
  it.each<[string, unknown, string | undefined]>([
    [
      "Chromium's error for the app's chunk",
      new TypeError(
        'Failed to fetch dynamically imported module: https://topup.example/assets/choose-Ab1.js',
      ),
      'https://topup.example/assets/choose-Ab1.js',
    ],
    [
      'an address with a query keeps it',
      new TypeError('Failed to fetch dynamically imported module: https://topup.example/assets/x.js?v=2'),
      'https://topup.example/assets/x.js?v=2',
    ],
    [
      'another origin is not fetched',
      new TypeError('Failed to fetch dynamically imported module: https://evil.example/x.js'),
      undefined,
    ],
    [
      "Firefox's error names no address",
      new TypeError('error loading dynamically imported module'),
      undefined,
    ],
    ['not an address', new TypeError('Failed to fetch dynamically imported module: not a url'), undefined],
    ['not an error', 'Failed to fetch dynamically imported module: https://topup.example/a.js', undefined],
  ])('%s', (_, error, expected) => {
    expect(failedModuleAddress(error, origin)?.href).toBe(expected);
  });

  it('importFresh passes on an error that names no address, and a success as it is', async () => {
    const refused = new TypeError('error loading dynamically imported module');
    await expect(importFresh(() => Promise.reject(refused))).rejects.toBe(refused);
    const other = new Error('not an import');
    await expect(importFresh(() => Promise.reject(other))).rejects.toBe(other);
    await expect(importFresh(async () => ({ module: 1 }))).resolves.toEqual({ module: 1 });
  });
});

describe('importFresh offline', () => {
  afterEach(() => vi.unstubAllGlobals());
  it('asks for nothing while the browser is offline, and loads once it is back', async () => {
    const importer = vi.fn(async () => ({ module: 1 }));
    vi.stubGlobal('navigator', { onLine: false });
    await expect(importFresh(importer)).rejects.toBeInstanceOf(OfflineLoad);
    expect(importer).not.toHaveBeenCalled();
    vi.stubGlobal('navigator', { onLine: true });
    await expect(importFresh(importer)).resolves.toEqual({ module: 1 });
  });
});

describe('importFresh when a retry cannot help (a chunk it imports stays failed)', () => {
  const failed = (href: string) => new TypeError(`Failed to fetch dynamically imported module: ${href}`);
  const address = 'https://app.example/assets/choose-1.js';
  const host = (over: Partial<ModuleHost>) => {
    const reloadNeeded = vi.fn();
    const importAddress = vi.fn(async (href: string): Promise<unknown> => {
      throw failed(href);
    });
    return {
      reloadNeeded,
      importAddress,
      host: {
        online: () => true,
        origin: 'https://app.example',
        importAddress,
        served: async () => true,
        reloadNeeded,
        ...over,
      } satisfies ModuleHost,
    };
  };

  // [case, the host, whether the page is told to reload]
  it.each<[string, Partial<ModuleHost>, boolean]>([
    ['online, the server has the module, the fresh address fails too', {}, true],
    ['the server does not have it (a deploy replaced the files)', { served: async () => false }, false],
    [
      'offline again by the time the retry failed',
      { online: vi.fn().mockReturnValueOnce(true).mockReturnValue(false) },
      false,
    ],
  ])('%s', async (_, over, told) => {
    const { host: h, reloadNeeded, importAddress } = host(over);
    await expect(importFreshIn(() => Promise.reject(failed(address)), h)).rejects.toThrow(
      /choose-1\.js\?retry=/,
    );
    expect(importAddress).toHaveBeenCalledOnce();
    expect(reloadNeeded).toHaveBeenCalledTimes(told ? 1 : 0);
  });

  it('a fresh address that loads is the module, with nothing said', async () => {
    const { host: h, reloadNeeded } = host({ importAddress: async () => ({ module: 2 }) });
    await expect(importFreshIn(() => Promise.reject(failed(address)), h)).resolves.toEqual({ module: 2 });
    expect(reloadNeeded).not.toHaveBeenCalled();
  });

  it('an error naming another origin is passed on, never retried', async () => {
    const { host: h, importAddress } = host({});
    const foreign = failed('https://cdn.example/x.js');
    await expect(importFreshIn(() => Promise.reject(foreign), h)).rejects.toBe(foreign);
    expect(importAddress).not.toHaveBeenCalled();
  });
});
