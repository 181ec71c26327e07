/**
 * A module (or any value) loaded on first use and kept; a failed load is forgotten, so the next use tries
 * again (the network may be back), a module under a fresh address (`importFresh`).
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= importFresh(load).catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}

/**
 * `importer()`, and when its module could not be fetched, the same module again under a fresh address.
 * Chromium keeps a failed module fetch in the page's module map (HTML's "fetch a single module script",
 * whatwg/html#6768): importing the same address again fails at once without asking the network, even once the
 * connection is back, so every retry of a load would fail. Chromium's error names the address ("Failed to fetch
 * dynamically imported module: <url>"); only an address of the app's own origin is fetched again. An error that
 * names none (browsers that fetch again by themselves) passes on unchanged.
 *
 * A module the failed one imports keeps its failure: its address is written in the importer's code. So when
 * the fresh address fails too while the browser is online and the server has that module, the page's code is
 * broken until a reload (a connection that dropped during an earlier download of a shared chunk): the page
 * says so with a reload (index.html's note, `app-load-failed`), rather than let every retry fail as the network.
 *
 * `@fatso83/retry-dynamic-import` does the same but declares no licence, and its default way of finding the
 * address reads the importer's source, which a Vite build rewrites into a preload call.
 */
export function importFresh<T>(importer: () => Promise<T>): Promise<T> {
  return importFreshIn(importer, browserModules);
}

/** What `importFresh` does in the page: import an address, ask whether the server has it, say a reload is needed. */
export interface ModuleHost {
  readonly online: () => boolean;
  readonly origin: string;
  readonly importAddress: (href: string) => Promise<unknown>;
  readonly served: (href: string) => Promise<boolean>;
  readonly reloadNeeded: () => void;
}

const browserModules: ModuleHost = {
  online: () => typeof navigator === 'undefined' || navigator.onLine !== false,
  get origin() {
    return new URL(import.meta.url).origin;
  },
  importAddress: (href) => import(/* @vite-ignore */ href),
  served: (href) =>
    fetch(href, { method: 'HEAD', cache: 'no-store' }).then(
      (answer) => answer.ok,
      () => false,
    ),
  reloadNeeded: () => dispatchEvent(new Event('app-load-failed')),
};

export async function importFreshIn<T>(importer: () => Promise<T>, host: ModuleHost): Promise<T> {
  // Offline, nothing is asked for: a fetch would fail, and Chromium would keep the failure of the module and of
  // each module it imports, which a fresh address for the first cannot undo.
  if (!host.online()) throw new OfflineLoad();
  try {
    return await importer();
  } catch (error) {
    const address = failedModuleAddress(error, host.origin);
    if (address === undefined) throw error;
    address.searchParams.set('retry', String(Date.now()));
    try {
      return (await host.importAddress(address.href)) as T;
    } catch (again) {
      if (host.online() && (await host.served(address.href))) host.reloadNeeded();
      throw again;
    }
  }
}

/** A load not tried because the browser is offline. */
export class OfflineLoad extends Error {
  constructor() {
    super('offline: the module was not fetched');
  }
}

/** The address of a module whose fetch failed, from Chromium's error, when it is of `origin`. */
export function failedModuleAddress(error: unknown, origin: string): URL | undefined {
  const message = error instanceof Error ? error.message : '';
  const named = /^Failed to fetch dynamically imported module: (\S+)$/.exec(message.trim())?.[1];
  if (named === undefined || !URL.canParse(named)) return undefined;
  const address = new URL(named);
  return address.origin === origin ? address : undefined;
}

/** What `within` answers when the wait ran out. */
export const LATE = Symbol('late');

/**
 * `promise`'s value, or `LATE` once `ms` have passed without it (its timer then cleared either way): a load
 * or a call waited for no longer than its time limit. A rejection passes on.
 */
export async function within<T>(promise: Promise<T>, ms: number): Promise<T | typeof LATE> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<typeof LATE>((resolve) => {
        timer = setTimeout(() => resolve(LATE), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
