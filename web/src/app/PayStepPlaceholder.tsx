import { useLocation } from 'react-router';
import { t } from '../i18n/t';
import { readPayIntent } from '../platform/payIntent';

/**
 * HAND-OVER POINT (issue 5): /pay-step. The recharge list navigates here with the chosen package, pay
 * type and target in the query (platform/payIntent.ts). The payment colleague replaces this component with
 * the pay-step flow from src/features/pay/.
 */
export default function PayStepPlaceholder() {
  const location = useLocation();
  const intent = readPayIntent(location.search);
  return (
    <section className="card" data-testid="pay-step-placeholder">
      <h1>{t('payStep.heading')}</h1>
      <p role="status">{t('payStep.placeholder')}</p>
      {intent ? (
        <p className="muted" dir="ltr" data-testid="pay-intent">
          {intent.recharge_id} · {intent.pay_type} · {intent.to_uid}
        </p>
      ) : null}
    </section>
  );
}
