import { describe, expect, it } from 'vitest';
import { filesOf, type Manifest, pageFileOf } from './prerender';

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
