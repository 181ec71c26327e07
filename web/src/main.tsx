import { Provider } from 'jotai';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { startApp } from './app/boot';
import { AppRoutes } from './app/router';
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
createRoot(root).render(
  <StrictMode>
    <Provider store={appStore}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Provider>
  </StrictMode>,
);
void startApp(appStore);
