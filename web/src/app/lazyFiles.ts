/**
 * The app's preload helper (issue 16), in place of Vite's (vite.config.ts loads this for
 * `\0vite/preload-helper.js`): before a lazy import, it links what the imported chunk needs beside itself, from
 * the one plan index.html's start script carries (`window.__topupPlan`, see `rewriteLazyDeps` in
 * routePreloads.ts): the chunk and its static imports as modulepreload, so they download in parallel rather
 * than one after another, and its styles as stylesheets, waited for so the page never shows unstyled. The
 * built code passes the imported chunk's path (as the plan's `f` has it) where Vite passed a list of names.
 *
 * Everything read from the plan is checked. A chunk the plan does not list (no plan, a malformed one, a path
 * it does not know) fails the import rather than load it without its style sheets: the page's load error
 * shows, and its retry reloads the page with a plan that matches.
 */

/** The plan's shape as the start script writes it (only what this reads). */
interface LazyPlan {
  readonly f: readonly unknown[];
  readonly d: Readonly<Record<string, unknown>>;
}

/** Where the start script puts its plan (LAZY_PLAN_GLOBAL in routePreloads.ts). */
const PLAN_GLOBAL = '__topupPlan';

/** A file of the build: a same-origin path under the site's root, a script or a style sheet. */
const FILE = /^\/(?!\/)[\w./-]+\.(js|css)$/;

/** The files the plan lists for the chunk at `path`, checked; undefined when the plan does not list it. */
export function filesOf(plan: unknown, path: unknown): string[] | undefined {
  if (typeof plan !== 'object' || plan === null) return undefined;
  const { f, d } = plan as Partial<LazyPlan>;
  if (!Array.isArray(f) || typeof d !== 'object' || d === null || Array.isArray(d)) return undefined;
  if (typeof path !== 'string' || !FILE.test(path)) return undefined;
  const at = f.indexOf(path);
  if (at < 0 || !Object.hasOwn(d, at)) return undefined;
  const list: unknown = d[at];
  if (!Array.isArray(list)) return undefined;
  const out: string[] = [];
  for (const place of list) {
    const file: unknown =
      typeof place === 'number' && Number.isInteger(place) && place >= 0 ? f[place] : undefined;
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
 * Links the files the plan lists for the chunk at `path`, then imports (`load`): the import is not held back
 * for the scripts (they download beside it), only for the style sheets. A style sheet that fails fails the
 * import, as a chunk that fails would, so the page's load error (and its retry) shows. Vite's empty list (an
 * import that needs nothing beside itself) imports at once.
 */
export function preloadThen<T>(load: () => Promise<T>, path?: unknown, doc: Document = document): Promise<T> {
  if (path === undefined || (Array.isArray(path) && path.length === 0)) return load();
  const plan: unknown = (doc.defaultView as unknown as Record<string, unknown> | null)?.[PLAN_GLOBAL];
  const files = filesOf(plan, path);
  if (files === undefined)
    return Promise.reject(new Error(`the page's plan does not list the lazy chunk ${String(path)}`));
  return Promise.all(files.map((file) => link(file, doc))).then(load);
}

/** Forgets what was linked (tests). */
export function forgetLinked(): void {
  linked.clear();
}
