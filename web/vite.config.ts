import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type PluginOption } from 'vite';

const mock = 'http://127.0.0.1:8080';

/**
 * The static first paint in index.html shows before any JavaScript: the entry script is started after that
 * paint instead of from <head>, so a slow phone shows the page while the app downloads.
 */
function startAfterFirstPaint(): Plugin {
  return {
    name: 'start-after-first-paint',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(html);
        if (entry === null) return html;
        // After the next frame; at once in a hidden tab (no frames there), and after 300 ms at the latest.
        const start = `<script>(function(){var started=false;function go(){if(started)return;started=true;var s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=${JSON.stringify(entry[1])};document.body.appendChild(s)}if(document.visibilityState!=='visible'){go();return}requestAnimationFrame(function(){setTimeout(go)});setTimeout(go,300)})()</script>`;
        return html.replace(entry[0], '').replace('</body>', `${start}\n  </body>`);
      },
    },
  };
}

export default defineConfig({
  // plugin-react resolves the root's Vite 8 types; the build runs web's Vite 7, whose plugin API it supports.
  plugins: [react() as unknown as PluginOption, startAfterFirstPaint() as unknown as PluginOption],
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
