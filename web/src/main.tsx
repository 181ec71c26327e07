import './ui/ui.css';
import './ui/pages.css';

/**
 * The entry: the page the build rendered (prerender.tsx, its styles written in) is painted first, then the
 * app's code, which each page's HTML links beside this entry so it is downloaded meanwhile, is evaluated
 * (app/start.tsx). Evaluating React and the app before that paint would hold it back on a slow phone.
 */
/**
 * A link that signs in (index.html's head script marks it) runs the sign-in's code first: asked for now, beside
 * the app's code, rather than once the app has started (the build lists its files: src/prerender.tsx). Linked
 * here, after the page's own links, at their low priority, so that it never holds the app's code back.
 */
const html = document.documentElement;
/**
 * How the visitor last moved: a focus the page moves itself (a heading after a step, a button after a closed
 * dialog) keeps its ring for a keyboard, and paints none after a tap or a click (ui.css, `data-input`). Keys
 * typed in a field (a phone keyboard's letters and its "go") are not a move: Tab and keys outside fields are.
 */
addEventListener('pointerdown', () => html.setAttribute('data-input', 'pointer'), {
  capture: true,
  passive: true,
});
addEventListener(
  'keydown',
  (event) => {
    const target = event.target;
    const typing =
      target instanceof HTMLElement &&
      (target.isContentEditable ||
        target.matches('input:not([type=radio],[type=checkbox]), textarea, select'));
    if (event.key === 'Tab' || !typing) html.setAttribute('data-input', 'keyboard');
  },
  { capture: true, passive: true },
);
if (html.hasAttribute('data-link-signin'))
  for (const file of (html.dataset.linkSignInCode ?? '').split(' ')) {
    if (!file.startsWith('/assets/')) continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.fetchPriority = 'low';
    link.href = file;
    document.head.append(link);
  }

let started = false;
const start = () => {
  if (started) return;
  started = true;
  // The page's own style sheets, written in its HTML, named again by disabled links: Vite's preload, loading
  // the page's code, finds them linked and neither fetches them once more nor holds the code until they
  // arrive. Disabled, as the browser neither fetches them nor waits for them: an enabled one is a request at
  // the highest priority that holds the first paint back for a sheet the page has.
  for (const style of document.querySelectorAll<HTMLElement>('style[data-href]')) {
    const href = style.dataset.href ?? '';
    if (!href.startsWith('/assets/')) continue;
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.disabled = true;
    link.href = href;
    document.head.append(link);
  }
  // Its code not loaded: index.html's script says so, with a reload.
  import('./app/start').catch(() => dispatchEvent(new Event('app-load-failed')));
};
requestAnimationFrame(() => setTimeout(start));
// A hidden tab draws no frame: the app starts all the same.
setTimeout(start, 500);
