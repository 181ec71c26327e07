import { useEffect, useState } from 'react';
import { pt } from '../../i18n/pay';
import { onPaymentsElsewhere, type RecentPaid, readRecentPaid } from '../../payments/paidElsewhere';
import { ClosableNotice } from '../../ui/ClosableNotice';
import { OrderId } from '../../ui/OrderId';
import { Sentence } from '../../ui/Sentence';
import { UserName } from '../../ui/UserName';

/**
 * The latest recent payment for `account` in this browser: another tab's, heard as it happens, or this tab's
 * own, read again each time the step is `shown` (its result panel closed).
 */
function useRecentPaid(account: string | undefined, shown: boolean): RecentPaid | undefined {
  const [payment, setPayment] = useState<RecentPaid | undefined>(undefined);
  useEffect(() => {
    if (account === undefined || !shown) {
      setPayment(undefined);
      return;
    }
    const read = () => setPayment(readRecentPaid(account));
    read();
    return onPaymentsElsewhere(read);
  }, [account, shown]);
  return payment;
}

/**
 * An order for this account paid a moment ago, said above the pay button so the visitor pays again only
 * knowingly: in another tab (two pay steps open, the app's link tapped twice, a tab duplicated), or in this one
 * before "top up again" closed its success. Not while a result panel is `shown` over the step (`shown` false):
 * the success says it. Closed, it stays closed for that order; a later payment shows again.
 */
export function PaidElsewhereNotice({
  account,
  shown,
}: {
  readonly account: string | undefined;
  readonly shown: boolean;
}) {
  const payment = useRecentPaid(account, shown);
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
        text={pt(payment.elsewhere ? 'pay.paidElsewhere' : 'pay.paidRecently')}
        slots={{
          order: <OrderId id={payment.order} testId="paid-elsewhere-order" />,
          nickname: <UserName name={payment.nickname ?? ''} />,
          id: <bdi dir="ltr">{payment.account}</bdi>,
        }}
      />
    </ClosableNotice>
  );
}
