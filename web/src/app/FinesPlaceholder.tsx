import { t } from '../i18n/t';

/** HAND-OVER POINT (issue 5): /fines, replaced by the fines flow from src/features/fines/. */
export default function FinesPlaceholder() {
  return (
    <section className="card" data-testid="fines-placeholder">
      <h1>{t('nav.fines')}</h1>
      <p role="status">{t('app.loading')}</p>
    </section>
  );
}
