import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ar } from '../i18n/ar';
import { feedbackAr } from '../i18n/feedback';
import { finesAr } from '../i18n/fines';
import { infoAr } from '../i18n/info';
import { loginAr } from '../i18n/login';
import { payAr } from '../i18n/pay';
import { DESKTOP_MIN_WIDTH, layoutOf } from '../platform/viewport';
import {
  addRouteLinksSource,
  type BuiltChunk,
  FIRST_PAINTS,
  firstPaintsLiteral,
  LINKS_PER_TASK,
  type Plan,
  planOf,
  ROUTE_PAGES,
  rewriteLazyDeps,
  rewriteLazyDepsWithEdits,
  shiftMappings,
  startScriptSource,
} from './routePreloads';

const ROOT = '/repo/web';
const at = (module: string) => `${ROOT}/${module}`;

function chunk(fileName: string, facade: string | null, extra: Partial<BuiltChunk> = {}): BuiltChunk {
  return {
    fileName,
    isEntry: false,
    facadeModuleId: facade,
    moduleIds: facade === null ? [] : [facade],
    imports: [],
    dynamicImports: [],
    css: [],
    ...extra,
  };
}

/** A build shaped as the app's: an entry with runtime, each page its chunk, shared chunks, contracts. */
function build(): BuiltChunk[] {
  const pages = [...new Set(Object.values(ROUTE_PAGES))];
  return [
    chunk('assets/runtime.js', null),
    chunk('assets/index.js', at('src/main.tsx'), {
      isEntry: true,
      moduleIds: [at('src/main.tsx'), at('src/app/router.tsx'), at('src/api/appContracts.ts')],
      imports: ['assets/runtime.js'],
      css: ['assets/index.css'],
    }),
    chunk('assets/registry.js', '/repo/contracts/src/registry/index.ts', { imports: ['assets/runtime.js'] }),
    chunk('assets/messages.js', '/repo/contracts/src/messages.ts'),
    chunk('assets/shared.js', null, {
      moduleIds: [at('src/ui/PaymentMarks.tsx')],
      css: ['assets/shared.css'],
    }),
    chunk('assets/signIn.js', at('src/features/login/signIn.ts')),
    chunk('assets/navigation.js', at('src/security/navigation.ts')),
    chunk('assets/storeJump.js', at('src/app/storeJump.ts'), { imports: ['assets/navigation.js'] }),
    chunk('assets/paymentReturn.js', at('src/features/pay/paymentReturn.ts'), {
      imports: ['assets/shared.js'],
    }),
    ...pages.map((page) =>
      chunk(`assets/${page.replace(/.*\//, '').replace('.tsx', '')}.js`, at(page), {
        imports:
          page.includes('fines') || page.includes('pay/') ? ['assets/shared.js', 'assets/runtime.js'] : [],
        css: page.includes('fines') ? ['assets/fines.css'] : [],
      }),
    ),
  ];
}

const facts = (chunks = build(), routerLazy = [...new Set(Object.values(ROUTE_PAGES))].map(at)) => ({
  chunks,
  webRoot: ROOT,
  routerLazy,
  contractsLazy: ['/repo/contracts/src/registry/index.ts', '/repo/contracts/src/messages.ts'],
});

const filesOf = (plan: Plan, path: string) => (plan.routes[path] ?? []).map((i) => plan.files[i]).sort();

describe('planOf', () => {
  const plan = planOf(facts());

  it.each([
    ['/login', ['/assets/LoginPage.js']],
    [
      '/fines',
      [
        '/assets/FinesPage.js',
        '/assets/fines.css',
        '/assets/messages.js',
        '/assets/registry.js',
        '/assets/shared.css',
        '/assets/shared.js',
      ],
    ],
    ['/about', ['/assets/InfoPage.js']],
    ['/', ['/assets/HomePage.js']],
    ['/feedback', ['/assets/FeedbackPage.js']],
    [
      '/pay-step',
      [
        '/assets/PayStepPage.js',
        '/assets/messages.js',
        '/assets/registry.js',
        '/assets/shared.css',
        '/assets/shared.js',
      ],
    ],
  ])(
    '%s: its page, what the page imports with its styles, and the contracts when its first render calls them; nothing the entry has',
    (path, files) => {
      expect(filesOf(plan, path)).toEqual(files);
    },
  );

  it('the recharge list (in the entry) has no route files, only its payment return', () => {
    expect(plan.routes['/recharge-list']).toBeUndefined();
    const paymentReturn = plan.args.find(([args]) => args.includes('zp_show'));
    expect(paymentReturn?.[1]).toEqual(['/recharge-list']);
    expect(paymentReturn?.[2].map((i) => plan.files[i]).sort()).toEqual([
      '/assets/messages.js',
      '/assets/paymentReturn.js',
      '/assets/registry.js',
      '/assets/shared.css',
      '/assets/shared.js',
    ]);
  });

  it('a sign-in in the URL brings the sign-in code and the contracts its call needs on every path', () => {
    const filesOf = (arg: string) => {
      const rule = plan.args.find(([args]) => args.includes(arg));
      expect(rule?.[1]).toEqual([]);
      return rule?.[2].map((i) => plan.files[i]).sort();
    };
    // A session key's check (getPayUserInfo) is a start-up call: no registry, no zod.
    expect(filesOf('session_key')).toEqual(['/assets/signIn.js']);
    expect(filesOf('pageinfo')).toEqual(['/assets/signIn.js']);
    expect(filesOf('ticket')).toEqual(['/assets/messages.js', '/assets/registry.js', '/assets/signIn.js']);
    expect(filesOf('fb_id')).toEqual(['/assets/messages.js', '/assets/registry.js', '/assets/signIn.js']);
  });

  it('a store jump in the URL brings the jump and the navigation policy on every path, no contracts', () => {
    for (const arg of ['jump_app_store', 'jumpAppStore']) {
      const rule = plan.args.find(([args]) => args.includes(arg));
      expect(rule?.[1]).toEqual([]);
      expect(rule?.[2].map((i) => plan.files[i]).sort()).toEqual([
        '/assets/navigation.js',
        '/assets/storeJump.js',
      ]);
    }
  });

  it('fails the build when the router loads a page no path names', () => {
    expect(() => planOf(facts(build(), [at('src/features/new/NewPage.tsx')]))).toThrow(/NewPage/);
  });

  it('fails the build when a named module is in no chunk', () => {
    const chunks = build().filter((c) => c.facadeModuleId !== at('src/features/login/LoginPage.tsx'));
    expect(() => planOf(facts(chunks))).toThrow(/LoginPage/);
  });

  it('fails the build without an entry', () => {
    expect(() => planOf(facts(build().map((c) => ({ ...c, isEntry: false }))))).toThrow(/entry/);
  });
});

describe('addRouteLinksSource (the inline start script)', () => {
  const plan = planOf(facts());
  const addRouteLinks = new Function(`${addRouteLinksSource(plan)}; addRouteLinks();`) as () => void;
  const links = () =>
    [...document.head.querySelectorAll('link')]
      .map((l) => `${l.rel}${l.rel === 'preload' ? `:${l.as}` : ''} ${l.getAttribute('href')}`)
      .sort();

  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    for (const link of document.head.querySelectorAll('link')) link.remove();
    history.replaceState(null, '', '/');
  });

  it.each([
    [
      '/fines?id=7001',
      ['/assets/FinesPage.js', '/assets/messages.js', '/assets/registry.js', '/assets/shared.js'],
      ['/assets/fines.css', '/assets/shared.css'],
    ],
    ['/login/', ['/assets/LoginPage.js'], []],
    ['/login?session_key=sk-1', ['/assets/LoginPage.js', '/assets/signIn.js'], []],
    ['/recharge-list#/?session_key=sk-1', ['/assets/signIn.js'], []],
    ['/recharge-list?ticket=t-1', ['/assets/messages.js', '/assets/registry.js', '/assets/signIn.js'], []],
    [
      '/recharge-list?zp_show=1&zp_orderid=1',
      ['/assets/messages.js', '/assets/paymentReturn.js', '/assets/registry.js', '/assets/shared.js'],
      ['/assets/shared.css'],
    ],
    // The payment return belongs to the recharge list; an empty argument signs nobody in.
    ['/login?zp_show=1&session_key=', ['/assets/LoginPage.js'], []],
    [
      '/?tab=1&jump_app_store=1',
      ['/assets/HomePage.js', '/assets/navigation.js', '/assets/storeJump.js'],
      [],
    ],
    ['/recharge-list', [], []],
    ['/no-such-page?x=<script>', [], []],
    ['/__proto__', [], []],
  ])('%s links its scripts as modulepreload and its styles as style preloads', (url, scripts, styles) => {
    history.replaceState(null, '', url);
    addRouteLinks();
    vi.runAllTimers();
    expect(links()).toEqual(
      [...scripts.map((s) => `modulepreload ${s}`), ...styles.map((s) => `preload:style ${s}`)].sort(),
    );
    for (const link of document.head.querySelectorAll('link')) expect(link.crossOrigin).toBe('');
  });
});

describe('addRouteLinksSource: a few links per task', () => {
  afterEach(() => {
    vi.useRealTimers();
    for (const link of document.head.querySelectorAll('link')) link.remove();
    history.replaceState(null, '', '/');
  });

  it(`adds ${LINKS_PER_TASK} links at once, then ${LINKS_PER_TASK} in each later task, each file once`, () => {
    vi.useFakeTimers();
    const files = Array.from({ length: 10 }, (_, i) => `/assets/page-${i}.js`);
    // A file named twice is added once, and does not count against its task.
    const plan = { files, routes: { '/x': [0, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9] }, args: [] };
    history.replaceState(null, '', '/x');
    new Function(`${addRouteLinksSource(plan)}; addRouteLinks();`)();
    const count = () => document.head.querySelectorAll('link[rel="modulepreload"]').length;
    const counts = [count()];
    while (vi.getTimerCount() > 0) {
      vi.advanceTimersToNextTimer();
      counts.push(count());
    }
    expect(LINKS_PER_TASK).toBe(2);
    expect(counts).toEqual([2, 4, 6, 8, 10]);
    expect([...document.head.querySelectorAll('link')].map((l) => l.getAttribute('href'))).toEqual(files);
  });
});

describe("index.html's static first paint", () => {
  const html = readFileSync(join(__dirname, '..', '..', 'index.html'), 'utf8');
  const body = /<body>([\s\S]*?)<script type="module"/.exec(html)?.[1] ?? '';
  const script = /<script>([\s\S]*?)<\/script>/.exec(body)?.[1] ?? '';
  const markup = body.replace(/<script>[\s\S]*?<\/script>/, '');
  const headScript = /<head>[\s\S]*?<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';

  afterEach(() => history.replaceState(null, '', '/'));

  const RECHARGE = 'اشحن الماس لحسابك أو لأي حساب بمعرّفه، بأمان وخلال دقائق.';
  /** The first paint's heading, and its lead as "classes of its ancestors up to main > lead class: text". */
  const paint = () => {
    const lead = document.querySelector('main p');
    const chain: string[] = [];
    for (
      let node = lead?.parentElement;
      node !== null && node !== undefined && node.tagName !== 'MAIN';
      node = node.parentElement
    )
      chain.unshift(`${node.tagName.toLowerCase()}.${node.className}`);
    return {
      heading: document.querySelector('main h1')?.textContent,
      lead: lead === null ? null : `${[...chain, `p.${lead.className}`].join(' > ')}: ${lead.textContent}`,
    };
  };

  it.each([
    ['/recharge-list', 'شحن الماس', `p.lead: ${RECHARGE}`],
    ['/pay/', 'شحن الماس', `p.lead: ${RECHARGE}`],
    ['/login', loginAr['login.heading'], `div.login-page > div.card > p.muted: ${loginAr['login.lead']}`],
    [
      '/login/?session_key=sk-1',
      loginAr['login.heading'],
      `div.login-page > div.card > p.muted: ${loginAr['login.lead']}`,
    ],
    ['/fines', finesAr['fines.title'], `div.card fines-ending notice > p.: ${finesAr['fines.missingId']}`],
    // With a fine id: the lead every fine link has (what the fine says is drawn in its summary).
    ['/fines?id=7001', finesAr['fines.title'], `div.fines-page > p.lead: ${finesAr['fines.lead']}`],
    ['/fines#/?id=7001', finesAr['fines.title'], `div.fines-page > p.lead: ${finesAr['fines.lead']}`],
    [
      '/fines?fid=7001',
      finesAr['fines.title'],
      `div.card fines-ending notice > p.: ${finesAr['fines.missingId']}`,
    ],
    [
      '/feedback/',
      feedbackAr['feedback.heading'],
      `div.feedback-page > p.muted: ${feedbackAr['feedback.lead']}`,
    ],
    [
      '/',
      infoAr['home.heading'],
      `div.home > section.hero > div.tab-panel > p.: ${infoAr['home.tab1.lead']}`,
    ],
    [
      '/?tab=1',
      infoAr['home.heading'],
      `div.home > section.hero > div.tab-panel > p.: ${infoAr['home.tab1.lead']}`,
    ],
    ['/?tab=2', infoAr['home.heading'], null],
    ['/pay-step?recharge_id=rc_499', payAr['pay.stepHome'], `div.pay-step > p.lead: ${payAr['pay.lead']}`],
    ['/login?info=1', 'شحن الماس', null],
    ['/constructor', 'شحن الماس', null],
    ['/__proto__', 'شحن الماس', null],
  ])('%s shows the heading "%s" and the lead %s', (url, heading, lead) => {
    history.replaceState(null, '', url);
    document.body.innerHTML = markup;
    new Function(script.replace('/* first-paint */ {}', firstPaintsLiteral()))();
    expect(paint()).toEqual({ heading, lead });
    expect(document.querySelectorAll('main h1')).toHaveLength(1);
  });

  it.each([
    [360, 'mobile'],
    [800, 'mobile'],
    [801, 'desktop'],
    [1280, 'desktop'],
  ])('at %s px wide the static page has the layout the app sets (%s), from <head>', (width, layout) => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      matches: width >= Number(/min-width: (\d+)px/.exec(query)?.[1]),
    })) as unknown as typeof window.matchMedia;
    try {
      expect(headScript).toContain('data-layout');
      new Function(headScript)();
      expect(document.documentElement.getAttribute('data-layout')).toBe(layout);
      expect(layoutOf(width)).toBe(layout);
      expect(DESKTOP_MIN_WIDTH).toBe(801);
    } finally {
      window.matchMedia = original;
      document.documentElement.removeAttribute('data-layout');
    }
  });

  it("/pay-step: the title sits in the page's header, after the back button's box (hidden until React's)", () => {
    history.replaceState(null, '', '/pay-step?recharge_id=rc_499&to_uid=1001');
    document.body.innerHTML = markup;
    new Function(script.replace('/* first-paint */ {}', firstPaintsLiteral()))();
    const head = document.querySelector('main > div.pay-step > header.pay-step__head');
    expect([...(head?.children ?? [])].map((node) => `${node.tagName}.${node.className}`)).toEqual([
      'SPAN.pay-step__back',
      'H1.',
    ]);
    expect(head?.firstElementChild?.getAttribute('aria-hidden')).toBe('true');
    expect(head?.nextElementSibling?.className).toBe('lead');
  });

  it("the top bar is the shell's: the same brand and links, so the page below sits where React puts it", () => {
    document.body.innerHTML = markup;
    const bar = document.querySelector('header.topbar');
    expect(bar?.querySelector('a.brand')?.textContent).toBe(`◆ ${ar['app.title']}`);
    expect(bar?.querySelector('nav.topbar-actions')?.getAttribute('aria-label')).toBe(ar['app.mainNav']);
    expect(
      [...(bar?.querySelectorAll('nav a') ?? [])].map((a) => [a.getAttribute('href'), a.textContent]),
    ).toEqual([
      ['/recharge-list', ar['nav.recharge']],
      ['/login', ar['nav.login']],
    ]);
  });

  it("the headings and leads are the pages' own and cannot end the inline script", () => {
    expect(FIRST_PAINTS['/login']?.[0]?.heading).toBe(loginAr['login.heading']);
    expect(FIRST_PAINTS['/feedback']?.[0]?.lead).toBe(feedbackAr['feedback.lead']);
    const hostile = { '/x': [{ heading: '</script><script>alert(1)</script>' }] };
    expect(firstPaintsLiteral(hostile)).not.toContain('<');
    expect(JSON.parse(firstPaintsLiteral(hostile))).toEqual(hostile);
  });
});

describe('startScriptSource (when the inline start script starts the entry)', () => {
  const plan = planOf(facts());
  const run = new Function(
    startScriptSource({ preloads: ['/assets/vendor.js'], entry: '/assets/index.js' }, plan),
  ) as () => void;
  const started = () =>
    [...document.body.querySelectorAll('script[type="module"]')].map((s) => s.getAttribute('src'));
  const preloads = () =>
    [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute('href'));
  let reportPaint: ((name: string) => void) | undefined;
  let visibility = 'visible';

  /** A PerformanceObserver whose supported entry types are `types` (undefined: the property is missing). */
  function observer(types: readonly string[] | undefined) {
    return class {
      static readonly supportedEntryTypes = types;
      constructor(private readonly callback: (list: { getEntries(): { name: string }[] }) => void) {}
      observe() {
        reportPaint = (name) => this.callback({ getEntries: () => [{ name }] });
      }
      disconnect() {
        reportPaint = undefined;
      }
    };
  }

  beforeEach(() => {
    vi.useFakeTimers();
    visibility = 'visible';
    reportPaint = undefined;
    history.replaceState(null, '', '/recharge-list');
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(
      () => visibility as DocumentVisibilityState,
    );
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    for (const node of document.querySelectorAll('link, script')) node.remove();
    history.replaceState(null, '', '/');
  });

  it.each([
    ['no PerformanceObserver', undefined, false],
    ['no supportedEntryTypes', observer(undefined), false],
    ['no paint entry type', observer(['navigation', 'resource']), false],
    ['a hidden tab', observer(['paint']), true],
  ])('starts the entry at once with %s', (_, Observer, hidden) => {
    vi.stubGlobal('PerformanceObserver', Observer);
    if (hidden) visibility = 'hidden';
    run();
    expect(started()).toEqual(['/assets/index.js']);
    expect(preloads()).toEqual(['/assets/vendor.js']);
    vi.runAllTimers();
    expect(started()).toEqual(['/assets/index.js']);
  });

  it('waits for the first contentful paint, then starts the entry once', () => {
    vi.stubGlobal('PerformanceObserver', observer(['paint', 'navigation']));
    run();
    expect(started()).toEqual([]);
    reportPaint?.('first-paint');
    vi.advanceTimersByTime(0);
    expect(started()).toEqual([]);
    reportPaint?.('first-contentful-paint');
    expect(reportPaint).toBeUndefined();
    vi.advanceTimersByTime(0);
    expect(started()).toEqual(['/assets/index.js']);
    vi.runAllTimers();
    expect(started()).toEqual(['/assets/index.js']);
    expect(preloads()).toEqual(['/assets/vendor.js']);
  });

  it('starts the entry after 1 s when no paint is reported', () => {
    vi.stubGlobal('PerformanceObserver', observer(['paint']));
    run();
    vi.advanceTimersByTime(999);
    expect(started()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(started()).toEqual(['/assets/index.js']);
  });

  it("adds the route's links beside the entry", () => {
    history.replaceState(null, '', '/login');
    vi.stubGlobal('PerformanceObserver', undefined);
    run();
    // The entry first; the route's links from the next task on.
    expect(started()).toEqual(['/assets/index.js']);
    expect(preloads()).toEqual(['/assets/vendor.js']);
    vi.runAllTimers();
    expect(preloads()).toContain('/assets/LoginPage.js');
  });

  describe('with a first file (React) run in a task before the entry', () => {
    const runFirst = new Function(
      startScriptSource(
        {
          preloads: ['/assets/runtime.js', '/assets/react.js'],
          first: '/assets/react.js',
          entry: '/assets/index.js',
        },
        plan,
      ),
    ) as () => void;
    const firstScript = () => {
      const script = document.body.querySelector('script[src="/assets/react.js"]');
      if (script === null) throw new Error('the first file was not started');
      return script;
    };

    it.each(['load', 'error'])(
      'runs it at once with the entry preloaded beside it, and the entry once it fires %s, in a later task',
      (event) => {
        history.replaceState(null, '', '/login');
        vi.stubGlobal('PerformanceObserver', undefined);
        runFirst();
        // Both download from the start: the first file as a script, the entry and the rest as preloads.
        expect(started()).toEqual(['/assets/react.js']);
        expect(preloads()).toEqual(['/assets/runtime.js', '/assets/index.js']);
        vi.advanceTimersByTime(0);
        // The route's links come meanwhile; the entry waits for the first file to have run.
        expect(preloads()).toContain('/assets/LoginPage.js');
        expect(started()).toEqual(['/assets/react.js']);
        firstScript().dispatchEvent(new Event(event));
        // Not in the task that ran the first file.
        expect(started()).toEqual(['/assets/react.js']);
        vi.advanceTimersByTime(0);
        expect(started()).toEqual(['/assets/react.js', '/assets/index.js']);
        // Once, whatever else the first script reports.
        firstScript().dispatchEvent(new Event('error'));
        firstScript().dispatchEvent(new Event('load'));
        vi.runAllTimers();
        expect(started()).toEqual(['/assets/react.js', '/assets/index.js']);
      },
    );

    it("fails the build when the first file is not one of the entry's imports", () => {
      expect(() =>
        startScriptSource(
          { preloads: ['/assets/runtime.js'], first: '/assets/x.js', entry: '/assets/index.js' },
          plan,
        ),
      ).toThrow(/not one of the entry's imports/);
      expect(() => startScriptSource({ preloads: [], entry: '' }, plan)).toThrow(/needs the entry/);
    });
  });
});

describe('the lazy chunks in the plan, and the built code naming their keys (rewriteLazyDeps)', () => {
  /** The app's build, with the router importing each page and a page importing a popup lazily. */
  function lazyBuild(): BuiltChunk[] {
    const chunks = build().map((c) =>
      c.isEntry
        ? { ...c, dynamicImports: ['assets/LoginPage.js', 'assets/FinesPage.js', 'assets/registry.js'] }
        : c.fileName === 'assets/FinesPage.js'
          ? { ...c, dynamicImports: ['assets/Popup.js'] }
          : c,
    );
    return [...chunks, chunk('assets/Popup.js', at('src/ui/Popup.tsx'), { imports: ['assets/runtime.js'] })];
  }
  const plan = planOf(facts(lazyBuild()));
  const lazyFiles = (file: string) => {
    const key = plan.lazyKeys?.[file];
    return key === undefined ? undefined : (plan.lazy?.[key] ?? []).map((i) => plan.files[i]).sort();
  };

  it.each([
    // A lazy chunk's list: itself, its static imports and their styles, less what the entry loads (runtime).
    [
      'assets/FinesPage.js',
      ['/assets/FinesPage.js', '/assets/fines.css', '/assets/shared.css', '/assets/shared.js'],
    ],
    ['assets/LoginPage.js', ['/assets/LoginPage.js']],
    ['assets/Popup.js', ['/assets/Popup.js']],
    ['assets/registry.js', ['/assets/registry.js']],
  ])('%s has a key listing its files', (file, want) => {
    expect(lazyFiles(file)).toEqual(want);
  });

  const head = (names: readonly string[]) =>
    `const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=${JSON.stringify(names)})))=>i.map(i=>d[i]);\n`;
  const key = (file: string) => JSON.stringify(`/${file}`);

  it("replaces Vite's list of file names with each import's key, and leaves the rest of the code", () => {
    const code = `${head(['assets/FinesPage.js', 'assets/shared.js', 'assets/shared.css', 'assets/runtime.js', 'assets/fines.css', 'assets/Popup.js'])}var a=V(()=>import(\`./FinesPage.js\`),__vite__mapDeps([0,1,2,3,4])),b=V(()=>import(\`./Popup.js\`),__vite__mapDeps([5,3])),c=V(()=>import(\`./x.js\`),[]);`;
    expect(rewriteLazyDeps(code, plan)).toBe(
      `var a=V(()=>import(\`./FinesPage.js\`),${key('assets/FinesPage.js')}),b=V(()=>import(\`./Popup.js\`),${key('assets/Popup.js')}),c=V(()=>import(\`./x.js\`),[]);`,
    );
  });

  it('leaves a chunk without lazy imports as it is', () => {
    expect(rewriteLazyDeps('export const a=1;', plan)).toBe('export const a=1;');
  });

  it.each([
    [
      'an import of a chunk with no key',
      `${head(['assets/nowhere.js'])}V(()=>0,__vite__mapDeps([0]))`,
      /no key/,
    ],
    [
      'a file Vite would preload that the plan leaves out (a waterfall)',
      `${head(['assets/LoginPage.js', 'assets/shared.js'])}V(()=>0,__vite__mapDeps([0,1]))`,
      /leaves out assets\/shared\.js/,
    ],
    [
      'an index past the list',
      `${head(['assets/LoginPage.js'])}V(()=>0,__vite__mapDeps([0,4]))`,
      /does not list/,
    ],
    [
      'another form of the list',
      'const __vite__mapDeps=(i)=>i;V(()=>0,__vite__mapDeps([0]))',
      /unknown form/,
    ],
  ])('fails the build on %s', (_, code, error) => {
    expect(() => rewriteLazyDeps(code, plan)).toThrow(error);
  });

  describe('the source map stays exact (shiftMappings)', () => {
    const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
    const vlq = (value: number) => {
      let rest = value < 0 ? (-value << 1) | 1 : value << 1;
      let out = '';
      do {
        let digit = rest & 31;
        rest >>>= 5;
        if (rest > 0) digit |= 32;
        out += B64[digit];
      } while (rest > 0);
      return out;
    };
    /** The absolute generated columns of a mappings line (first values only, one character each here or more). */
    const columns = (line: string) => {
      let col = 0;
      return line.split(',').map((segment) => {
        let value = 0;
        let shift = 0;
        for (const char of segment) {
          const digit = B64.indexOf(char);
          value += (digit & 31) << shift;
          if ((digit & 32) === 0) break;
          shift += 5;
        }
        col += value & 1 ? -(value >>> 1) : value >>> 1;
        return col;
      });
    };
    const names = ['assets/LoginPage.js', 'assets/Popup.js', 'assets/runtime.js'];
    const line =
      'a=V(()=>import(`./LoginPage.js`),__vite__mapDeps([0])),b=V(()=>0,__vite__mapDeps([1,2]));c()';
    const code = `${head(names)}${line}\nd()`;
    // Segments at a, b and c (source 0, line 0, column 0 each: only the generated column matters here).
    const marks = ['a=', 'b=', 'c('].map((m) => line.indexOf(m));
    const segments = marks.map((col, i) => `${vlq(col - (i === 0 ? 0 : (marks[i - 1] ?? 0)))}AAA`).join(',');

    it('moves the segments after each rewritten list to where their code went, and drops the head line', () => {
      const rewritten = rewriteLazyDepsWithEdits(code, plan);
      const mappings = shiftMappings(`;${segments};AAAA`, rewritten);
      const [first, second] = mappings.split(';');
      const out = rewritten.code.split('\n')[0] ?? '';
      expect(columns(first ?? '')).toEqual(['a=', 'b=', 'c('].map((m) => out.indexOf(m)));
      expect(second).toBe('AAAA');
    });

    it('fails rather than keep a map that no longer fits', () => {
      const rewritten = rewriteLazyDepsWithEdits(code, plan);
      expect(() => shiftMappings(`AAAA;${segments}`, rewritten)).toThrow(/line has source-map mappings/);
      const inside = line.indexOf('__vite__mapDeps') + 3;
      expect(() => shiftMappings(`;${vlq(inside)}AAA`, rewritten)).toThrow(/inside a rewritten/);
    });
  });

  it('the start script carries the lists and sets the plan for the preload helper', () => {
    const win = window as unknown as Record<string, unknown>;
    new Function(addRouteLinksSource(plan))();
    const set = win.__topupPlan as { f: string[]; d: Record<string, number[]> };
    expect(set.f).toEqual(plan.files);
    expect(set.d).toEqual(plan.lazy);
    // Each lazy chunk's list is under the chunk's own place in f.
    for (const [at, list] of Object.entries(set.d)) expect(list).toContain(Number(at));
    delete win.__topupPlan;
  });
});
