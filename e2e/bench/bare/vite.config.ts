import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type PluginOption } from 'vite';

/**
 * Built as web/vite.config.ts builds the app: same Vite, React plugin, target and options. The app's
 * first-load chunk plugin is left out: on a page that is one static graph it changes nothing.
 */
export default defineConfig({
  root: dirname(fileURLToPath(import.meta.url)),
  base: '/',
  logLevel: 'warn',
  plugins: [react() as unknown as PluginOption],
  // web/ gets the automatic JSX runtime from web/tsconfig.json; this folder has no tsconfig of its own.
  oxc: { jsx: { runtime: 'automatic' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    cssCodeSplit: true,
    modulePreload: { polyfill: false },
  },
});
