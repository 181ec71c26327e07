import { BridgeError } from '@topup/contracts/codes';
import { BRIDGE, BridgeMethod, bridgeCall } from './bridge';
import type { NativeBridge } from './bridgeDetect';
import { clientUuid } from './ids';

/**
 * The app's account over the bridge (SPEC §1, §9): who is signed in in the app, and a login ticket for it.
 * Used only by the app-account popup, so it loads with it, inside the app.
 */

/** The app's user (open_id or openid), waited for 1 s at most. */
export async function bridgeUserInfo(
  bridge: NativeBridge,
  win: Window = window,
): Promise<{ openId: string } | undefined> {
  const answer = await bridgeCall(bridge, BridgeMethod.userInfo, {}, BRIDGE.userInfoWaitMs, win);
  if (answer.code !== BridgeError.NoError || typeof answer.data !== 'object' || answer.data === null)
    return undefined;
  const data = answer.data as { open_id?: unknown; openid?: unknown };
  const openId = data.open_id ?? data.openid;
  return typeof openId === 'string' && openId !== '' ? { openId } : undefined;
}

export type LoginTicketAnswer =
  | { readonly ok: true; readonly ticket: string }
  | { readonly ok: false; readonly reason: 'timeout' }
  | { readonly ok: false; readonly reason: 'bridgeError'; readonly code: BridgeError }
  | { readonly ok: false; readonly reason: 'noTicket' };

const MAX_TICKET_LENGTH = 256;

/**
 * Asks the app for a login ticket of its signed-in account `openId` (5 s), for this page's client uuid: a
 * ticket signs in only the device it was issued for, so the app asks the server for one bound to
 * `uuid`. Every failure is a value: the time-out, a bridge error code, or an answer without a usable ticket.
 */
export async function bridgeLoginTicket(
  bridge: NativeBridge,
  openId: string,
  win: Window = window,
  uuid: string = clientUuid(),
): Promise<LoginTicketAnswer> {
  const answer = await bridgeCall(
    bridge,
    BridgeMethod.loginTicket,
    { open_id: openId, uuid },
    BRIDGE.callTimeoutMs,
    win,
  );
  if (answer.timedOut) return { ok: false, reason: 'timeout' };
  if (answer.code !== BridgeError.NoError) return { ok: false, reason: 'bridgeError', code: answer.code };
  const ticket = (answer.data as { ticket?: unknown } | null | undefined)?.ticket;
  if (typeof ticket !== 'string' || ticket === '' || ticket.length > MAX_TICKET_LENGTH)
    return { ok: false, reason: 'noTicket' };
  return { ok: true, ticket };
}
