import { isDisplayId, type PayTargetRecord } from '@topup/contracts/entities';
import { RECHARGE_HISTORY_MAX_TARGETS } from '@topup/contracts/storage';

/**
 * Recharge history (SPEC §3, §9): at most 40 targets plus the visitor's own account first; the search
 * dialog lists earlier targets most recent first, without the own account.
 */

export function byRecency(a: PayTargetRecord, b: PayTargetRecord): number {
  return b.last_fill_time - a.last_fill_time;
}

/** Earlier targets for the search dialog: most recent first, without the own account, without guests. */
export function earlierTargets(
  history: readonly PayTargetRecord[],
  ownUid: number | undefined,
): PayTargetRecord[] {
  return history.filter((r) => r.to_uid !== ownUid && !r.is_guest).sort(byRecency);
}

/**
 * The stored list: own account first (when present), then at most 40 others, most recent first. A record whose
 * display id is no display id (SPEC §5: digits; a value edited in storage, or a server's record stored before
 * the sync checked it) is left out, that record alone: the search dialog would draw it and search it.
 */
export function trimHistory(
  history: readonly PayTargetRecord[],
  ownUid: number | undefined,
): PayTargetRecord[] {
  const valid = history.filter((r) => isDisplayId(r.to_display_uid));
  const own = ownUid === undefined ? undefined : valid.find((r) => r.to_uid === ownUid);
  const others = valid
    .filter((r) => r.to_uid !== ownUid)
    .sort(byRecency)
    .slice(0, RECHARGE_HISTORY_MAX_TARGETS);
  return own ? [own, ...others] : others;
}

/** Target list display modes (SPEC §2): enter an ID, pick from the list, or switch the chosen one. */
export type TargetDisplayMode = 'enter' | 'list' | 'switch';

export function targetDisplayMode(hasTarget: boolean, historyCount: number): TargetDisplayMode {
  if (hasTarget) return 'switch';
  return historyCount > 0 ? 'list' : 'enter';
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
  // A row naming the same display id under another uid (stale, or written into storage) is the server's no more.
  const others = history.filter(
    (r) => r.to_uid !== target.to_uid && r.to_display_uid !== target.to_display_uid,
  );
  return trimHistory([entry, ...others], ownUid);
}
