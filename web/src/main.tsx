import './app/reactFirst';
import { Provider } from 'jotai';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { noteUrlSignIn, startApp } from './app/boot';
import { AppRoutes, preloadPage } from './app/router';
import { DIR, LANG } from './i18n/t';
import { appStore } from './platform/store';
import { blockZoom, trackLayout } from './platform/viewport';
import './ui/ui.css';
import './ui/pages.css';

// The one place that sets the document's language and direction.
document.documentElement.lang = LANG;
document.documentElement.dir = DIR;
trackLayout();
blockZoom();

const root = document.getElementById('root');
if (root === null) throw new Error('#root is missing from index.html');
const reactRoot = createRoot(root);
// Before the first render: a sign-in in the URL draws the signed-in layout's placeholders from the start.
noteUrlSignIn(appStore);
// The page of this address, downloading since the entry started (index.html links it), is in the first
// render rather than a skeleton; the static first paint stays meanwhile, for PAGE_WAIT_MS at most: a stalled
// download then renders with the page's skeleton (and its error, should it fail). (A promise, not a
// top-level await, which would make the bundler split the entry off the first-load chunk.)
const PAGE_WAIT_MS = 3000;
void preloadPage(location.pathname, PAGE_WAIT_MS).then(() => {
  // A transition lets React yield while it renders the first screen, so a slow phone stays responsive.
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <Provider store={appStore}>
          <AppRoutes />
        </Provider>
      </StrictMode>,
    ),
  );
});
// Start-up work (config and the first screen's data, sign-ins from the URL) runs in its own task at once: its
// one round trip goes out beside the page's download, not after it.
setTimeout(() => void startApp(appStore));
