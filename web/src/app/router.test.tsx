import { act, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { prefetchContracts } from '../api/appContracts';
import { page } from './lazyPage';
import {
  fallbackTarget,
  firstRenderOf,
  HomeRedirect,
  PAGE_PATHS,
  pageOf,
  preloadPage,
  rememberRoute,
  routeKeyOf,
  startPathOf,
} from './router';

/** The login page's download, held until the test lets it arrive; the feedback page's fails. */
const loginDownload = vi.hoisted(() => {
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  return { arrived, arrive: () => arrive() };
});
vi.mock('../features/login/LoginPage', async () => {
  await loginDownload.arrived;
  return { default: () => null };
});
vi.mock('../features/feedback/FeedbackPage', () => {
  throw new Error('offline');
});

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

/** The page in a tree with no Suspense boundary of its own: a page not yet loaded brings its own. */
const tree = (Page: ReturnType<typeof page<{ label: string }>>, label: string) => <Page label={label} />;
const SKELETON = <p>skeleton</p>;

describe('page (a lazily loaded route)', () => {
  it('loaded ahead of its first render, it renders whole at once: no skeleton in between', async () => {
    const fake = fakePage();
    const Page = page('src/features/fake/FakePage.tsx', fake.load, false, SKELETON);
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
    const Page = page('src/features/fake/FakePage.tsx', fake.load, false, SKELETON);
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
    const Page = page<object>('src/features/fake/FakePage.tsx', () => Promise.reject(new Error('offline')));
    await expect(Page.preload()).rejects.toThrow('offline');
  });

  it.each([
    ['/home', '/'],
    ['/HOME/', '/'],
    ['/no-such-page', '/'],
    ['/', undefined],
    ['/recharge-list', undefined],
    ['/Pay-Step/', undefined],
  ])('a visit starting at %s is drawn at %s', (path, start) => {
    expect(startPathOf(path)).toBe(start);
  });

  it('preloadPage of a path whose first render draws no lazily loaded code (an unknown path) is ready at once', async () => {
    expect(firstRenderOf('/no-such-page')).toEqual([]);
    await expect(preloadPage('/no-such-page', 3000)).resolves.toBe(true);
  });

  it('the recharge list draws its packages, a chunk of their own, in its first render: preloadPage loads them', async () => {
    for (const path of ['/pay', '/recharge', '/recharge-list'])
      expect(firstRenderOf(path).map((code) => code.module)).toEqual([
        'src/features/recharge/ChargePanel.tsx',
      ]);
    await expect(preloadPage('/recharge-list', 3000)).resolves.toBe(true);
  });
});

describe('the rest of the contracts beside a page', () => {
  beforeEach(() => vi.mocked(prefetchContracts).mockClear());

  it.each([
    [true, 1],
    [false, 0],
  ])('a page that calls at load: %s; loading it fetches them %i time(s)', async (callsAtLoad, times) => {
    await page(
      'src/features/fake/FakePage.tsx',
      () => Promise.resolve({ default: () => null }),
      callsAtLoad,
    ).preload();
    expect(prefetchContracts).toHaveBeenCalledTimes(times);
  });

  it('the pay step, fines and the room test page call at load; the other pages wait for the visitor', () => {
    const calling = PAGE_PATHS.filter((path) => pageOf(path)?.callsAtLoad === true);
    expect(calling.sort()).toEqual(['/fines', '/pay-step', '/test']);
    // The recharge list is in the entry: no lazily loaded page.
    for (const path of ['/pay', '/recharge', '/recharge-list', '/home'])
      expect(pageOf(path), path).toBeUndefined();
  });
});

describe('the pages the build renders (prerender.tsx)', () => {
  it("names the lazily loaded code of each route's first render by a module of the source, which Vite's manifest keys it by", () => {
    const sources = import.meta.glob('../features/*/*.tsx');
    const named = PAGE_PATHS.flatMap((path) => firstRenderOf(path).map((code) => code.module));
    expect(named.length).toBeGreaterThan(5);
    for (const module of named)
      expect(Object.keys(sources), module).toContain(module.replace(/^src\//, '../'));
  });

  it('renders every route that draws a page, not those that only send the visitor on', () => {
    expect(PAGE_PATHS).toContain('/recharge-list');
    expect(PAGE_PATHS).toContain('/share.html');
    expect(PAGE_PATHS).not.toContain('/home');
    expect(PAGE_PATHS).not.toContain('/privacy');
  });
});

describe('preloadPage (how long the first render waits for the page of its address)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Whether `preloadPage` has settled after `ms`, and after one more; then whether the page was ready. */
  async function settledAfter(
    pathname: string,
    ms: number,
    atMostMs = 3000,
  ): Promise<[boolean, boolean, boolean?]> {
    vi.useFakeTimers();
    let settled = false;
    const waiting = preloadPage(pathname, atMostMs).then((ready) => {
      settled = true;
      return ready;
    });
    await vi.advanceTimersByTimeAsync(ms);
    const before = settled;
    await vi.advanceTimersByTimeAsync(1);
    const after = settled;
    return after ? [before, after, await waiting] : [before, after];
  }

  it('a download that stalls is waited for 3 s, then the render goes on, over the built page', async () => {
    expect(await settledAfter('/login', 2999)).toEqual([false, true, false]);
  });

  it('a visit React hydrates waits longer (start.tsx gives it 8 s), and then goes on too', async () => {
    expect(await settledAfter('/login', 7999, 8000)).toEqual([false, true, false]);
  });

  it('a page that loads, or fails to load, is waited for no longer than it takes; only one loaded is ready', async () => {
    loginDownload.arrive();
    expect(await settledAfter('/login', 0)).toEqual([true, true, true]);
    expect(await settledAfter('/Feedback/', 0)).toEqual([true, true, false]);
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

describe('an unknown path (fallbackTarget) @spec:limit.routes', () => {
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

describe('/home (SPEC §2: goes to index) @spec:limit.routes', () => {
  afterEach(() => history.replaceState(null, '', '/'));

  it.each([
    ['/home?tab=2', '/?tab=2'],
    ['/home?tab=2&jump_app_store=1', '/?tab=2&jump_app_store=1'],
    ['/home', '/'],
  ])('%s → %s, keeping the query as every redirect of the router does', (from, to) => {
    history.replaceState(null, '', from);
    act(() => {
      render(<HomeRedirect />);
    });
    expect(`${location.pathname}${location.search}`).toBe(to);
  });
});
