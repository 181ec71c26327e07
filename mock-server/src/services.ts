import type { ControlState } from './control/state';
import type { MockOptions } from './options';
import type { RoomHub } from './room/hub';
import type { World } from './world/world';

/** What the routes share: the world (replaced on reset), the rooms, the control state and the options. */
export interface MockServices {
  world: World;
  readonly rooms: RoomHub;
  readonly control: ControlState;
  readonly options: MockOptions;
}
