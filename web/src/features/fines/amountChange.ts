/**
 * A fine whose amount changed while the visitor was paying it (TESTDATA 7003, code 24002): after the refresh
 * the page says what it was and what it is now, and the new amount is paid only once the visitor confirms it.
 * The card typed stays (PayChoices), so without this one tap would pay a different amount unawares.
 */
export interface AmountChange {
  /** The amount the visitor was shown before the refresh. */
  readonly from: number;
  /** The visitor confirmed paying the new amount (its box ticked). */
  readonly confirmed: boolean;
}

/** The change a refresh shows: none when nothing was shown before or the amount is the same. */
export function amountChangeOf(previous: number | undefined, now: number): AmountChange | undefined {
  return previous === undefined || previous === now ? undefined : { from: previous, confirmed: false };
}

/** Whether the pay button waits for the visitor to confirm a changed amount. */
export const awaitsConfirm = (change: AmountChange | undefined): boolean => change?.confirmed === false;
