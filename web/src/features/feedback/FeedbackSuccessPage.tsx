import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { Link } from '../../app/routing';
import { tFeedback } from '../../i18n/feedback';
import { sessionAtom } from '../../session/session';
import { feedbackContactAtom, resetFeedbackAtom } from './state';

/** /feedback-success: the report was sent. */
export default function FeedbackSuccessPage() {
  const reset = useSetAtom(resetFeedbackAtom);
  const signedIn = useAtomValue(sessionAtom) !== undefined;
  const contact = useAtomValue(feedbackContactAtom);
  // Read before the form is reset: support can answer only a signed-in visitor or one who left a contact.
  const [reachable] = useState(() => signedIn || contact.trim() !== '');
  useEffect(() => reset((url) => URL.revokeObjectURL(url)), [reset]);
  return (
    <section className="card success-card" data-testid="feedback-success">
      <p className="success-mark" aria-hidden="true">
        ✓
      </p>
      <h1>{tFeedback('feedback.successHeading')}</h1>
      <p data-testid="feedback-success-body">
        {tFeedback(reachable ? 'feedback.successBody' : 'feedback.successBodyAnonymous')}
      </p>
      <Link className="btn btn-primary" to="/recharge-list">
        {tFeedback('feedback.backToRecharge')}
      </Link>
    </section>
  );
}
