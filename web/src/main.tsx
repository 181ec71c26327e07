import './ui/ui.css';
import './ui/pages.css';

/**
 * The entry: the page the build rendered (prerender.tsx) is painted first, then the app's code, which each
 * page's HTML links beside this entry so it is downloaded meanwhile, is evaluated (app/start.tsx). Evaluating
 * React and the app before that paint would hold it back on a slow phone.
 */
let started = false;
const start = () => {
  if (started) return;
  started = true;
  // Its code not loaded: index.html's script says so, with a reload.
  import('./app/start').catch(() => dispatchEvent(new Event('app-load-failed')));
};
requestAnimationFrame(() => setTimeout(start));
// A hidden tab draws no frame: the app starts all the same.
setTimeout(start, 500);
