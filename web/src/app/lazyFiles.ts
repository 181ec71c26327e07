/**
 * The app's preload helper (issue 16), in place of Vite's (vite.config.ts loads this for
 * `\0vite/preload-helper.js`): before a lazy import, it links what the imported chunk needs beside itself, from
 * the one plan index.html's start script carries (`window.__topupPlan`, see `rewriteLazyDeps` in
 * routePreloads.ts): the chunk and its static imports as modulepreload, so they download in parallel rather
 * than one after another, and its styles as stylesheets, waited for so the page never shows unstyled. The
 * built code passes the chunk's key in the plan where Vite passed a second list of file names.
 *
 * Everything read from the plan is checked: a missing or malformed plan or key links nothing (the import then
 * fetches its chunks itself, later but correctly).
 */

/** The plan's shape as the start script writes it (only what this reads). */
interface LazyPlan {
  readonly f: readonly unknown[];
  readonly d: readonly unknown[];
}

/** Where the start script puts its plan (LAZY_PLAN_GLOBAL in routePreloads.ts). */
const PLAN_GLOBAL = '__topupPlan';

/** A file of the build: a same-origin path under the site's root, a script or a style sheet. */
const FILE = /^\/(?!\/)[\w./-]+\.(js|css)$/;

/** The files the plan lists for `key`, checked; none for anything malformed. */
export function filesOf(plan: unknown, key: unknown): string[] {
  if (typeof plan !== 'object' || plan === null) return [];
  const { f, d } = plan as Partial<LazyPlan>;
  if (!Array.isArray(f) || !Array.isArray(d)) return [];
  if (typeof key !== 'number' || !Number.isInteger(key) || key < 0 || key >= d.length) return [];
  const list: unknown = d[key];
  if (!Array.isArray(list)) return [];
  const out: string[] = [];
  for (const at of list) {
    const file: unknown = typeof at === 'number' && Number.isInteger(at) && at >= 0 ? f[at] : undefined;
    if (typeof file === 'string' && FILE.test(file) && !file.includes('..') && !out.includes(file))
      out.push(file);
  }
  return out;
}

/** Each file linked once: a script at once, a style sheet once it has loaded (or failed). */
const linked = new Map<string, Promise<void>>();

function link(file: string, doc: Document): Promise<void> {
  const known = linked.get(file);
  if (known !== undefined) return known;
  const element = doc.createElement('link');
  element.crossOrigin = '';
  element.href = file;
  let done: Promise<void>;
  if (file.endsWith('.css')) {
    element.rel = 'stylesheet';
    done = new Promise<void>((resolve, reject) => {
      element.addEventListener('load', () => resolve());
      element.addEventListener('error', () => {
        // Tried again on the next import: the link goes, and so does the memory of it.
        element.remove();
        linked.delete(file);
        reject(new Error(`the style sheet ${file} could not be loaded`));
      });
    });
  } else {
    element.rel = 'modulepreload';
    done = Promise.resolve();
  }
  linked.set(file, done);
  doc.head.appendChild(element);
  return done;
}

/**
 * Links the files the plan lists for `key`, then imports (`load`): the import is not held back for the
 * scripts (they download beside it), only for the style sheets. A style sheet that fails fails the import,
 * as a chunk that fails would, so the page's load error (and its retry) shows.
 */
export function preloadThen<T>(load: () => Promise<T>, key?: unknown, doc: Document = document): Promise<T> {
  const plan: unknown = (doc.defaultView as unknown as Record<string, unknown> | null)?.[PLAN_GLOBAL];
  const files = filesOf(plan, key);
  if (files.length === 0) return load();
  return Promise.all(files.map((file) => link(file, doc))).then(load);
}

/** Forgets what was linked (tests). */
export function forgetLinked(): void {
  linked.clear();
}
