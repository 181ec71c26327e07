import type { RoomSyncState } from '@topup/contracts/room/index';
import { atom } from 'jotai/vanilla';
import type { ConnectionStatus, RoomChange } from './realtime';

/** The /test room view's state, written by the realtime client through the app's store. */

export interface ChangeLogEntry {
  readonly id: number;
  readonly change: RoomChange;
  readonly at: number;
}

const statusState = atom<ConnectionStatus>({ kind: 'idle' });
const syncState = atom<RoomSyncState | undefined>(undefined);
const logState = atom<ChangeLogEntry[]>([]);
const refreshCount = atom(0);
let nextId = 0;
export const CHANGE_LOG_SIZE = 30;

export const roomStatusAtom = atom((get) => get(statusState));
export const roomSyncAtom = atom((get) => get(syncState));
export const roomChangesAtom = atom((get) => get(logState));
export const roomRefreshCountAtom = atom((get) => get(refreshCount));

export const roomStatusChangedAtom = atom(null, (_get, set, status: ConnectionStatus) =>
  set(statusState, status),
);

export const roomStateChangedAtom = atom(
  null,
  (get, set, args: { state: RoomSyncState; change: RoomChange }) => {
    set(syncState, args.state);
    nextId += 1;
    set(
      logState,
      [{ id: nextId, change: args.change, at: Date.now() }, ...get(logState)].slice(0, CHANGE_LOG_SIZE),
    );
    if (args.change.kind === 'refresh') set(refreshCount, get(refreshCount) + 1);
  },
);

export const roomResetAtom = atom(null, (_get, set) => {
  set(syncState, undefined);
  set(logState, []);
  set(refreshCount, 0);
  set(statusState, { kind: 'idle' });
});
