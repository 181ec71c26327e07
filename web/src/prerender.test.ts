import { describe, expect, it } from 'vitest';
import { filesOf, inlineStyles, type Manifest, pageFileOf } from './prerender';

/** A build's manifest as Vite writes it: the entry, a page importing a shared chunk, a chunk of the entry's. */
const manifest: Manifest = {
  'index.html': { file: 'assets/index-a.js', imports: ['_react-b.js'], css: ['assets/index-c.css'] },
  '_react-b.js': { file: 'assets/react-b.js' },
  '_payment-d.js': { file: 'assets/payment-d.js', imports: ['_react-b.js'], css: ['assets/payment-e.css'] },
  'src/features/fines/FinesPage.tsx': {
    file: 'assets/FinesPage-f.js',
    imports: ['_payment-d.js', '_react-b.js', 'index.html'],
    css: ['assets/FinesPage-g.css', 'assets/payment-e.css'],
  },
};

describe("a route's page links", () => {
  it("its chunk, the chunks it imports and their styles, each once, never what the entry's page links", () => {
    expect(filesOf(manifest, 'src/features/fines/FinesPage.tsx', 'index.html')).toEqual({
      js: ['assets/FinesPage-f.js', 'assets/payment-d.js'],
      css: ['assets/FinesPage-g.css', 'assets/payment-e.css'],
    });
  });

  it('fails the build for a page Vite did not build', () => {
    expect(() => filesOf(manifest, 'src/features/gone/GonePage.tsx', 'index.html')).toThrow(
      "Vite's manifest has no src/features/gone/GonePage.tsx",
    );
  });

  it('is written where a static host looks for the path: / is index.html, /fines fines/index.html', () => {
    expect(pageFileOf('/')).toBe('index.html');
    expect(pageFileOf('/fines')).toBe('fines/index.html');
    expect(pageFileOf('/share.html')).toBe('share.html/index.html');
  });
});

describe("a route's page has its styles written in", () => {
  const sheets: Record<string, string> = {
    'assets/index-c.css': 'body{color:red}',
    'assets/FinesPage-g.css': '.fine{content:"a>b"}',
    'assets/evil.css': '.x{content:"</style><script>alert(1)</script>"}',
  };
  const read = async (file: string) => {
    const text = sheets[file];
    if (text === undefined) throw new Error(`no ${file}`);
    return text;
  };
  const link = (file: string) => `<link rel="stylesheet" crossorigin href="/${file}">`;

  it.each([
    ['no sheet', '<head><title>t</title></head>', '<head><title>t</title></head>'],
    [
      'one sheet, where it was linked',
      `<head>${link('assets/index-c.css')}</head>`,
      '<head><style data-href="/assets/index-c.css">body{color:red}</style></head>',
    ],
    [
      'two sheets, in their order',
      `${link('assets/index-c.css')}\n${link('assets/FinesPage-g.css')}`,
      '<style data-href="/assets/index-c.css">body{color:red}</style>\n<style data-href="/assets/FinesPage-g.css">.fine{content:"a>b"}</style>',
    ],
  ])('%s', async (_case, html, written) => {
    expect(await inlineStyles(html, read, { pageSheets: true })).toBe(written);
  });

  it("writes the entry's sheets without an address: nothing links them again", async () => {
    expect(await inlineStyles(link('assets/index-c.css'), read, { pageSheets: false })).toBe(
      '<style>body{color:red}</style>',
    );
  });

  it('fails the build for a sheet that would close its <style>', async () => {
    await expect(inlineStyles(link('assets/evil.css'), read, { pageSheets: true })).rejects.toThrow(
      'cannot be written into a <style>',
    );
  });

  it('fails the build for a linked sheet it cannot read', async () => {
    await expect(inlineStyles(link('assets/gone.css'), read, { pageSheets: false })).rejects.toThrow(
      'no assets/gone.css',
    );
  });
});
