import type { Handlers } from '../contract/reply';
import { accountHandlers } from './accounts';
import { authHandlers } from './auth';
import { batchHandlers } from './batch';
import { cardHandlers } from './cards';
import { eventHandlers } from './events';
import { feedbackHandlers } from './feedback';
import { fineHandlers } from './fines';
import { orderHandlers } from './orders';
import { rechargeHandlers } from './recharge';
import { roomHandlers } from './room';
import { sysHandlers } from './sys';
import { walletHandlers } from './wallet';

/** One handler per registry call; the type makes a missing call a compile error. */
export const handlers: Handlers = {
  ...sysHandlers,
  ...batchHandlers,
  ...eventHandlers,
  ...accountHandlers,
  ...authHandlers,
  ...rechargeHandlers,
  ...cardHandlers,
  ...orderHandlers,
  ...walletHandlers,
  ...fineHandlers,
  ...feedbackHandlers,
  ...roomHandlers,
};
