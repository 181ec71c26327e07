import { ServerCode } from '@topup/contracts/codes';
import { Source } from '@topup/contracts/entities';
import { Message } from '@topup/contracts/messages';
import type { CallResult } from '../api/client';
import { failureText } from '../api/failureText';
import { api } from '../api/instance';
import { tolerant } from '../api/tolerant';
import { tSearch } from '../i18n/search';
import type { AppStore } from '../platform/store';
import { readUrlArgs } from '../platform/urlArgs';
import { sessionAtom } from '../session/session';

/**
 * The account check of a payment's recipient: check_display_id and the meaning of each answer (SPEC §8, §6).
 * The recharge search (features/recharge/choose.ts) and the pay step's recipient use it, each fetching it on
 * demand (the search when the visitor starts on it, the pay step beside its uid lookup), not with the first
 * screen.
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
 * Turns the answer for `searched` into what the page shows: a guest is found but refused; a live streamer is
 * allowed and flagged; every refusal carries the catalogue's message for its code, a code it does not know SPEC
 * §8's "no match, check your input", an HTTP status (a 502) the server's failure: never the server's words
 * (api/failureText.ts).
 * An answer naming another display id than the one asked (a buggy or lying server) is refused: the account paid
 * for would not be the one the visitor typed, so nothing is chosen.
 */
export function interpretTargetCheck(answer: CallResult<'checkDisplayId'>, searched: string): TargetCheck {
  if (!answer.ok) {
    const message = failureText(answer.result, {
      unknown: () => Message.searchNoMatch,
      unserved: () => Message.internal,
    });
    return { kind: 'refused', result: answer.result, message };
  }
  const data = answer.data;
  if (data.display_id !== searched)
    return { kind: 'refused', result: ServerCode.searchNoMatch, message: tSearch('search.otherAccount') };
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

/** Checks a display id for the visitor: their session key and the link's `from` go with it. */
export async function checkTarget(store: AppStore, displayId: string): Promise<TargetCheck> {
  const session = store.get(sessionAtom);
  const from = readUrlArgs(location.search, location.hash).from;
  const answer = await tolerant(api).call('checkDisplayId', {
    display_id: displayId,
    source: Source.main,
    ...(from ? { from } : {}),
    ...(session ? { session_key: session.sessionKey } : {}),
  });
  return interpretTargetCheck(answer, displayId);
}
