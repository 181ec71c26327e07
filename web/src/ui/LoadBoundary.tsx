import { Component, type ReactNode } from 'react';
import { t } from '../i18n/t';
import { Button } from './Button';

interface Props {
  readonly children: ReactNode;
  /** A whole page: the notice is then the page's heading too. */
  readonly page?: boolean;
  /** A new value (the route) clears a failure, so another page renders, without remounting the children. */
  readonly resetKey?: string;
  /** Trying again; a reload by default, since the browser keeps a failed module import failed. */
  readonly onRetry?: () => void;
}

interface State {
  readonly error: unknown;
  readonly failed: boolean;
  /** The code could not be fetched while the browser was offline: the page waits for the connection. */
  readonly offline: boolean;
}

/** How long to wait before asking again whether the server answers, once the browser says it is online. */
export const REACHABLE_AGAIN_MS = 3000;

/**
 * Calls `onBack` once the browser is back online and the page's server answers (the 'online' event
 * comes when the phone has a network, not always before the server can be reached: trying again sooner would
 * meet the browser's offline page); `onOffline` when the connection goes again. Returns the stop.
 */
export function whenBackOnline(onBack: () => void, onOffline: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const ask = () => {
    timer = undefined;
    // Any answer (even a refusal of HEAD) says the server is reached; only a failed fetch is no connection.
    fetch(location.href, { method: 'HEAD', cache: 'no-store' }).then(back, later);
  };
  const later = () => {
    if (!stopped && navigator.onLine !== false) timer = setTimeout(ask, REACHABLE_AGAIN_MS);
  };
  const back = () => {
    if (stopped) return;
    stop();
    onBack();
  };
  const offline = () => {
    clearTimeout(timer);
    onOffline();
  };
  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    removeEventListener('online', ask);
    removeEventListener('offline', offline);
  };
  addEventListener('online', ask);
  addEventListener('offline', offline);
  return stop;
}

/**
 * The browsers' messages for a lazily imported chunk that could not be fetched, and Vite's for the chunk's
 * stylesheet (a page with its own CSS, offline, fails on the stylesheet first).
 */
export function isChunkLoadError(error: unknown): boolean {
  return (
    (error instanceof TypeError &&
      /dynamically imported module|module script failed|Importing a module script/i.test(error.message)) ||
    (error instanceof Error && /^Unable to preload CSS for /.test(error.message))
  );
}

/**
 * Code loaded on demand (a page, the packages panel, a popup) that cannot be fetched, offline or after a
 * new version replaced the files, says so with a way to try again instead of taking the whole page down.
 * Any other error while rendering is reported like every uncaught error (SPEC: reported as exceptions) and
 * told as unexpected. Trying again reloads the page: the URL and everything stored stay. A whole page that
 * could not be fetched offline tries again by itself once back online (`waitForConnection`).
 */
export class LoadBoundary extends Component<Props, State> {
  override state: State = { error: undefined, failed: false, offline: false };
  private stopWaiting: (() => void) | undefined;

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true, offline: isChunkLoadError(error) && navigator.onLine === false };
  }

  override componentDidCatch(error: unknown): void {
    if (!isChunkLoadError(error)) globalThis.reportError?.(error);
    this.waitForConnection();
  }

  override componentDidUpdate(previous: Props): void {
    if (this.state.failed && previous.resetKey !== this.props.resetKey)
      this.setState({ error: undefined, failed: false, offline: false });
    this.waitForConnection();
  }

  override componentWillUnmount(): void {
    this.stopWaiting?.();
  }

  /**
   * A page whose code could not be fetched tries again by itself once the connection is back (the visitor
   * offline when it was asked for), saying meanwhile that it waits for the connection. A part of a page (a
   * popup) does not: its retry reloads the whole page, which would lose what the visitor has entered there.
   */
  private waitForConnection(): void {
    const waiting = this.props.page === true && this.state.failed && isChunkLoadError(this.state.error);
    if (!waiting) {
      this.stopWaiting?.();
      this.stopWaiting = undefined;
    } else
      this.stopWaiting ??= whenBackOnline(
        () => {
          this.stopWaiting = undefined;
          this.retry();
        },
        () => this.setState({ offline: true }),
      );
  }

  private readonly retry = () => (this.props.onRetry ?? (() => location.reload()))();

  override render() {
    if (!this.state.failed) return this.props.children;
    const unfetched = isChunkLoadError(this.state.error);
    return (
      <div className="notice notice-error" role="alert" data-testid="load-failed">
        {this.props.page ? <h1>{t('app.pageLoadFailed')}</h1> : null}
        <p>
          {!unfetched
            ? t('app.unexpected')
            : this.props.page && this.state.offline
              ? t('app.pageLoadWaiting')
              : t('app.loadFailed')}
        </p>
        <Button variant="secondary" onClick={this.retry}>
          {t('app.retry')}
        </Button>
      </div>
    );
  }
}
