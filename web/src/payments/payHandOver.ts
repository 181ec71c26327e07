/**
 * The recharge list's hand-over to /pay-step, as history sees it: the pay step's entry is marked when the list
 * opened it, so the pay step's "back" returns there through history instead of pushing the list again (which
 * would make the browser's back loop into the pay step).
 */

const FROM_LIST = 'payFromList';

/** Marks the current history entry as opened from the recharge list (the page the pay step goes back to). */
export function markOpenedFromList(): void {
  window.history.replaceState({ ...(window.history.state ?? {}), [FROM_LIST]: true }, '');
}

/** Whether going back in history returns to the recharge list, rather than a new entry being needed. */
export function openedFromList(): boolean {
  return (window.history.state as Record<string, unknown> | null)?.[FROM_LIST] === true;
}
