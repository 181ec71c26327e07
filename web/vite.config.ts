import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const mock = 'http://127.0.0.1:8080';
const prerenderOut = 'dist-prerender';

export default defineConfig({
  plugins: [react()],
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
    // The prerender (src/prerender.tsx), built for Node beside the browser's build.
    ssr: { build: { outDir: prerenderOut, rolldownOptions: { input: 'src/prerender.tsx' } } },
  },
  builder: {
    // The browser's build, then the prerender's, then every route written as its own page (hydrated by main.tsx).
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
