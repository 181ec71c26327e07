import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { Link } from '../../app/routing';
import { tFeedback } from '../../i18n/feedback';
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
      <h1>{tFeedback('feedback.successHeading')}</h1>
      <p>{tFeedback('feedback.successBody')}</p>
      <Link className="btn btn-primary" to="/recharge-list">
        {tFeedback('feedback.backToRecharge')}
      </Link>
    </section>
  );
}
