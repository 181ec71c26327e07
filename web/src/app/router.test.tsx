import { act, render, screen } from '@testing-library/react';
import { Suspense, useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { prefetchContracts } from '../api/appContracts';
import { PAGES_CALLING_AT_LOAD } from './pageContracts';
import { ROUTE_PAGES } from './routePreloads';
import {
  fallbackTarget,
  page,
  pageOf,
  preloadPage,
  rememberRoute,
  routeKeyOf,
  settledWithin,
} from './router';

vi.mock('../api/appContracts', async (original) => ({
  ...(await original<typeof import('../api/appContracts')>()),
  prefetchContracts: vi.fn(),
}));

/** A page module whose load the test resolves, counting the page's mounts. */
function fakePage() {
  let mounts = 0;
  let resolve: (() => void) | undefined;
  function Page({ label }: { readonly label: string }) {
    useEffect(() => {
      mounts++;
    }, []);
    return <p>{label}</p>;
  }
  const loaded = new Promise<{ default: typeof Page }>((done) => {
    resolve = () => done({ default: Page });
  });
  return { load: () => loaded, resolve: () => resolve?.(), mounts: () => mounts };
}

const tree = (Page: ReturnType<typeof page<{ label: string }>>, label: string) => (
  <Suspense fallback={<p>skeleton</p>}>
    <Page label={label} />
  </Suspense>
);

describe('page (a lazily loaded route)', () => {
  it('loaded ahead of its first render, it renders whole at once: no skeleton in between', async () => {
    const fake = fakePage();
    const Page = page(fake.load);
    const preloaded = Page.preload();
    fake.resolve();
    await preloaded;
    act(() => {
      render(tree(Page, 'fines'));
    });
    expect(screen.getByText('fines')).toBeTruthy();
    expect(screen.queryByText('skeleton')).toBeNull();
  });

  it('first rendered before it has loaded, it shows the skeleton, then the page, and is never remounted', async () => {
    const fake = fakePage();
    const Page = page(fake.load);
    const view = render(tree(Page, 'a'));
    expect(screen.getByText('skeleton')).toBeTruthy();
    await act(async () => {
      fake.resolve();
    });
    expect(await screen.findByText('a')).toBeTruthy();
    view.rerender(tree(Page, 'b'));
    expect(screen.getByText('b')).toBeTruthy();
    expect(fake.mounts()).toBe(1);
  });

  it('a page that cannot be fetched fails its preload (preloadPage leaves it to the render, which says so)', async () => {
    const Page = page<object>(() => Promise.reject(new Error('offline')));
    await expect(Page.preload()).rejects.toThrow('offline');
  });

  it('preloadPage of a path without a lazily loaded page (the recharge list, an unknown path) loads nothing', async () => {
    await expect(preloadPage('/recharge-list')).resolves.toBeUndefined();
    await expect(preloadPage('/no-such-page')).resolves.toBeUndefined();
  });
});

describe('the rest of the contracts beside a page', () => {
  beforeEach(() => vi.mocked(prefetchContracts).mockClear());

  it.each([
    [true, 1],
    [false, 0],
  ])('a page that calls at load: %s; loading it fetches them %i time(s)', async (callsAtLoad, times) => {
    await page(() => Promise.resolve({ default: () => null }), callsAtLoad).preload();
    expect(prefetchContracts).toHaveBeenCalledTimes(times);
  });

  it("each path's page calls at load exactly when routePreloads.ts links the contracts beside it", () => {
    expect(Object.keys(ROUTE_PAGES).length).toBeGreaterThan(0);
    for (const [path, module] of Object.entries(ROUTE_PAGES)) {
      const target = pageOf(path);
      expect(target, path).toBeDefined();
      expect([path, target?.callsAtLoad]).toEqual([path, PAGES_CALLING_AT_LOAD.has(module)]);
    }
    // The recharge list is in the entry: no lazily loaded page.
    for (const path of ['/pay', '/recharge', '/recharge-list', '/home'])
      expect(pageOf(path), path).toBeUndefined();
    // The pay step, fines and the room test page call at once; the others wait for the visitor.
    expect([...PAGES_CALLING_AT_LOAD].sort()).toEqual([
      'src/features/fines/FinesPage.tsx',
      'src/features/pay/PayStepPage.tsx',
      'src/features/room/TestPage.tsx',
    ]);
  });
});

describe('settledWithin (how long the first render waits for the page of its address)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });
  const never = new Promise<never>(() => undefined);

  it.each([
    ['a download that stalls', () => never, 3000, 3000],
    ['a page that loads', () => Promise.resolve('page'), 3000, 0],
    ['a page that fails to load', () => Promise.reject(new Error('offline')), 3000, 0],
    ['no bound and a page that loads', () => Promise.resolve('page'), Number.POSITIVE_INFINITY, 0],
  ])('%s (bound %s ms) settles after %s ms', async (_, work, bound, after) => {
    vi.useFakeTimers();
    let settled = false;
    const waiting = settledWithin(work(), bound).then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(Math.max(0, after - 1));
    expect(settled).toBe(after === 0);
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe(true);
    await waiting;
  });

  it('without a bound, a stalled download is waited for', async () => {
    vi.useFakeTimers();
    let settled = false;
    void settledWithin(never, Number.POSITIVE_INFINITY).then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(settled).toBe(false);
  });
});

describe('routeKeyOf (the path a route is looked up by)', () => {
  it.each([
    ['/', '/'],
    ['', ''],
    ['/pay', '/pay'],
    ['/pay/', '/pay'],
    ['/Recharge-List', '/recharge-list'],
    ['/%70ay', '/pay'],
    ['/share.html', '/share.html'],
    ['/pay//', '/pay/'],
    ['/%E0%A4%A', '/%e0%a4%a'],
    ['/pay-step/extra', '/pay-step/extra'],
  ])('%j → %j', (pathname, key) => {
    expect(routeKeyOf(pathname)).toBe(key);
  });
});

describe('an unknown path (fallbackTarget)', () => {
  it('goes to the last route shown, or index, keeping the query', () => {
    expect(fallbackTarget('?tab=2')).toBe('/?tab=2');
    rememberRoute('/nope');
    rememberRoute('/feedback');
    rememberRoute('/also-unknown');
    expect(fallbackTarget('?a=1')).toBe('/feedback?a=1');
    // A route is the route however its path is written.
    rememberRoute('/Recharge-List/');
    expect(fallbackTarget('')).toBe('/recharge-list');
    expect(fallbackTarget('?x=1', '/login')).toBe('/login?x=1');
  });
});
