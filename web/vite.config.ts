import react from '@vitejs/plugin-react';
import { defineConfig, type PluginOption } from 'vite';

const mock = 'http://127.0.0.1:8080';

export default defineConfig({
  // plugin-react resolves the root's Vite 8 types; the build runs web's Vite 7, whose plugin API it supports.
  plugins: [react() as unknown as PluginOption],
  base: '/',
  build: {
    target: 'es2022',
    sourcemap: false,
    cssCodeSplit: true,
    modulePreload: { polyfill: false },
  },
  server: {
    proxy: {
      '/api': mock,
      '/third': mock,
      '/static': mock,
      '/__mock': mock,
      '/__provider': mock,
      '/ws': { target: mock, ws: true },
    },
  },
});
