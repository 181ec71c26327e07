import { StartCode, StartMessage, startMessageOf } from '@topup/contracts/startCodes';
import type { CallResult } from '../../api/client';
import { digitsOnly } from '../../platform/digits';

/** The search dialog's rules (SPEC §2, §5) and the meaning of each check_display_id answer (SPEC §8, §6). */

export const SEARCH_MIN_LENGTH = 5;
export const SEARCH_MAX_LENGTH = 12;

/** What the search field keeps of typed text: digits (Arabic-Indic accepted), at most 12. */
export function normaliseSearch(text: string): string {
  return digitsOnly(text).slice(0, SEARCH_MAX_LENGTH);
}

export function canConfirmSearch(text: string): boolean {
  return text.length >= SEARCH_MIN_LENGTH;
}

export interface CheckedTarget {
  readonly uid: number;
  readonly displayUid: string;
  readonly nickname: string;
  readonly icon: string;
  readonly living: boolean;
}

export type TargetCheck =
  | { readonly kind: 'ok'; readonly target: CheckedTarget }
  | { readonly kind: 'refused'; readonly result: number; readonly message: string };

/**
 * Turns the answer into what the page shows: a guest is found but refused; a live streamer is allowed and
 * flagged; every refusal carries the catalogue's message for its code.
 */
export function interpretTargetCheck(answer: CallResult<'checkDisplayId'>): TargetCheck {
  if (!answer.ok) {
    const message = startMessageOf(answer.result) ?? (answer.message || StartMessage.searchNoMatch);
    return { kind: 'refused', result: answer.result, message };
  }
  const data = answer.data;
  if (data.is_guest)
    return { kind: 'refused', result: StartCode.guestAccount, message: StartMessage.guestAccount };
  return {
    kind: 'ok',
    target: {
      uid: data.uid,
      displayUid: data.display_id,
      nickname: data.nickname,
      icon: data.icon,
      living: data.streamer_state === 'LIVING',
    },
  };
}
