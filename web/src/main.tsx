import './ui/ui.css';
import './ui/pages.css';

/**
 * The entry: the page the build rendered (prerender.tsx) is painted first, from its HTML alone (its styles are
 * written in it); then the app's code is fetched and evaluated (app/start.tsx). Fetching the code before that
 * paint would take a slow phone's connection from the page, evaluating it would hold the paint back.
 */
let started = false;
const start = () => {
  if (started) return;
  started = true;
  // The code of this address's page, which the build lists on the page (prerender.tsx): fetched at once beside
  // the start's, not after the start has been evaluated.
  for (const href of document.getElementById('root')?.dataset.code?.split(' ') ?? []) {
    if (!href.startsWith('/assets/')) continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  // Its code not loaded: index.html's script says so, with a reload.
  // The page's own style sheets, written in its HTML, linked again beside its code: Vite's preload, loading
  // the page's code, then finds them linked and does not hold the code until it has fetched them once more.
  for (const style of document.querySelectorAll<HTMLElement>('style[data-href]')) {
    const href = style.dataset.href ?? '';
    if (!href.startsWith('/assets/')) continue;
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  import('./app/start').catch(() => dispatchEvent(new Event('app-load-failed')));
};
requestAnimationFrame(() => setTimeout(start));
// A hidden tab draws no frame: the app starts all the same.
setTimeout(start, 500);
