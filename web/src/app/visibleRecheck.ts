import type { PkgInfo } from '@topup/contracts/entities';

/** What the page does again when it becomes visible (SPEC §4 "Page update"). */
export interface VisibleRecheck {
  /** The server config's pkgInfo, undefined when it could not be had. */
  readonly config: () => Promise<PkgInfo | undefined>;
  /** Schedules the reload for a newer website_version; true when it will reload. */
  readonly update: (pkg: PkgInfo) => boolean;
  readonly ticketSignIn: () => Promise<void>;
  /** Asks the app, whose user may have changed meanwhile, again. */
  readonly askApp: () => Promise<void>;
}

/** The listener's removal, and start-up's end: true when the page goes on (then re-checks start). */
export interface RecheckListener {
  readonly stop: () => void;
  readonly startedUp: (goesOn: boolean) => void;
}

/**
 * The update check, again whenever the page becomes visible (SPEC §4); then, unless it reloads, a ticket
 * argument also signs in and the app is asked again.
 *
 * Listened from the start of start-up, whose own sign-ins the re-checks must not run beside: they start at
 * `startedUp(true)`, the first call of it counting (with false, the page reloads or start-up failed, nothing
 * is re-checked). A page that became visible before that, and is still visible then, is re-checked once then:
 * a slow phone's start-up can take seconds, and a visitor back from another app meanwhile is not missed.
 */
export function recheckWhenVisible(recheck: VisibleRecheck, doc: Document = document): RecheckListener {
  let ready = false;
  let settled = false;
  let shownMeanwhile = false;
  const run = () => {
    void recheck.config().then(async (pkg) => {
      if (pkg !== undefined && recheck.update(pkg)) return;
      await recheck.ticketSignIn();
      await recheck.askApp();
    });
  };
  const onChange = () => {
    if (doc.visibilityState !== 'visible') return;
    if (ready) run();
    else shownMeanwhile = true;
  };
  const stop = () => {
    settled = true;
    ready = false;
    doc.removeEventListener('visibilitychange', onChange);
  };
  doc.addEventListener('visibilitychange', onChange);
  const startedUp = (goesOn: boolean) => {
    if (settled) return;
    if (!goesOn) return stop();
    settled = true;
    ready = true;
    if (shownMeanwhile && doc.visibilityState === 'visible') run();
  };
  return { stop, startedUp };
}
