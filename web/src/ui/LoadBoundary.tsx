import { Component, type ReactNode } from 'react';
import { t } from '../i18n/t';
import { Button } from './Button';

interface Props {
  readonly children: ReactNode;
  /** A whole page: the notice is then the page's heading too. */
  readonly page?: boolean;
  /** Trying again; a reload by default, since React keeps a failed lazy import failed. */
  readonly onRetry?: () => void;
}

/**
 * Code loaded on demand (a page, the packages panel, a popup) that cannot be fetched, offline or after a
 * new version replaced the files, says so with a way to try again instead of taking the whole page down.
 * Trying again reloads the page: the URL and everything stored stay.
 */
export class LoadBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="notice notice-error" role="alert" data-testid="load-failed">
        {this.props.page ? <h1>{t('app.pageLoadFailed')}</h1> : null}
        <p>{t('app.loadFailed')}</p>
        <Button variant="secondary" onClick={this.props.onRetry ?? (() => location.reload())}>
          {t('app.retry')}
        </Button>
      </div>
    );
  }
}
