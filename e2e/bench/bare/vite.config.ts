import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * Built as web/vite.config.ts builds the app: same Vite, React plugin, target and options.
 */
export default defineConfig({
  root: dirname(fileURLToPath(import.meta.url)),
  base: '/',
  logLevel: 'warn',
  plugins: [react()],
  // web/ gets the automatic JSX runtime from web/tsconfig.json; this folder has no tsconfig of its own.
  oxc: { jsx: { runtime: 'automatic' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    modulePreload: { polyfill: false },
  },
});
