import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin, type PluginOption } from 'vite';
import {
  type BuiltChunk,
  CONTRACTS_LOADER,
  firstPaintsLiteral,
  type Plan,
  planOf,
  REACT_FIRST,
  ROUTER,
  rewriteLazyDepsWithEdits,
  shiftMappings,
  startScriptSource,
} from './src/app/routePreloads';
import { CSP_REPORT_PATH, inlineScriptHashes, pageHeaders, staticHostFiles } from './src/security/headers';
import { DEFAULT_API_HOSTS, hostList } from './src/security/policy';

const mock = 'http://127.0.0.1:8080';

/**
 * The static first paint in index.html shows before any JavaScript: the entry script is started after that
 * paint instead of from <head> (`startScriptSource`), so a slow phone shows the page while the app downloads. At that same moment
 * the current route's own files (its page chunk and what it imports, its styles, the rest of the contracts,
 * the sign-in or payment-return code its URL calls for; see `src/app/routePreloads.ts`) are linked too, so
 * they download in parallel with the entry instead of after it has run.
 */
function startAfterFirstPaint(): Plugin {
  let webRoot = '';
  let routerLazy: string[] = [];
  let contractsLazy: string[] = [];
  let plan: Plan | undefined;
  return {
    name: 'start-after-first-paint',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      webRoot = config.root;
    },
    buildEnd() {
      const lazyOf = (module: string) => [
        ...(this.getModuleInfo(join(webRoot, module))?.dynamicallyImportedIds ?? []),
      ];
      routerLazy = lazyOf(ROUTER);
      contractsLazy = lazyOf(CONTRACTS_LOADER);
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(html);
        if (entry === null || ctx.bundle === undefined)
          throw new Error('index.html has no entry script to start after its first paint');
        const chunks: BuiltChunk[] = [];
        for (const output of Object.values(ctx.bundle)) {
          if (output.type !== 'chunk') continue;
          chunks.push({
            fileName: output.fileName,
            isEntry: output.isEntry,
            facadeModuleId: output.facadeModuleId,
            moduleIds: output.moduleIds,
            imports: output.imports,
            dynamicImports: output.dynamicImports,
            css: [...(output.viteMetadata?.importedCss ?? [])],
          });
        }
        plan = planOf({ chunks, webRoot, routerLazy, contractsLazy, base: '/' });
        // The entry's static imports are preloaded at the same moment as the entry, not from <head>.
        const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
        // React's chunk runs in a task before the entry's (REACT_FIRST).
        const react = chunks.find((c) => c.moduleIds.includes(join(webRoot, REACT_FIRST)));
        if (react === undefined || react.isEntry)
          throw new Error(`${REACT_FIRST} is not in a chunk of its own beside the entry`);
        const start = `<script>${startScriptSource(
          { preloads: preloads.map((m) => m[1] ?? ''), first: `/${react.fileName}`, entry: entry[1] ?? '' },
          plan,
        )}</script>`;
        const placeholder = '/* first-paint */ {}';
        if (!html.includes(placeholder)) throw new Error(`index.html lost its ${placeholder} placeholder`);
        let out = html.replace(entry[0], '').replace(placeholder, firstPaintsLiteral());
        for (const preload of preloads) out = out.replace(preload[0], '');
        // A second module script (the bundler splitting the entry) would load before the first paint.
        if (/<script type="module"|<link rel="modulepreload"/.test(out))
          throw new Error('index.html still loads a script before its first paint');
        return out.replace('</body>', `${start}\n  </body>`);
      },
    },
    // After Vite has written its lists of file names (`__vite__mapDeps`) into the chunks: each becomes the
    // path of the imported chunk, under which the plan above lists its files for the app's preload helper
    // (lazyFiles.ts). The chunks' names are hashed before this rewrite: only the imported chunk's name, which
    // the hash covers, may be written, never anything that depends on the rest of the build.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        if (plan === undefined) throw new Error('the route plan was not made before the chunks were written');
        for (const output of Object.values(bundle)) {
          if (output.type !== 'chunk') continue;
          const rewritten = rewriteLazyDepsWithEdits(output.code, plan, '/');
          if (!rewritten.droppedHead) continue;
          output.code = rewritten.code;
          // A build with source maps (e2e/bench/chunks.ts) keeps them exact.
          const mapFile = bundle[`${output.fileName}.map`];
          if (mapFile?.type === 'asset' && typeof mapFile.source === 'string') {
            const map = JSON.parse(mapFile.source) as { mappings: string };
            map.mappings = shiftMappings(map.mappings, rewritten);
            mapFile.source = JSON.stringify(map);
          }
          if (output.map) output.map.mappings = shiftMappings(output.map.mappings, rewritten);
        }
      },
    },
  };
}

/** Vite's preload helper, replaced by the app's, which reads the plan instead of a list in each chunk. */
function planPreloadHelper(): Plugin {
  let helper = '';
  return {
    name: 'plan-preload-helper',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      helper = join(config.root, 'src/app/lazyFiles.ts');
    },
    load(id) {
      if (id !== '\0vite/preload-helper.js') return null;
      return `export { preloadThen as __vitePreload } from ${JSON.stringify(helper)};`;
    },
  };
}

/**
 * Everything the entry reaches through static imports, start-up included, is one chunk: the first load is
 * then one file of app and libraries rather than a dozen shared chunks, each a request and some glue on a
 * slow phone. What is imported dynamically (each page but the recharge list, popups, providers' SDKs, the
 * rest of the contracts) stays out of it.
 */
function firstLoadChunk(): { plugin: Plugin; test: (id: string) => boolean } {
  let members = new Set<string>();
  return {
    plugin: {
      name: 'first-load-chunk',
      apply: 'build',
      buildEnd() {
        const seen = new Set<string>();
        const stack = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
        for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
          if (seen.has(id)) continue;
          seen.add(id);
          stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        members = seen;
      },
    },
    test: (id) => members.has(id) && !/\.css($|\?)/.test(id),
  };
}

const firstLoad = firstLoadChunk();

/** React's modules and `src/app/reactFirst.ts`, which runs them: the first load's first task (issue 16). */
const reactChunk = (id: string) =>
  /\/node_modules\/(react|react-dom|scheduler)\//.test(id) || id.endsWith('/src/app/reactFirst.ts');

/**
 * The rules for leaving the page (security/outbound.ts) and their use (navigation.ts): not in the first load,
 * and every page that follows a link out needs both, so they are one chunk rather than two small ones.
 */
const outboundChunk = (id: string) => /\/src\/security\/(outbound|navigation)\.ts$/.test(id);

/**
 * The production headers (issue 11), written beside the built page: `security-headers.json`, which the mock
 * serves in `npm start`, and `_headers` plus an nginx snippet for a static host. The CSP hashes the final
 * index.html's inline scripts, and the build fails when its script-src would allow inline script or eval.
 */
function securityHeaders(): Plugin {
  let outDir = 'dist';
  let apiHosts: string[] = [];
  return {
    name: 'security-headers',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/')
        ? config.build.outDir
        : join(config.root, config.build.outDir);
      const env = loadEnv(config.mode, config.envDir || config.root, 'VITE_');
      apiHosts = hostList(env.VITE_API_HOSTS, DEFAULT_API_HOSTS);
    },
    async writeBundle() {
      const html = await readFile(join(outDir, 'index.html'), 'utf8');
      const headers = pageHeaders({ scriptHashes: await inlineScriptHashes(html), apiHosts });
      const files = {
        'security-headers.json': `${JSON.stringify({ page: headers, reportPath: CSP_REPORT_PATH }, null, 2)}\n`,
        ...staticHostFiles(headers),
      };
      for (const [name, text] of Object.entries(files)) await writeFile(join(outDir, name), text);
    },
  };
}

export default defineConfig({
  // The plugins' types and Vite's can differ by a minor version under exactOptionalPropertyTypes.
  plugins: [
    react() as unknown as PluginOption,
    planPreloadHelper() as unknown as PluginOption,
    startAfterFirstPaint() as unknown as PluginOption,
    firstLoad.plugin as unknown as PluginOption,
    securityHeaders() as unknown as PluginOption,
  ],
  base: '/',
  build: {
    target: 'es2022',
    sourcemap: false,
    cssCodeSplit: true,
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: reactChunk, priority: 2 },
            { name: 'start', test: firstLoad.test, priority: 1 },
            { name: 'outbound', test: outboundChunk, priority: 0 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': mock,
      '/third': mock,
      '/static': mock,
      // The control API checks Host against the mock's own address.
      '/__mock': { target: mock, changeOrigin: true },
      '/__provider': mock,
      '/ws': { target: mock, ws: true },
    },
  },
});
