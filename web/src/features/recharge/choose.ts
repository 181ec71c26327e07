import { atom } from 'jotai/vanilla';
import { createElement, type ReactNode } from 'react';
import { tSearch } from '../../i18n/search';
import { t } from '../../i18n/t';
import { namedByServerAtom, storedTargetOf } from '../../payments/payTarget';
import { RefusalNote } from '../../payments/RefusalNote';
import { type CheckedTarget, checkTarget } from '../../payments/targetCheck';
import { deviceId } from '../../platform/ids';
import type { AppStore } from '../../platform/store';
import { targetStored } from '../../session/accountKept';
import { historyStored } from '../../session/history';
import { sessionAtom } from '../../session/session';
import { recordTarget } from './history';
import { livingNote } from './state';

/**
 * Checking a display id and choosing it. Not in the first load: the search form fetches this chunk as soon
 * as the visitor starts on it (focus, a tap, a key; TargetSearch.tsx), so it is there by the time they
 * confirm. The check itself is payments/targetCheck.ts, which the pay step fetches for its recipient.
 */

/**
 * Chooses a checked target and records it in the local history (SPEC §9: 40 plus the own account). The method
 * the visitor picked stays picked (picked while the search was on its way, too): where the account's list does
 * not offer it, the list shows its own default (chargeState.ts).
 */
export const chooseTargetAtom = atom(
  null,
  (get, set, args: { target: CheckedTarget; deviceId: string; nowSeconds: number }) => {
    const session = get(sessionAtom);
    const { target } = args;
    set(targetStored, storedTargetOf(target));
    set(namedByServerAtom, target);
    set(livingNote, target.living ? { uid: target.uid, text: tSearch('search.living') } : undefined);
    set(
      historyStored,
      recordTarget(
        get(historyStored) ?? [],
        {
          to_uid: target.uid,
          to_display_uid: target.displayUid,
          to_nickname: target.nickname,
          to_icon: target.icon,
          is_guest: false,
        },
        { payerUid: session?.user.uid ?? 0, deviceId: args.deviceId, nowSeconds: args.nowSeconds },
        session?.user.uid,
      ),
    );
  },
);

/**
 * The search form's confirm: checks `displayId` and, when it can be topped up and the visitor still wants it
 * (`wanted`, asked when the answer comes: a newer search supersedes this one), chooses it; otherwise the refusal
 * to show, its message for the field and beside it its way on, or `superseded` (nothing chosen, nothing to say).
 * Never throws: anything unforeseen is told as unexpected.
 */
export async function searchAndChoose(
  store: AppStore,
  displayId: string,
  wanted: () => boolean,
): Promise<{ readonly message: string; readonly note?: ReactNode } | 'superseded' | undefined> {
  try {
    const check = await checkTarget(store, displayId);
    if (!wanted()) return 'superseded';
    if (check.kind === 'ok') {
      store.set(chooseTargetAtom, {
        target: check.target,
        deviceId: deviceId(),
        nowSeconds: Math.floor(Date.now() / 1000),
      });
      return undefined;
    }
    return { message: check.message, note: createElement(RefusalNote, { result: check.result, displayId }) };
  } catch {
    return wanted() ? { message: t('app.unexpected') } : 'superseded';
  }
}
