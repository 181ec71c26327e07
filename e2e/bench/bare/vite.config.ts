import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../../../scripts/precompress.mjs';

/**
 * Built as web/vite.config.ts builds the app: same Vite, React plugin, target and options.
 */
const root = dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  root,
  base: '/',
  logLevel: 'warn',
  plugins: [
    react(),
    // Served compressed, as the app is (web/vite.config.ts).
    { name: 'bare:precompress', apply: 'build', closeBundle: () => precompress(join(root, 'dist')) },
  ],
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
