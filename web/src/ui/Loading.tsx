import { t } from '../i18n/t';

/** Loading overlay with text (SPEC §2): covers the page and tells assistive tech what is going on. */
export function LoadingOverlay({
  text = t('app.loading'),
  role = 'alert',
}: {
  readonly text?: string;
  /** `status` for a wait that follows the visitor's own step (a result being checked), said politely. */
  readonly role?: 'alert' | 'status';
}) {
  return (
    <div className="loading-overlay" role={role} aria-busy="true" data-testid="loading-overlay">
      <div className="loading-box">
        <span className="spinner spinner-large" aria-hidden="true" />
        <p>{text}</p>
      </div>
    </div>
  );
}

/**
 * The shape of what is loading, instead of a blank area: `packages` for a package grid and its methods,
 * `page` for a page whose code or data is on its way. Announced once as loading.
 */
export function Skeleton({ kind = 'page' }: { readonly kind?: 'page' | 'packages' }) {
  return (
    <div className={`skeleton-${kind}`} role="status" data-testid="skeleton">
      <span className="visually-hidden">{t('app.loading')}</span>
      {kind === 'packages' ? (
        <>
          <span className="skeleton skeleton-text" aria-hidden="true" />
          <span className="skeleton-grid" aria-hidden="true">
            {[0, 1, 2, 3, 4, 5].map((i) => (
              <span key={i} className="skeleton skeleton-block" />
            ))}
          </span>
          <span className="skeleton skeleton-text" aria-hidden="true" />
          <span className="skeleton skeleton-row" aria-hidden="true" />
          <span className="skeleton skeleton-row" aria-hidden="true" />
        </>
      ) : (
        <>
          <span className="skeleton skeleton-title" aria-hidden="true" />
          <span className="skeleton skeleton-row" aria-hidden="true" />
          <span className="skeleton skeleton-block" aria-hidden="true" />
          <span className="skeleton skeleton-row" aria-hidden="true" />
        </>
      )}
    </div>
  );
}
