import { useCallback, useRef, useState } from 'react';
import { type FlowNotice, noticeAfterEdit } from './keptOrder';

/**
 * The step's notice, with a refusal said only until the visitor changes the card or CVV they typed (`onEdit`,
 * from the card entry): typing a new CVV or card is a move of its own (`noticeAfterEdit`). A new refusal (a
 * new notice) is said again.
 */
export function useNoticeUntilEdit(notice: FlowNotice): {
  readonly notice: FlowNotice;
  readonly onEdit: () => void;
} {
  const [edited, setEdited] = useState<FlowNotice>(undefined);
  const latest = useRef(notice);
  latest.current = notice;
  const onEdit = useCallback(() => {
    const now = latest.current;
    if (noticeAfterEdit(now) !== now) setEdited(now);
  }, []);
  return { notice: edited !== undefined && edited === notice ? noticeAfterEdit(notice) : notice, onEdit };
}
