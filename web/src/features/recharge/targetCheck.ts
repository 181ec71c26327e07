import { ServerCode } from '@topup/contracts/codes';
import type { PayTargetRecord } from '@topup/contracts/entities';
import { Message, messageOf } from '@topup/contracts/messages';
import type { CallResult } from '../../api/client';
import { trimHistory } from './history';

/**
 * The meaning of each check_display_id answer (SPEC §8, §6), and what choosing a target records in the
 * history (SPEC §9). Only the search's check and the pay step's recipient use them: with choose.ts, a chunk
 * fetched when the visitor starts on the search, not with the first screen (searchRules.ts has the field's
 * rules).
 */

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
    const message = messageOf(answer.result) ?? (answer.message || Message.searchNoMatch);
    return { kind: 'refused', result: answer.result, message };
  }
  const data = answer.data;
  if (data.is_guest)
    return { kind: 'refused', result: ServerCode.guestAccount, message: Message.guestAccount };
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

/** Records a target as chosen now: merges with an earlier entry of the same uid. */
export function recordTarget(
  history: readonly PayTargetRecord[],
  target: Pick<PayTargetRecord, 'to_uid' | 'to_display_uid' | 'to_nickname' | 'to_icon' | 'is_guest'>,
  context: { payerUid: number; deviceId: string; nowSeconds: number },
  ownUid: number | undefined,
): PayTargetRecord[] {
  const earlier = history.find((r) => r.to_uid === target.to_uid);
  const entry: PayTargetRecord = {
    ...target,
    uid: context.payerUid,
    h5_deviceid: context.deviceId,
    fill_times: earlier?.fill_times ?? 0,
    first_fill_time: earlier?.first_fill_time ?? context.nowSeconds,
    last_fill_time: context.nowSeconds,
    status2: earlier?.status2 ?? 0,
  };
  return trimHistory([entry, ...history.filter((r) => r.to_uid !== target.to_uid)], ownUid);
}
