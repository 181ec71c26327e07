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
 * told as unexpected. Trying again reloads the page: the URL and everything stored stay.
 */
export class LoadBoundary extends Component<Props, { error: unknown; failed: boolean }> {
  override state = { error: undefined as unknown, failed: false };

  static getDerivedStateFromError(error: unknown): { error: unknown; failed: boolean } {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown): void {
    if (!isChunkLoadError(error)) globalThis.reportError?.(error);
  }

  override componentDidUpdate(previous: Props): void {
    if (this.state.failed && previous.resetKey !== this.props.resetKey)
      this.setState({ error: undefined, failed: false });
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="notice notice-error" role="alert" data-testid="load-failed">
        {this.props.page ? <h1>{t('app.pageLoadFailed')}</h1> : null}
        <p>{isChunkLoadError(this.state.error) ? t('app.loadFailed') : t('app.unexpected')}</p>
        <Button variant="secondary" onClick={this.props.onRetry ?? (() => location.reload())}>
          {t('app.retry')}
        </Button>
      </div>
    );
  }
}
