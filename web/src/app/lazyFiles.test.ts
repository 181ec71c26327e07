import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { filesOf, forgetLinked, preloadThen } from './lazyFiles';

const plan = {
  f: ['/assets/Page.js', '/assets/shared.js', '/assets/Page.css', '/assets/Popup.js'],
  d: [[0, 1, 2], [3], []],
};

describe('filesOf (what the plan lists for a lazy chunk, checked)', () => {
  it.each([
    ['a key', plan, 0, ['/assets/Page.js', '/assets/shared.js', '/assets/Page.css']],
    ['another key', plan, 1, ['/assets/Popup.js']],
    ['an empty list', plan, 2, []],
    ['no key (a chunk Vite listed nothing for)', plan, undefined, []],
    ["Vite's empty list", plan, [], []],
    ['a key past the end', plan, 3, []],
    ['a negative key', plan, -1, []],
    ['a fractional key', plan, 0.5, []],
    ['a key as text', plan, '0', []],
    ['no plan', undefined, 0, []],
    ['a plan without lists', { f: 'x', d: 'y' }, 0, []],
    ['a list that is not one', { f: plan.f, d: ['0'] }, 0, []],
    ['indexes out of range or not whole', { f: plan.f, d: [[9, -1, 0.5, '1', 1]] }, 0, ['/assets/shared.js']],
    ['the same file twice', { f: plan.f, d: [[3, 3]] }, 0, ['/assets/Popup.js']],
    [
      'files that are not the build’s own scripts and styles',
      {
        f: [
          'https://evil.example/x.js',
          '//evil.example/x.js',
          '/assets/../../x.js',
          'javascript:alert(1)//.js',
          '/assets/x.html',
          '/assets/ok.js',
        ],
        d: [[0, 1, 2, 3, 4, 5]],
      },
      0,
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
    const result = preloadThen(load, 0);
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
    const first = preloadThen(async () => 1, 0);
    styleLink('/assets/Page.css').dispatchEvent(new Event('load'));
    await first;
    await expect(preloadThen(async () => 2, 0)).resolves.toBe(2);
    expect(links()).toHaveLength(3);
  });

  it('fails the import when the style sheet fails, and tries the style sheet again on the next import', async () => {
    const load = vi.fn(async () => 'module');
    const failed = preloadThen(load, 0);
    styleLink('/assets/Page.css').dispatchEvent(new Event('error'));
    await expect(failed).rejects.toThrow(/Page\.css could not be loaded/);
    expect(load).not.toHaveBeenCalled();
    expect(document.head.querySelector('link[rel="stylesheet"]')).toBeNull();
    const again = preloadThen(load, 0);
    styleLink('/assets/Page.css').dispatchEvent(new Event('load'));
    await expect(again).resolves.toBe('module');
  });

  it('imports at once, linking nothing, without a plan or a key', async () => {
    vi.stubGlobal('__topupPlan', undefined);
    await expect(preloadThen(async () => 'a', 0)).resolves.toBe('a');
    vi.stubGlobal('__topupPlan', plan);
    await expect(preloadThen(async () => 'b', [])).resolves.toBe('b');
    await expect(preloadThen(async () => 'c')).resolves.toBe('c');
    expect(links()).toEqual([]);
  });

  it('passes on a failed import', async () => {
    await expect(preloadThen(() => Promise.reject(new Error('chunk failed')), 1)).rejects.toThrow(
      'chunk failed',
    );
  });
});
