/**
 * The build's second step (`builder.buildApp` in vite.config.ts): Vite builds this module for Node (its SSR
 * build) after the browser's, and the build runs `writeSite`. Every route of router.tsx is rendered from its own
 * React tree with React's static prerendering into its own HTML file, which the browser then hydrates
 * (main.tsx): the first paint is the page itself, signed out and without arguments, as a first visit sees it.
 * Until React has it (app/start.tsx's `live`), its fields take typing, which the app is given when it starts
 * (platform/earlyInput.ts), and index.html's script holds any other tap, saying the page is still loading.
 * Each file links the chunks its route's first render draws (its page; the recharge list's packages), their
 * imports and their style sheets (from Vite's manifest), so
 * they download beside the entry rather than after it. The security headers are written here too, from the
 * pages' inline scripts.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { createStore } from 'jotai/vanilla';
import { JSDOM } from 'jsdom';
import { prerender } from 'react-dom/static';
import { reportConfig } from './report/config';
import {
  CSP_REPORT_PATH,
  inlineScriptHashes,
  pageHeaders,
  SIGN_IN_PATH,
  staticHostFiles,
} from './security/headers';
import { trustConfig } from './security/trust';

/** What Vite's manifest (`build.manifest`) says of one source module. */
export interface ManifestChunk {
  readonly file: string;
  readonly imports?: readonly string[];
  readonly css?: readonly string[];
}
export type Manifest = Readonly<Record<string, ManifestChunk>>;

/** The file a route is written to: `/` is index.html (also what an unknown path gets), `/fines` fines/index.html. */
export function pageFileOf(path: string): string {
  return path === '/' ? 'index.html' : `${path.slice(1)}/index.html`;
}

/** The files `module` needs beside the entry's: its chunk, the chunks it imports, their style sheets. */
export function filesOf(manifest: Manifest, module: string, entry: string): { js: string[]; css: string[] } {
  const walk = (from: string, seen: Set<string>, js: string[], css: string[]) => {
    const visit = (key: string) => {
      if (seen.has(key)) return;
      seen.add(key);
      const chunk = manifest[key];
      if (chunk === undefined) throw new Error(`Vite's manifest has no ${key}`);
      js.push(chunk.file);
      for (const sheet of chunk.css ?? []) if (!css.includes(sheet)) css.push(sheet);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    visit(from);
  };
  // What the entry loads already is linked by Vite's own index.html.
  const loaded = new Set<string>();
  walk(entry, loaded, [], []);
  const js: string[] = [];
  const css: string[] = [];
  walk(module, loaded, js, css);
  return { js, css };
}

type Router = typeof import('./app/router');
type AppModule = typeof import('./app/App');

/**
 * The route's tree as start.tsx hydrates it (the same `App`), at `path` with a store of its own, the code its
 * first render draws loaded first, as the browser loads it before hydrating.
 */
async function renderRoute({ App }: AppModule, { firstRenderOf }: Router, path: string): Promise<string> {
  await Promise.all(firstRenderOf(path).map((code) => code.preload()));
  const { prelude } = await prerender(<App store={createStore()} />);
  return new Response(prelude).text();
}

/**
 * The browser the app's modules expect (a first visit: empty storage, a phone's width), over jsdom: the app
 * is written for the page, and reads its address, storage and viewport as it starts.
 */
const BROWSER_GLOBALS = [
  'window',
  'document',
  'location',
  'history',
  'navigator',
  'localStorage',
  'sessionStorage',
  'addEventListener',
  'removeEventListener',
  'dispatchEvent',
  'StorageEvent',
  'HTMLElement',
] as const;

function browser(origin: string): JSDOM {
  const dom = new JSDOM('<!doctype html><div id="root"></div>', { url: `${origin}/` });
  for (const name of BROWSER_GLOBALS) {
    const value: unknown = dom.window[name];
    Object.defineProperty(globalThis, name, {
      configurable: true,
      writable: true,
      value: typeof value === 'function' && name.endsWith('EventListener') ? value.bind(dom.window) : value,
    });
  }
  return dom;
}

const ROOT = '<div id="root"></div>';

/** The app's start, which the entry imports once the built page has been painted (main.tsx). */
const START = 'src/app/start.tsx';
/** The code a link that signs in (a session key, a hand-over) runs first: the entry (main.tsx) links it. */
const LINK_SIGN_IN = 'src/features/login/signIn.ts';
const HTML_TAG = '<html lang="ar" dir="rtl">';

/**
 * The page's scripts are fetched at low priority: the built page paints from its HTML and style sheets alone,
 * which a slow phone's connection then carries first, and the app starts after that paint (main.tsx) anyway.
 * Vite writes the entry's script and its imports' preloads into index.html; the pages' own preloads are
 * linked below the same way.
 */
function lowPriorityScripts(html: string): string {
  return html
    .replaceAll('<script type="module" crossorigin', '<script type="module" fetchpriority="low" crossorigin')
    .replaceAll(
      '<link rel="modulepreload" crossorigin',
      '<link rel="modulepreload" fetchpriority="low" crossorigin',
    );
}

const STYLE_LINK = /<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g;

/**
 * The page's style sheets written into it (`read` gives a built file's text): the built page paints once its
 * HTML is here, without a round trip for a sheet first (they are small: the app's own is 15 KB, 4 KB
 * compressed). A page's own sheets (not the entry's) keep their address in `data-href`: main.tsx names them
 * again by disabled links as it starts the app, so that Vite's preload, loading the page's code, finds them
 * linked. (A disabled link in the HTML would be fetched all the same: Chromium's preload scanner does.)
 */
export async function inlineStyles(
  html: string,
  read: (file: string) => Promise<string>,
  { pageSheets }: { pageSheets: boolean },
): Promise<string> {
  const sheets = new Map<string, string>();
  for (const [, file = ''] of html.matchAll(STYLE_LINK)) {
    const text = await read(file);
    if (/<\/style/i.test(text)) throw new Error(`${file} cannot be written into a <style>`);
    sheets.set(file, text);
  }
  return html.replace(
    STYLE_LINK,
    (_link, file: string) => `<style${pageSheets ? ` data-href="/${file}"` : ''}>${sheets.get(file)}</style>`,
  );
}

/** Writes every route's page and the security headers into `outDir`, the browser build's output. */
export async function writeSite(outDir: string, manifest: Manifest, entry = 'index.html'): Promise<void> {
  const read = (file: string) => readFile(join(outDir, file), 'utf8');
  const template = lowPriorityScripts(
    await inlineStyles(await read('index.html'), read, { pageSheets: false }),
  );
  if (!template.includes(ROOT)) throw new Error(`index.html lost its ${ROOT}`);
  if (!template.includes(HTML_TAG)) throw new Error(`index.html lost its ${HTML_TAG}`);
  const origin = 'http://localhost';
  const dom = browser(origin);
  const router: Router = await import('./app/router');
  const app: AppModule = await import('./app/App');
  const { firstRenderOf, PAGE_PATHS } = router;
  const hashes = new Set<string>();
  for (const path of PAGE_PATHS) {
    dom.reconfigure({ url: `${origin}${path}` });
    const files = [START, ...firstRenderOf(path).map((code) => code.module)].map((module) =>
      filesOf(manifest, module, entry),
    );
    const js = [...new Set(files.flatMap((file) => file.js))];
    const css = [...new Set(files.flatMap((file) => file.css))];
    const links = [
      ...css.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
      ...js.map((file) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${file}">`),
    ];
    // A link that signs in runs the sign-in's code first: the entry (main.tsx) links it then, beside the page's.
    const signInCode = filesOf(manifest, LINK_SIGN_IN, entry).js.filter((file) => !js.includes(file));
    const body = await renderRoute(app, router, path);
    const html = await inlineStyles(
      template
        .replace(
          HTML_TAG,
          `${HTML_TAG.slice(0, -1)} data-link-sign-in-code="${signInCode.map((file) => `/${file}`).join(' ')}">`,
        )
        .replace('</head>', `${links.map((link) => `  ${link}\n`).join('')}</head>`)
        .replace(ROOT, `<div id="root" data-route="${path}" data-starting>${body}</div>`),
      read,
      { pageSheets: true },
    );
    for (const hash of await inlineScriptHashes(html)) hashes.add(hash);
    const file = join(outDir, pageFileOf(path));
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, html);
  }
  const input = {
    scriptHashes: [...hashes],
    apiHosts: trustConfig.apiHosts,
    chatWebhook: reportConfig.chatWebhook,
  };
  const headers = pageHeaders(input);
  const signIn = pageHeaders({ ...input, signIn: true });
  const security = { page: headers, signIn, signInPath: SIGN_IN_PATH, reportPath: CSP_REPORT_PATH };
  const files = {
    'security-headers.json': `${JSON.stringify(security, null, 2)}\n`,
    ...staticHostFiles(headers, signIn, PAGE_PATHS),
  };
  for (const [name, text] of Object.entries(files)) await writeFile(join(outDir, name), text);
  dom.window.close();
}
