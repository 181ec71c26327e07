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

/**
 * The update check, again whenever the page becomes visible (SPEC §4); then, unless it reloads, a ticket
 * argument also signs in and the app is asked again. Answers the listener's removal.
 */
export function recheckWhenVisible(recheck: VisibleRecheck, doc: Document = document): () => void {
  const onChange = () => {
    if (doc.visibilityState !== 'visible') return;
    void recheck.config().then(async (pkg) => {
      if (pkg !== undefined && recheck.update(pkg)) return;
      await recheck.ticketSignIn();
      await recheck.askApp();
    });
  };
  doc.addEventListener('visibilitychange', onChange);
  return () => doc.removeEventListener('visibilitychange', onChange);
}
