import type { Handlers } from '../contract/reply';
import { ok } from '../contract/reply';

/**
 * The full room-status refresh (GET /api/live_room/room_status/?rid=): the room's sn and its table as a JSON
 * string. An unknown room is not refused and not created (the call is read-only): it reads as the empty table
 * at sn -1, which a client at -1 treats as nothing newer. Rooms come into being when a client joins one.
 */
export const roomHandlers: Pick<Handlers, 'roomStatus'> = {
  roomStatus: (request, context) => ok(context.rooms.fullStatus(String(request.rid))),
};
