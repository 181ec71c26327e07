/**
 * What a direct visit to each route needs beside the entry, known at build time (issue 16): the route's page
 * chunk with everything it imports, its styles, the rest of the contracts for a page whose first render calls
 * them (`PAGES_CALLING_AT_LOAD`, which router.tsx follows too), and the code that the URL's arguments call for at start (a sign-in, a payment return). The build
 * (`vite.config.ts`) resolves these source modules to their built chunks and writes the result into the
 * inline start script of index.html, which adds the links for the current path at the moment it starts the
 * entry, so a route's files are fetched in parallel with the entry rather than one after another.
 *
 * Build-time only: nothing here is imported by the app.
 */

import { feedbackAr } from '../i18n/feedback';
import { finesAr } from '../i18n/fines';
import { infoAr } from '../i18n/info';
import { loginAr } from '../i18n/login';
import { payAr } from '../i18n/pay';
import { PAGES_CALLING_AT_LOAD } from './pageContracts';

/**
 * What index.html's static first paint shows for a path before any JavaScript (issue 16): the heading and
 * lead paragraph each page renders first, from the page's own catalogue, in the page's own wrappers and
 * classes, so they have the size they have on the page. React's page then replaces them without a larger
 * block appearing: the largest contentful paint is the static one, at the first paint. (The recharge list's
 * heading and lead are index.html's own.) A path may have several, each for the arguments it is opened with
 * (`when`): the first that applies is shown. The wrappers' styles are in the entry's CSS (pages.css), so
 * nothing moves when the page's own styles arrive.
 */
export interface FirstPaint {
  /** A pattern of the query and hash this paint is for (the first paint of the path that applies is shown). */
  readonly when?: string;
  readonly heading: string;
  /** A header around the heading, with an empty box before it where the page draws a control (a back button). */
  readonly head?: { readonly className: string; readonly before: string };
  /** The lead paragraph's text and class, as the page renders it. */
  readonly lead?: string;
  readonly leadClass?: string;
  /** Classes of the page's wrapper (around everything), of a section around heading and lead, of the lead's box. */
  readonly page?: string;
  readonly top?: string;
  readonly box?: string;
  /** Tab labels the page shows between heading and lead (the first selected), so the lead sits where it will. */
  readonly tabs?: readonly string[];
  /** A pattern of the query and hash under which the page shows another first block: no lead (nor tabs) then. */
  readonly unless?: string;
}

export const FIRST_PAINTS: Readonly<Record<string, readonly FirstPaint[]>> = {
  '/': [
    {
      heading: infoAr['home.heading'],
      lead: infoAr['home.tab1.lead'],
      tabs: [infoAr['home.tab1'], infoAr['home.tab2']],
      page: 'home',
      top: 'hero',
      box: 'tab-panel',
      // tab=2 opens the other tab, with its own lead.
      unless: '(^|[?&#/])tab=2(&|$)',
    },
  ],
  '/login': [
    {
      heading: loginAr['login.heading'],
      lead: loginAr['login.lead'],
      leadClass: 'muted',
      page: 'login-page',
      box: 'card',
    },
  ],
  '/fines': [
    // With a fine id: the fine page's heading and lead, which it keeps while the fine loads and once it is
    // payable (what the fine itself says is drawn smaller, in its summary).
    {
      when: '(^|[?&#/])id=',
      heading: finesAr['fines.title'],
      lead: finesAr['fines.lead'],
      leadClass: 'lead',
      page: 'fines-page',
    },
    {
      heading: finesAr['fines.title'],
      // Without a fine id the page asks for one.
      lead: finesAr['fines.missingId'],
      box: 'card fines-ending notice',
    },
  ],
  '/feedback': [
    {
      heading: feedbackAr['feedback.heading'],
      lead: feedbackAr['feedback.lead'],
      leadClass: 'muted',
      page: 'feedback-page',
    },
  ],
  // A direct visit opens the pay step's first step: its title beside the back button, and its lead.
  '/pay-step': [
    {
      heading: payAr['pay.stepHome'],
      head: { className: 'pay-step__head', before: 'pay-step__back' },
      lead: payAr['pay.lead'],
      leadClass: 'lead',
      page: 'pay-step',
    },
  ],
};

/** The first paints as the inline script's object literal: JSON, with `<` escaped so no text can end the script. */
export function firstPaintsLiteral(
  paints: Readonly<Record<string, readonly FirstPaint[]>> = FIRST_PAINTS,
): string {
  return JSON.stringify(paints).replace(/</g, '\\u003c');
}

/** The page module (relative to web/) that router.tsx lazily loads for each path. */
export const ROUTE_PAGES: Readonly<Record<string, string>> = {
  '/': 'src/features/home/HomePage.tsx',
  '/login': 'src/features/login/LoginPage.tsx',
  '/feedback': 'src/features/feedback/FeedbackPage.tsx',
  '/feedback-success': 'src/features/feedback/FeedbackSuccessPage.tsx',
  '/test': 'src/features/room/TestPage.tsx',
  '/pay-step': 'src/features/pay/PayStepPage.tsx',
  '/fines': 'src/features/fines/FinesPage.tsx',
  '/share.html': 'src/features/info/InfoPage.tsx',
  '/about': 'src/features/info/InfoPage.tsx',
  '/contact': 'src/features/info/InfoPage.tsx',
  '/agreement': 'src/features/info/InfoPage.tsx',
  '/download': 'src/features/info/InfoPage.tsx',
  '/privacy': 'src/features/info/InfoPage.tsx',
};

/** The module whose dynamic imports are the rest of the contracts, fetched beside the pages that call them. */
export const CONTRACTS_LOADER = 'src/api/appContracts.ts';

/** The module whose dynamic imports are the lazily loaded pages: each must have a path in ROUTE_PAGES. */
export const ROUTER = 'src/app/router.tsx';

/** Code that start-up fetches at once when the URL carries an argument (query or hash), on some paths or all. */
export const ARG_MODULES: readonly {
  readonly args: readonly string[];
  readonly paths?: readonly string[];
  readonly modules: readonly string[];
  /** True when the modules' calls at start are all start-up contracts: the rest of the contracts stays. */
  readonly startUpCallsOnly?: true;
}[] = [
  // boot.ts: a session key (argument or #pageinfo hand-over) signs in with getPayUserInfo, a start-up call
  // (contracts/src/startup/calls.ts), so such a link loads neither zod nor the registry at start.
  { args: ['session_key', 'pageinfo'], modules: ['src/features/login/signIn.ts'], startUpCallsOnly: true },
  // boot.ts: a ticket or a Facebook hand-over signs in with the registry's calls.
  { args: ['ticket', 'fb_id'], modules: ['src/features/login/signIn.ts'] },
  // boot.ts: the store jump of SPEC §2 (tab=1 with jump_app_store, or jumpAppStore), on any path. It calls
  // nothing; only a refused store link reports an event, whose contract is then fetched like any other.
  { args: ['jump_app_store', 'jumpAppStore'], modules: ['src/app/storeJump.ts'], startUpCallsOnly: true },
  // recharge/RechargePage.tsx: back from a payment on the recharge list.
  {
    args: ['zp_show', 'test_zp_show'],
    paths: ['/recharge-list'],
    modules: ['src/features/pay/paymentReturn.ts'],
  },
];

/** The parts of a built chunk this needs (Rolldown's OutputChunk and Vite's metadata). */
export interface BuiltChunk {
  readonly fileName: string;
  readonly isEntry: boolean;
  readonly facadeModuleId: string | null;
  readonly moduleIds: readonly string[];
  readonly imports: readonly string[];
  readonly dynamicImports: readonly string[];
  readonly css: readonly string[];
}

export interface Plan {
  /** Every file named below, once. */
  readonly files: readonly string[];
  /** Path → indexes into files. */
  readonly routes: Readonly<Record<string, readonly number[]>>;
  /** [argument names, paths (empty: every path), indexes into files]. */
  readonly args: readonly (readonly [readonly string[], readonly string[], readonly number[]])[];
  /**
   * What each lazily imported chunk needs beside itself, by the chunk's own place in files: the chunk, its
   * static imports and their styles, less what the entry loads (indexes into files). The app's preload helper
   * (`lazyFiles.ts`) links them before the import; the built code names the imported chunk's path (as files
   * has it) instead of Vite's list of file names. A path, not a place: a chunk's name is its content's hash,
   * and a browser keeps it a year, so what the code names must not depend on the rest of the build.
   */
  readonly lazy?: Readonly<Record<number, readonly number[]>>;
  /** Chunk file name (as the bundle names it, no base) → its place in files. Build-time only. */
  readonly lazyKeys?: Readonly<Record<string, number>>;
  /** The files the entry loads (bundle file names, no base), which no list names. Build-time only. */
  readonly entryFiles?: readonly string[];
}

/** What the build knows: its chunks, and the modules router.tsx and the contracts loader import lazily. */
export interface BuildFacts {
  readonly chunks: readonly BuiltChunk[];
  /** Absolute path of web/. */
  readonly webRoot: string;
  /** Module ids router.tsx imports dynamically (the lazily loaded pages). */
  readonly routerLazy: readonly string[];
  /** Module ids the contracts loader imports dynamically (the rest of the contracts, the messages). */
  readonly contractsLazy: readonly string[];
  readonly base?: string;
}

/**
 * The per-route files of a build: each listed module's chunk with its static imports and their CSS, less
 * what the entry already loads. Throws (failing the build) when a module is in no chunk, or when the
 * router lazily loads a module no path names, so the list cannot silently go stale.
 */
export function planOf({ chunks, webRoot, routerLazy, contractsLazy, base = '/' }: BuildFacts): Plan {
  const abs = (module: string) => `${webRoot.replace(/\/$/, '')}/${module}`;
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const chunkOf = (id: string) => {
    const found = chunks.find((c) => c.facadeModuleId === id) ?? chunks.find((c) => c.moduleIds.includes(id));
    if (found === undefined) throw new Error(`route preloads: ${id} is in no built chunk`);
    return found;
  };
  const closure = (start: readonly BuiltChunk[]) => {
    const seen = new Map<string, BuiltChunk>();
    const stack = [...start];
    for (let chunk = stack.pop(); chunk !== undefined; chunk = stack.pop()) {
      if (seen.has(chunk.fileName)) continue;
      seen.set(chunk.fileName, chunk);
      for (const file of chunk.imports) {
        const next = byFile.get(file);
        if (next !== undefined) stack.push(next);
      }
    }
    return [...seen.values()];
  };
  const entries = chunks.filter((c) => c.isEntry);
  if (entries.length === 0) throw new Error('route preloads: the build has no entry chunk');
  const loaded = new Set<string>();
  for (const chunk of closure(entries)) {
    loaded.add(chunk.fileName);
    for (const css of chunk.css) loaded.add(css);
  }

  const pages = new Set(Object.values(ROUTE_PAGES).map(abs));
  const unnamed = routerLazy.filter((id) => !pages.has(id));
  if (unnamed.length > 0)
    throw new Error(
      `route preloads: no path of ROUTE_PAGES names the lazily loaded page ${unnamed.join(', ')}`,
    );
  if (routerLazy.length === 0) throw new Error('route preloads: router.tsx loads no page lazily');
  if (contractsLazy.length === 0)
    throw new Error('route preloads: the contracts loader imports nothing lazily');

  const files: string[] = [];
  const indexOf = (file: string) => {
    const at = files.indexOf(file);
    if (at >= 0) return at;
    files.push(file);
    return files.length - 1;
  };
  const filesForChunks = (start: readonly BuiltChunk[]) => {
    const out: number[] = [];
    for (const chunk of closure(start))
      for (const file of [chunk.fileName, ...chunk.css]) {
        if (loaded.has(file)) continue;
        const at = indexOf(`${base}${file}`);
        if (!out.includes(at)) out.push(at);
      }
    return out.sort((a, b) => a - b);
  };
  const filesFor = (ids: readonly string[]) => filesForChunks(ids.map(chunkOf));

  const routes: Record<string, number[]> = {};
  for (const [path, page] of Object.entries(ROUTE_PAGES))
    routes[path] = filesFor([abs(page), ...(PAGES_CALLING_AT_LOAD.has(page) ? contractsLazy : [])]);
  const args = ARG_MODULES.map(
    // A ticket sign-in and a payment return call beyond start-up's contracts at once: the rest comes beside them.
    (rule) =>
      [
        rule.args,
        rule.paths ?? [],
        filesFor([...rule.modules.map(abs), ...(rule.startUpCallsOnly ? [] : contractsLazy)]),
      ] as const,
  );
  // Every chunk some chunk imports dynamically, listed under its own place in files.
  const lazyChunks = [...new Set(chunks.flatMap((c) => c.dynamicImports))].sort();
  const lazy: Record<number, number[]> = {};
  const lazyKeys: Record<string, number> = {};
  for (const file of lazyChunks) {
    const target = byFile.get(file);
    if (target === undefined)
      throw new Error(`route preloads: the lazily imported ${file} is in no built chunk`);
    const list = filesForChunks([target]);
    const at = indexOf(`${base}${file}`);
    lazyKeys[file] = at;
    lazy[at] = list;
  }
  return { files, routes, args, lazy, lazyKeys, entryFiles: [...loaded] };
}

/**
 * How many links the start script adds in one task: adding a modulepreload link costs a slow phone several
 * milliseconds (its fetch starts in appendChild), and a route has up to twenty, so they go in small tasks, none
 * of them long enough to block input (issue 16: 148 ms in one task at 4× CPU on /pay-step; with four links a
 * task, Lighthouse still counted tasks of 70–160 ms on /pay-step's 22 files, none with two).
 */
export const LINKS_PER_TASK = 2;

/**
 * The inline script's function that adds the current route's links: scripts as modulepreload, styles as
 * preload (the page's own loader then applies them, waiting for them as it would anyway), `LINKS_PER_TASK`
 * in each task, the first at once. Plain ES5, as the rest of the start script; reads only location, never
 * writes it.
 */
export function addRouteLinksSource(plan: Plan): string {
  const data = JSON.stringify({ f: plan.files, r: plan.routes, a: plan.args, d: plan.lazy ?? {} });
  return `var p=${data};window.${LAZY_PLAN_GLOBAL}=p;function addRouteLinks(){var path=location.pathname.replace(/(.)\\/$/,'$1')||'/';var q=location.search+location.hash;var want=(p.r.hasOwnProperty(path)?p.r[path]:[]).slice();for(var i=0;i<p.a.length;i++){var rule=p.a[i];if(rule[1].length>0&&rule[1].indexOf(path)<0)continue;for(var j=0;j<rule[0].length;j++){if(new RegExp('(^|[?&#/])'+rule[0][j]+'=[^&]').test(q)){want=want.concat(rule[2]);break}}}var done={};var k=0;function some(){for(var n=0;n<${LINKS_PER_TASK}&&k<want.length;k++){var f=p.f[want[k]];if(done[f])continue;done[f]=1;n++;var e=document.createElement('link');if(/\\.css$/.test(f)){e.rel='preload';e.as='style'}else{e.rel='modulepreload'}e.crossOrigin='';e.href=f;document.head.appendChild(e)}if(k<want.length)setTimeout(some)}some()}`;
}

/** The global the start script sets to its plan: `f` (files) and `d` (each lazy chunk's files, by its place in `f`). */
export const LAZY_PLAN_GLOBAL = '__topupPlan';

/** The list Vite writes at the top of a chunk that imports others lazily, and each of its uses. */
const MAP_DEPS_HEAD =
  /^const __vite__mapDeps=\(i,m=__vite__mapDeps,d=\(m\.f\|\|\(m\.f=(\[[^\]]*\])\)\)\)=>i\.map\(i=>d\[i\]\);\n/;
const MAP_DEPS_USE = /__vite__mapDeps\(\[([\d,]*)\]\)/g;

/**
 * A built chunk's code with Vite's list of file names (`__vite__mapDeps`) taken out: each lazy import names
 * the path of the chunk it imports instead, under which the plan lists its files (`plan.lazy`), which
 * index.html's start script carries once for every chunk. The path, like the import beside it, is part of
 * what the chunk's hash covers, so a cached chunk never names another build's list. Throws (failing the build) when an import's first file (the chunk imported) has no key, or
 * when Vite would have preloaded a file the plan does not list for it (less what the entry loads): the plan
 * then could not replace Vite's list without a waterfall.
 */
export function rewriteLazyDeps(code: string, plan: Plan, base = '/'): string {
  return rewriteLazyDepsWithEdits(code, plan, base).code;
}

/** Where the rewrite changed a line of the code: at `column` (of the code before), `from` characters became `to`. */
export interface LineEdit {
  readonly line: number;
  readonly column: number;
  readonly from: number;
  readonly to: number;
}

/** `rewriteLazyDeps`, also saying what it changed (for the source map): the head line dropped, the edits. */
export function rewriteLazyDepsWithEdits(
  code: string,
  plan: Plan,
  base = '/',
): { code: string; droppedHead: boolean; edits: LineEdit[] } {
  const head = MAP_DEPS_HEAD.exec(code);
  if (head === null) {
    if (code.includes('__vite__mapDeps'))
      throw new Error('route preloads: an unknown form of __vite__mapDeps');
    return { code, droppedHead: false, edits: [] };
  }
  const names = JSON.parse(head[1] ?? '[]') as unknown;
  if (!Array.isArray(names) || !names.every((n) => typeof n === 'string'))
    throw new Error('route preloads: __vite__mapDeps does not list file names');
  const entryLoaded = new Set(plan.entryFiles ?? []);
  const rest = code.slice(head[0].length);
  const edits: LineEdit[] = [];
  const out = rest.replace(MAP_DEPS_USE, (use: string, list: string, offset: number) => {
    const deps = list === '' ? [] : list.split(',').map((i) => names[Number(i)] as string | undefined);
    const first = deps[0];
    const key = first === undefined ? undefined : plan.lazyKeys?.[first];
    const planned = key === undefined ? undefined : plan.lazy?.[key];
    const path = key === undefined ? undefined : plan.files[key];
    if (key === undefined || planned === undefined || path === undefined)
      throw new Error(`route preloads: the lazy import of ${first ?? '(nothing)'} has no key in the plan`);
    const listed = new Set(planned.map((i) => plan.files[i]));
    for (const dep of deps) {
      if (dep === undefined) throw new Error('route preloads: __vite__mapDeps names a file it does not list');
      // A file the plan leaves out must be one the entry loads (the plan lists only what it does not).
      if (!listed.has(`${base}${dep}`) && !entryLoaded.has(dep))
        throw new Error(`route preloads: the plan leaves out ${dep} for ${first}`);
    }
    const before = rest.slice(0, offset);
    const lineStart = before.lastIndexOf('\n') + 1;
    // Lines of the code before the rewrite: the head was line 0.
    edits.push({
      line: before.split('\n').length,
      column: offset - lineStart,
      from: use.length,
      to: JSON.stringify(path).length,
    });
    return JSON.stringify(path);
  });
  return { code: out, droppedHead: true, edits };
}

const VLQ = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** The first value of a source-map segment (its generated column, relative) and the characters it takes. */
function firstValue(segment: string): { value: number; length: number } {
  let value = 0;
  let shift = 0;
  for (let i = 0; i < segment.length; i++) {
    const digit = VLQ.indexOf(segment[i] ?? '');
    if (digit < 0) throw new Error(`route preloads: a bad source-map character in "${segment}"`);
    value += (digit & 31) << shift;
    if ((digit & 32) === 0) return { value: value & 1 ? -(value >>> 1) : value >>> 1, length: i + 1 };
    shift += 5;
  }
  throw new Error(`route preloads: a source-map segment ends inside a value: "${segment}"`);
}

function encodeValue(value: number): string {
  let rest = value < 0 ? (-value << 1) | 1 : value << 1;
  let out = '';
  do {
    let digit = rest & 31;
    rest >>>= 5;
    if (rest > 0) digit |= 32;
    out += VLQ[digit];
  } while (rest > 0);
  return out;
}

/**
 * A chunk's source-map mappings after `rewriteLazyDepsWithEdits`: the dropped head line (which Vite added
 * unmapped) goes, and on each edited line the segments after an edit move by what it changed. Throws when
 * the head line has mappings or a segment falls inside replaced text (the map could not stay exact).
 */
export function shiftMappings(
  mappings: string,
  { droppedHead, edits }: { droppedHead: boolean; edits: readonly LineEdit[] },
): string {
  const lines = mappings.split(';');
  for (const [index, line] of lines.entries()) {
    const mine = edits.filter((e) => e.line === index);
    if (mine.length === 0 || line === '') continue;
    const segments = line.split(',');
    let oldAbs = 0;
    let newPrev = 0;
    lines[index] = segments
      .map((segment) => {
        const { value, length } = firstValue(segment);
        oldAbs += value;
        let moved = oldAbs;
        for (const edit of mine) {
          if (oldAbs > edit.column && oldAbs < edit.column + edit.from)
            throw new Error('route preloads: a source-map segment inside a rewritten __vite__mapDeps');
          if (oldAbs >= edit.column + edit.from) moved += edit.to - edit.from;
        }
        const out = encodeValue(moved - newPrev) + segment.slice(length);
        newPrev = moved;
        return out;
      })
      .join(',');
  }
  if (!droppedHead) return lines.join(';');
  if (lines[0] !== '') throw new Error('route preloads: the __vite__mapDeps line has source-map mappings');
  return lines.slice(1).join(';');
}

/** The module that runs React's start-up: its chunk is evaluated in a task before the entry's (vite.config.ts). */
export const REACT_FIRST = 'src/app/reactFirst.ts';

/** What the start script starts: the entry's static imports, the one of them run first (if any), the entry. */
export interface StartFiles {
  /** The entry's static imports, linked as modulepreload (all but `first`). */
  readonly preloads: readonly string[];
  /**
   * One of `preloads` run as a module script of its own before the entry (React's chunk, `REACT_FIRST`): its
   * evaluation is then one task and the entry's another, not one long task on a slow phone. The entry is
   * linked as modulepreload at once beside it, so both download in parallel, and started when it has run.
   */
  readonly first?: string;
  readonly entry: string;
}

/**
 * index.html's inline start script (issue 16): starts the entry once the static first paint has been shown,
 * adding the entry's static imports as modulepreload links, and the current route's links (`addRouteLinks`)
 * from the next task on, a few per task. With `first`, that file is run first and the entry (preloaded
 * meanwhile) once it has run or failed, in a later task.
 *
 * When it starts: once the browser reports first-contentful-paint (it does so after presenting that paint),
 * and after 1 s at the latest. At once in a hidden tab (no frames there), and at once where `paint` is not a
 * supported entry type of PerformanceObserver: there is no report to wait for, and waiting for a frame
 * would hold the app back for nothing. Started earlier, the downloads compete with the first paint.
 */
export function startScriptSource({ preloads, first, entry }: StartFiles, plan: Plan): string {
  if (entry === '') throw new Error('the start script needs the entry');
  if (first !== undefined && !preloads.includes(first))
    throw new Error(`the start script's first file ${first} is not one of the entry's imports`);
  const links = preloads.filter((url) => url !== first);
  const start =
    first === undefined
      ? 'run(E)'
      : `link(E);var f=run(${JSON.stringify(first)}),n=false;f.onload=f.onerror=function(){if(n)return;n=true;setTimeout(function(){run(E)})}`;
  return `(function(){var started=false;${addRouteLinksSource(plan)}function link(h){var e=document.createElement('link');e.rel='modulepreload';e.crossOrigin='';e.href=h;document.head.appendChild(e)}function run(s){var e=document.createElement('script');e.type='module';e.crossOrigin='';e.src=s;document.body.appendChild(e);return e}function go(){if(started)return;started=true;var u=${JSON.stringify(links)},E=${JSON.stringify(entry)};for(var i=0;i<u.length;i++)link(u[i]);${start};setTimeout(function(){try{addRouteLinks()}catch(x){}})}var P=window.PerformanceObserver;if(document.visibilityState!=='visible'||!P||!P.supportedEntryTypes||P.supportedEntryTypes.indexOf('paint')<0){go();return}setTimeout(go,1000);var o=new P(function(l){var n=l.getEntries();for(var i=0;i<n.length;i++)if(n[i].name==='first-contentful-paint'){o.disconnect();setTimeout(go);return}});o.observe({type:'paint',buffered:true})})()`;
}
