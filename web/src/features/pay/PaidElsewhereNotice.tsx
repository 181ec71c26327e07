import { useEffect, useState } from 'react';
import { pt } from '../../i18n/pay';
import { onPaymentsElsewhere, type RecentPayment, readPaidElsewhere } from '../../payments/paidElsewhere';
import { ClosableNotice } from '../../ui/ClosableNotice';
import { Sentence } from '../../ui/Sentence';
import { UserName } from '../../ui/UserName';

/** The latest payment for `account` made in another tab of this browser, heard as it happens. */
function usePaidElsewhere(account: string | undefined): RecentPayment | undefined {
  const [payment, setPayment] = useState<RecentPayment | undefined>(undefined);
  useEffect(() => {
    if (account === undefined) {
      setPayment(undefined);
      return;
    }
    const read = () => setPayment(readPaidElsewhere(account));
    read();
    return onPaymentsElsewhere(read);
  }, [account]);
  return payment;
}

/**
 * Two pay steps open for one account (the app's link tapped twice, a tab duplicated): once the one is paid, the
 * other says so above its pay button, so the visitor pays again only knowingly. Closed, it stays closed for that
 * order; a later payment elsewhere shows again.
 */
export function PaidElsewhereNotice({ account }: { readonly account: string | undefined }) {
  const payment = usePaidElsewhere(account);
  const [closed, setClosed] = useState<string | undefined>(undefined);
  if (payment === undefined || payment.order === closed) return null;
  return (
    <ClosableNotice
      tone="info"
      role="status"
      testId="paid-elsewhere"
      onClose={() => setClosed(payment.order)}
    >
      <Sentence
        text={pt('pay.paidElsewhere')}
        slots={{
          order: (
            <bdi dir="ltr" data-testid="paid-elsewhere-order">
              {payment.order}
            </bdi>
          ),
          nickname: <UserName name={payment.nickname ?? ''} />,
          id: <bdi dir="ltr">{payment.account}</bdi>,
        }}
      />
    </ClosableNotice>
  );
}
