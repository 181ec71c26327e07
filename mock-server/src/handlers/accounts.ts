import { AccountCheckStatus, isDisplayId, type Registry, ServerCode } from '@topup/contracts';
import type { Handler, Handlers } from '../contract/reply';
import { ok, refuse } from '../contract/reply';
import { refusalOf } from '../world/people';

const checkUid: Handler<Registry['checkUid']> = (request, { world }) => {
  const account = world.people.accountByUid(request.uid);
  return account === undefined
    ? refuse(ServerCode.accountNotFound)
    : ok({ user: world.people.userRowOf(account) });
};

export const accountHandlers: Pick<
  Handlers,
  'checkUid' | 'checkUidPost' | 'checkDisplayId' | 'checkUserStatus' | 'lastJoinRoom'
> = {
  checkUid,
  checkUidPost: checkUid,

  /**
   * The account behind a display id, refused with its state's code. A refusal still says the status and, from
   * a streamer context, BAN, so the app can tell a banned streamer from a missing one.
   */
  checkDisplayId: (request, { world }) => {
    if (!isDisplayId(request.display_id)) return refuse(ServerCode.searchNoMatch);
    const people = world.people;
    const account = people.accountByDisplayId(request.display_id);
    if (account === undefined) return refuse(ServerCode.accountNotFound);
    const status = people.checkStatusOf(account, request.source);
    const streamer_state = request.from ? people.streamerStateOf(account) : 'NONE';
    const refusal = refusalOf(status);
    if (refusal !== ServerCode.ok) return refuse(refusal, undefined, { status, streamer_state });
    return ok({
      uid: account.uid,
      display_id: account.display_uid,
      is_guest: account.is_guest,
      nickname: account.nickname,
      icon: account.icon,
      status,
      streamer_state,
      room_id: account.live_room_id,
    });
  },

  checkUserStatus: (request, { world }) => {
    const user_map: Record<string, { status: AccountCheckStatus; is_guest: boolean }> = {};
    for (const uid of request.uids) {
      const account = world.people.accountByUid(uid);
      user_map[String(uid)] =
        account === undefined
          ? { status: AccountCheckStatus.notExist, is_guest: false }
          : { status: world.people.checkStatusOf(account, request.source), is_guest: account.is_guest };
    }
    return ok({ user_map });
  },

  lastJoinRoom: (_request, { world, sessionKey }) => {
    const user = sessionKey === undefined ? undefined : world.sessions.sessionUser(sessionKey);
    const account = user === undefined ? undefined : world.people.accountByUid(user.uid);
    return ok({ room_id: account?.last_room_id ?? 0, my_room_id: account?.my_room_id ?? 0 });
  },
};
