import { payAttempts } from '../../payments/orderAttempt';
import { browserRedirect } from '../../payments/providers/adapters';
import type { StepEvent } from './stepTypes';

/**
 * Leaves for the order's own page (a provider's hosted page): the kept order is marked left first, so a return
 * without its result offers giving it up and paying again (`pendingPanelOf`). False: the page was refused.
 */
export function leaveForPage(dispatch: (event: StepEvent) => void, url: string): boolean {
  payAttempts.leftForPage();
  dispatch({ type: 'redirecting' });
  return browserRedirect.go(url);
}
