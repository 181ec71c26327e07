import type { PayType } from '@topup/contracts';
import { useState } from 'react';
import { choicesAreVisitors } from '../../payments/payHandOver';

/**
 * How the pay step was entered: `visitor` when its package, account and method were the visitor's choice on this
 * app's own pages (the list, the wallet domain move from this app, a payment's return: payHandOver.ts
 * `choicesAreVisitors`); `link` when an address opened it (typed, crafted, sent by anyone).
 */
export type PayEntry = 'visitor' | 'link';

/**
 * What the home step has chosen when it opens: the visitor's saved card, the method the entry names (the list's
 * choice), or nothing until the visitor picks one.
 */
export type Preselect = 'savedCard' | 'entryMethod' | 'nothing';

/**
 * The home step's first choice. A link chooses nothing: a stranger's link would otherwise have the visitor's own
 * saved card chosen for a package and an account the stranger picked, one CVV away from paying them. From the
 * visitor's own choice: their last-used saved card when they chose a card method and one can pay now (signed
 * in), else the method they chose.
 */
export function preselect(args: {
  readonly entry: PayEntry;
  readonly signedIn: boolean;
  /** The entry's method is a card entered in the page (a card of provider 13 or 17). */
  readonly cardMethod: boolean;
  /** The visitor's current saved card exists and can pay now (not expired). */
  readonly usableSavedCard: boolean;
}): Preselect {
  if (args.entry === 'link') return 'nothing';
  return args.signedIn && args.cardMethod && args.usableSavedCard ? 'savedCard' : 'entryMethod';
}

/**
 * The home step's choice: a channel's pay type, `undefined` for the saved card, `null` for nothing chosen yet (a
 * step a link opened: the visitor picks).
 */
export type Selection = PayType | undefined | null;

/** The choice a preselection makes, `method` being the one the entry names. */
export function selectionOf(choice: Preselect, method: PayType): Selection {
  return choice === 'savedCard' ? undefined : choice === 'nothing' ? null : method;
}

/** How this step was entered, read once as it opens (its history entry's marks), and the choice that entry makes. */
export function useEntryChoice(method: PayType): { entry: PayEntry; entryChoice: Selection } {
  const [entry] = useState<PayEntry>(() => (choicesAreVisitors() ? 'visitor' : 'link'));
  return { entry, entryChoice: selectionOf(entry === 'link' ? 'nothing' : 'entryMethod', method) };
}
