import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from '../scripts/precompress.mjs';

const mock = 'http://127.0.0.1:8080';
const prerenderOut = 'dist-prerender';

/**
 * The browser build's module graph, read once it is complete, for the chunk groups below:
 * - `startup`: every module the app's start (src/app/start.tsx, which the entry imports once the built page is
 *   painted) imports statically. Every visit loads all of them before anything runs, so they belong in one
 *   chunk: left to the default splitting they are some thirty small chunks shared with the lazy pages, thirty
 *   requests before a slow phone's first paint. start.tsx itself stays its own chunk, the dynamic entry the
 *   manifest and the pages' HTML name.
 * - `lazy`: every module imported dynamically somewhere. Each keeps a chunk of its own, named after it, as the
 *   manifest lists it; only what they share is grouped.
 */
function moduleGraph(): { plugin: Plugin; startup: (id: string) => boolean; lazy: (id: string) => boolean } {
  const startup = new Set<string>();
  const lazy = new Set<string>();
  const plugin: Plugin = {
    name: 'topup:module-graph',
    applyToEnvironment: (environment) => environment.name === 'client',
    buildEnd() {
      startup.clear();
      lazy.clear();
      const ids = [...this.getModuleIds()];
      for (const id of ids) if ((this.getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0) lazy.add(id);
      const start = ids.find((id) => id.endsWith('/src/app/start.tsx'));
      if (start === undefined) throw new Error('the browser build has no src/app/start.tsx');
      const pending = [...(this.getModuleInfo(start)?.importedIds ?? [])];
      for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
        if (startup.has(id)) continue;
        startup.add(id);
        pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
  return { plugin, startup: (id) => startup.has(id), lazy: (id) => lazy.has(id) };
}
const graph = moduleGraph();
const sharedOr = (name: string, otherwise: string) => (name.startsWith('shared~') ? 'shared' : otherwise);

export default defineConfig({
  plugins: [react(), graph.plugin],
  base: '/',
  build: {
    target: 'es2022',
    sourcemap: false,
    // Which chunks and style sheets each page needs: the prerender links them in the page's HTML.
    manifest: true,
    modulePreload: { polyfill: false },
    // Adyen Web's ES build is one module of 595 kB, fetched only at its card step (provider 17).
    chunkSizeWarningLimit: 650,
  },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                // The entry's own import (the entry runs before the first paint: it must not evaluate the app).
                { name: 'preload', test: /vite\/preload-helper/, priority: 3 },
                { name: 'app', test: graph.startup, priority: 2 },
                // What the lazy pages share: one chunk per set of pages, small ones merged into a neighbour,
                // so that a page is a few requests, not a dozen of a few hundred bytes. Only the smallest: at
                // 8 kB the landing's and info pages' store links (5 kB) merged into the chunk the recharge
                // list shares with the landing, and login, fines and the pay step loaded 8-12 KiB (gzip) of
                // others' code; at 4 kB each of them loads 2-12 KiB less for one to three more requests.
                {
                  name: 'shared',
                  test: (id) => !graph.lazy(id),
                  minShareCount: 2,
                  entriesAware: true,
                  entriesAwareMergeThreshold: 4000,
                  priority: 1,
                },
              ],
            },
            // A shared chunk's name (and its style sheet's) lists every page that shares it: named 'shared'.
            chunkFileNames: (chunk) => `assets/${sharedOr(chunk.name, '[name]')}-[hash].js`,
            assetFileNames: (asset) => `assets/${sharedOr(asset.names[0] ?? '', '[name]')}-[hash][extname]`,
          },
        },
      },
    },
    // The prerender (src/prerender.tsx), built for Node beside the browser's build.
    ssr: { build: { outDir: prerenderOut, rolldownOptions: { input: 'src/prerender.tsx' } } },
  },
  builder: {
    // The browser's build, then the prerender's, then every route written as its own page (hydrated by main.tsx),
    // then the Brotli copies a server sends.
    async buildApp(builder) {
      const { client, ssr } = builder.environments;
      if (client === undefined || ssr === undefined) throw new Error('Vite has no client or ssr environment');
      await builder.build(client);
      await builder.build(ssr);
      const { root, build } = client.config;
      const outDir = resolve(root, build.outDir);
      const manifest: unknown = JSON.parse(await readFile(join(outDir, '.vite', 'manifest.json'), 'utf8'));
      const entry = pathToFileURL(join(root, prerenderOut, 'prerender.js')).href;
      const prerender: unknown = await import(entry);
      if (typeof prerender !== 'object' || prerender === null || !('writeSite' in prerender))
        throw new Error(`${entry} has no writeSite`);
      if (typeof prerender.writeSite !== 'function') throw new Error(`${entry}'s writeSite is no function`);
      await prerender.writeSite(outDir, manifest);
      await precompress(outDir);
    },
  },
  server: {
    proxy: {
      '/api': mock,
      '/third': mock,
      '/static': mock,
      // The mock's chat webhook receiver (.env.development points VITE_CHAT_WEBHOOK at it).
      '/__hooks': mock,
      // The control API checks Host against the mock's own address.
      '/__mock': { target: mock, changeOrigin: true },
      '/__provider': mock,
      '/ws': { target: mock, ws: true },
    },
  },
});
