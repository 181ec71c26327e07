import { DisplayUid } from './accounts';

/** The rooms of TESTDATA "Rooms". */

export type RoomActivity = 'live' | 'quiet';

export interface TestRoom {
  readonly room_id: number;
  readonly activity: RoomActivity;
  /** How often the status table changes while a client is connected; null when only the control API does. */
  readonly change_every_ms: number | null;
  readonly streamer_display_uid: string | null;
  readonly streamer_uid: number | null;
}

export const RoomId = { live: 5001, quiet: 5002 } as const;

export const rooms: readonly TestRoom[] = [
  {
    room_id: RoomId.live,
    activity: 'live',
    change_every_ms: 1000,
    streamer_display_uid: DisplayUid.streamer,
    streamer_uid: 1008,
  },
  {
    room_id: RoomId.quiet,
    activity: 'quiet',
    change_every_ms: null,
    streamer_display_uid: null,
    streamer_uid: null,
  },
];

export function roomById(roomId: number): TestRoom | undefined {
  return rooms.find((room) => room.room_id === roomId);
}
