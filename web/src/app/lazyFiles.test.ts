import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { filesOf, forgetLinked, preloadThen } from './lazyFiles';

const plan = {
  f: ['/assets/Page.js', '/assets/shared.js', '/assets/Page.css', '/assets/Popup.js', '/assets/Bare.js'],
  // Each lazy chunk's files under its own place in f.
  d: { 0: [0, 1, 2], 3: [3], 4: [] },
};
const PAGE = '/assets/Page.js';
const POPUP = '/assets/Popup.js';

describe('filesOf (what the plan lists for a lazy chunk, checked)', () => {
  it.each([
    ['a chunk', plan, PAGE, ['/assets/Page.js', '/assets/shared.js', '/assets/Page.css']],
    ['another chunk', plan, POPUP, ['/assets/Popup.js']],
    ['a chunk that needs nothing beside the entry', plan, '/assets/Bare.js', []],
    ['a file the plan lists but not as a lazy chunk', plan, '/assets/shared.js', undefined],
    ['a path the plan does not know (another build)', plan, '/assets/Page-0ld.js', undefined],
    ['no path', plan, undefined, undefined],
    ['a place instead of a path', plan, 0, undefined],
    ['a path as another origin', plan, 'https://evil.example/assets/Page.js', undefined],
    ['no plan', undefined, PAGE, undefined],
    ['a plan without lists', { f: 'x', d: 'y' }, PAGE, undefined],
    ['lists as an array (an older plan)', { f: plan.f, d: [[0, 1, 2]] }, PAGE, undefined],
    ['a list that is not one', { f: plan.f, d: { 0: '0' } }, PAGE, undefined],
    [
      'indexes out of range or not whole',
      { f: plan.f, d: { 0: [9, -1, 0.5, '1', 1] } },
      PAGE,
      ['/assets/shared.js'],
    ],
    ['the same file twice', { f: plan.f, d: { 0: [3, 3] } }, PAGE, ['/assets/Popup.js']],
    [
      'files that are not the build’s own scripts and styles',
      {
        f: [
          '/assets/ok.js',
          'https://evil.example/x.js',
          '//evil.example/x.js',
          '/assets/../../x.js',
          'javascript:alert(1)//.js',
          '/assets/x.html',
        ],
        d: { 0: [1, 2, 3, 4, 5, 0] },
      },
      '/assets/ok.js',
      ['/assets/ok.js'],
    ],
  ])('%s', (_, given, key, want) => {
    expect(filesOf(given, key)).toEqual(want);
  });
});

describe('preloadThen (the preload helper that reads the plan)', () => {
  const links = () =>
    [...document.head.querySelectorAll('link')].map(
      (l) => `${l.rel} ${l.getAttribute('href')} ${l.crossOrigin}`,
    );
  const styleLink = (href: string) => {
    const link = document.head.querySelector(`link[rel="stylesheet"][href="${href}"]`);
    if (link === null) throw new Error(`no stylesheet link for ${href}`);
    return link;
  };

  beforeEach(() => {
    vi.stubGlobal('__topupPlan', plan);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    forgetLinked();
    for (const link of document.head.querySelectorAll('link')) link.remove();
  });

  it("links the chunk's scripts before importing it and waits only for its style sheet", async () => {
    const load = vi.fn(async () => 'module');
    const result = preloadThen(load, PAGE);
    // Scripts and the style sheet are linked at once, before the import.
    expect(links()).toEqual([
      'modulepreload /assets/Page.js ',
      'modulepreload /assets/shared.js ',
      'stylesheet /assets/Page.css ',
    ]);
    await Promise.resolve();
    expect(load).not.toHaveBeenCalled();
    styleLink('/assets/Page.css').dispatchEvent(new Event('load'));
    await expect(result).resolves.toBe('module');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('links each file once, however often it is imported', async () => {
    const first = preloadThen(async () => 1, PAGE);
    styleLink('/assets/Page.css').dispatchEvent(new Event('load'));
    await first;
    await expect(preloadThen(async () => 2, PAGE)).resolves.toBe(2);
    expect(links()).toHaveLength(3);
  });

  it('fails the import when the style sheet fails, and tries the style sheet again on the next import', async () => {
    const load = vi.fn(async () => 'module');
    const failed = preloadThen(load, PAGE);
    styleLink('/assets/Page.css').dispatchEvent(new Event('error'));
    await expect(failed).rejects.toThrow(/Page\.css could not be loaded/);
    expect(load).not.toHaveBeenCalled();
    expect(document.head.querySelector('link[rel="stylesheet"]')).toBeNull();
    const again = preloadThen(load, PAGE);
    styleLink('/assets/Page.css').dispatchEvent(new Event('load'));
    await expect(again).resolves.toBe('module');
  });

  it("imports at once, linking nothing, for Vite's empty list or no list", async () => {
    await expect(preloadThen(async () => 'b', [])).resolves.toBe('b');
    await expect(preloadThen(async () => 'c')).resolves.toBe('c');
    expect(links()).toEqual([]);
  });

  it.each([
    ['no plan', undefined, PAGE],
    ['a path the plan does not know', plan, '/assets/Page-0ld.js'],
    ['a malformed plan', { f: plan.f, d: [[0]] }, PAGE],
  ])('fails the import, loading and linking nothing, with %s', async (_, given, path) => {
    vi.stubGlobal('__topupPlan', given);
    const load = vi.fn(async () => 'module');
    await expect(preloadThen(load, path)).rejects.toThrow(/does not list the lazy chunk/);
    expect(load).not.toHaveBeenCalled();
    expect(links()).toEqual([]);
  });

  it('passes on a failed import', async () => {
    await expect(preloadThen(() => Promise.reject(new Error('chunk failed')), POPUP)).rejects.toThrow(
      'chunk failed',
    );
  });
});
