import { t } from '../i18n/t';

/** Loading overlay with text (SPEC §2): covers the page and tells assistive tech what is going on. */
export function LoadingOverlay({ text = t('app.loading') }: { readonly text?: string }) {
  return (
    <div className="loading-overlay" role="alert" aria-busy="true" data-testid="loading-overlay">
      <div className="loading-box">
        <span className="spinner spinner-large" aria-hidden="true" />
        <p>{text}</p>
      </div>
    </div>
  );
}

/** Inline placeholder while a route's code or data loads. */
export function PageSpinner() {
  return (
    <div className="page-spinner" role="status">
      <span className="spinner spinner-large" aria-hidden="true" />
      <span className="visually-hidden">{t('app.loading')}</span>
    </div>
  );
}
