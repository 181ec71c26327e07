import { openedFromList } from '../../payments/payHandOver';
import { guardOnTop } from '../../platform/backGuard';

/**
 * Leaves the pay step for the list it came from: back through history when the list opened the step, else the
 * list replaces it (`toList`). A `paid` step first waits for the guard's entry, over the step's own while the
 * order was made, to be taken off by the guard once the result closes: the step's own entry is reached first
 * (so the list is one back away, not two at once). Both entries are the paid visit's (`markVisitPaid`, at the
 * success): opened again, they are the list.
 */
export async function leaveForList(toList: () => void, paid: boolean): Promise<void> {
  if (paid && guardOnTop())
    await new Promise<void>((resolve) =>
      window.addEventListener('popstate', () => resolve(), { once: true }),
    );
  if (openedFromList()) window.history.back();
  else toList();
}
