/** The app's start (main.tsx imports it once the built page has been painted): React hydrates that page. */
import { StorageKeys } from '@topup/contracts/storage';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { tabOrderSessions } from '../api/instance';
import { DIR, LANG, t } from '../i18n/t';
import { keptOrderIds, tabAttempts } from '../payments/orderAttempt';
import { keepEarlyInput } from '../platform/earlyInput';
import { readKey } from '../platform/storage';
import { appStore } from '../platform/store';
import { blockZoom, trackLayout } from '../platform/viewport';
import { App } from './App';
import { forgetOldAccountOrders } from './accountOrders';
import { toastApiErrors } from './apiErrorToasts';
import { startApp } from './boot';
import { preloadPage, routeKeyOf, startPathOf } from './router';
import { noteUrlSignIn } from './urlSignIns';

// The one place that sets the document's language and direction.
document.documentElement.lang = LANG;
document.documentElement.dir = DIR;
trackLayout();
blockZoom();

// /home and an unknown path are index's page (the server answered with it): the address says so before the
// first render, which then draws the page rather than a redirect over the built one.
const startPath = startPathOf(location.pathname);
if (startPath !== undefined)
  history.replaceState(history.state, '', `${startPath}${location.search}${location.hash}`);

const root = document.getElementById('root');
if (root === null) throw new Error('#root is missing from index.html');
// Before the first render: a sign-in in the URL draws the signed-in layout's placeholders from the start.
noteUrlSignIn(appStore);

/**
 * Whether this visit's first render is the page the build rendered (prerender.tsx): the same route, signed out,
 * with no arguments. Then React hydrates it; otherwise it renders over it, the built page standing as the
 * first paint until then.
 */
function drawsThePrerender(): boolean {
  return (
    root?.dataset.route === routeKeyOf(location.pathname) &&
    location.search === '' &&
    location.hash === '' &&
    readKey(StorageKeys.sessionKey) === undefined &&
    readKey(StorageKeys.payTargetUser) === undefined
  );
}

/**
 * Once React has the page (hydrated or rendered), the built page's `data-starting` goes: index.html's script no
 * longer holds its taps, the loading status it showed goes, and what was typed meanwhile is the app's.
 */
let markLive = () => {};
const isLive = new Promise<void>((resolve) => {
  markLive = resolve;
});
const carryTyped = keepEarlyInput(root);
/** How long "loaded: tap again" stays once the page is ready, after a tap held while it started. */
const READY_NOTE_MS = 4000;
/**
 * index.html's status goes with the start; but a tap it held was told to come again once the page has loaded:
 * the visitor is told it has (a held tap is not replayed: they may have moved on), for a moment.
 */
function endStartingNote(): void {
  const note = document.getElementById('app-starting');
  if (note === null || note.textContent === '') {
    note?.remove();
    return;
  }
  note.textContent = t('app.readyTapAgain');
  note.classList.add('app-starting--ready');
  setTimeout(() => note.remove(), READY_NOTE_MS);
}
const live = () => {
  root.removeAttribute('inert');
  root.removeAttribute('data-starting');
  endStartingNote();
  carryTyped();
  markLive();
};

const app = <App store={appStore} onLive={live} />;
/**
 * The code the page of this address draws, linked by its HTML beside the entry, is in the first render rather
 * than a skeleton. A visit React hydrates waits for all of it: the built page stays, its taps held, until it is here
 * (a part hydrated later would meet whatever the store holds by then, not what the build drew), for
 * HYDRATE_WAIT_MS at most; code that cannot be fetched in that time is rendered over the built page, with the
 * page's skeleton while it is still coming, or saying it could not load. Any other visit renders over the
 * built page, which stands for PAGE_WAIT_MS at most.
 */
const PAGE_WAIT_MS = 3000;
const HYDRATE_WAIT_MS = 8000;
const hydrates = drawsThePrerender();
// In a transition, React renders (or hydrates) in slices of a few milliseconds, giving the main thread back
// between them, rather than in one long task: the built page stands meanwhile (its taps held until `live`).
void preloadPage(location.pathname, hydrates ? HYDRATE_WAIT_MS : PAGE_WAIT_MS).then((ready) => {
  startTransition(() => {
    if (hydrates && ready) hydrateRoot(root, app);
    else createRoot(root).render(app);
  });
});
// Before any call goes out: a start-up call's lost session or network failure is told once React has the page.
toastApiErrors(appStore, isLive);
// An account gone from the tab (signed out, or another signed in) leaves no session of its orders behind.
forgetOldAccountOrders(appStore, tabOrderSessions, keptOrderIds, tabAttempts);
// Start-up work (config and the first screen's data, sign-ins from the URL) runs in its own task at once: its
// one round trip goes out beside the page's download, not after it; its answers reach the store once React
// has the page, so a hydration meets the store as the build had it.
setTimeout(() => void startApp(appStore, isLive));
