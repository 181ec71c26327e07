import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { Link } from '../../app/routing';
import { t } from '../../i18n/t';
import { resetFeedbackAtom } from './state';

/** /feedback-success: the report was sent. */
export default function FeedbackSuccessPage() {
  const reset = useSetAtom(resetFeedbackAtom);
  useEffect(() => reset((url) => URL.revokeObjectURL(url)), [reset]);
  return (
    <section className="card success-card" data-testid="feedback-success">
      <p className="success-mark" aria-hidden="true">
        ✓
      </p>
      <h1>{t('feedback.successHeading')}</h1>
      <p>{t('feedback.successBody')}</p>
      <Link className="btn btn-primary" to="/recharge-list">
        {t('feedback.backToRecharge')}
      </Link>
    </section>
  );
}
