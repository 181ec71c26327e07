import { useEffect, useRef } from 'react';
import { type StringKey, t } from '../../i18n/t';
import type { PaidVisit } from '../../payments/payHandOver';
import { ClosableNotice } from '../../ui/ClosableNotice';
import { OrderId } from '../../ui/OrderId';
import { Sentence } from '../../ui/Sentence';
import { UserName } from '../../ui/UserName';

/** The words for a paid visit: its order and its account when kept, else as much as is known. */
export function paidAgainText(paid: PaidVisit): {
  readonly key: StringKey;
  readonly order: string | undefined;
} {
  if (paid.order === undefined) return { key: 'recharge.paidAgainNoOrder', order: undefined };
  return {
    key:
      paid.nickname === undefined || paid.account === undefined
        ? 'recharge.paidAgainNoAccount'
        : 'recharge.paidAgain',
    order: paid.order,
  };
}

/**
 * A paid pay step opened again (a reload of its success, back, forward) came here: the list says that order was
 * paid and to whom, so the visitor is never left thinking nothing happened, nor pays twice unknowingly. The
 * success panel's "done" (or back) that brought them here went with the pay step and left the focus on the body:
 * the notice takes it, so a screen reader says it, with no scroll of its own (the list keeps the scroll history
 * gives it).
 */
export function PaidAgainNotice({
  paid,
  onClose,
}: {
  readonly paid: PaidVisit;
  readonly onClose: () => void;
}) {
  const { key, order } = paidAgainText(paid);
  const notice = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const focused = document.activeElement;
    if (focused === null || focused === document.body) notice.current?.focus({ preventScroll: true });
  }, []);
  return (
    <ClosableNotice tone="ok" role="status" testId="paid-again-notice" onClose={onClose} focusRef={notice}>
      <Sentence
        text={t(key)}
        slots={{
          order: <OrderId id={order} testId="paid-again-order" />,
          nickname: <UserName name={paid.nickname ?? ''} />,
          id: <bdi dir="ltr">{paid.account}</bdi>,
        }}
      />
    </ClosableNotice>
  );
}
