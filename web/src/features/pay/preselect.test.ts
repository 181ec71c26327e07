import { describe, expect, it } from 'vitest';
import { type PayEntry, type Preselect, preselect, selectionOf } from './preselect';

/**
 * The home step's first choice: a link (typed, crafted, sent by a stranger) chooses nothing, whatever it names and
 * whatever cards the visitor has; the visitor's own choice (the list, the wallet move, a payment's return) keeps
 * the saved card for a card method, else the method chosen.
 */
describe('the home step’s first choice', () => {
  it.each<[string, PayEntry, boolean, boolean, boolean, Preselect]>([
    // name, entry, signed in, card method, usable saved card, choice
    [
      'a link, signed in with a usable saved card, a card method: nothing',
      'link',
      true,
      true,
      true,
      'nothing',
    ],
    ['a link, signed in, a wallet method: nothing', 'link', true, false, true, 'nothing'],
    ['a link, signed in, no usable saved card: nothing', 'link', true, true, false, 'nothing'],
    ['a link, signed out: nothing', 'link', false, true, false, 'nothing'],
    [
      'the list, signed in, a card method, a usable saved card: the saved card',
      'visitor',
      true,
      true,
      true,
      'savedCard',
    ],
    [
      'the list, signed in, a card method, the saved card expired: the method',
      'visitor',
      true,
      true,
      false,
      'entryMethod',
    ],
    [
      'the list, signed in, a wallet method: the wallet, never the card',
      'visitor',
      true,
      false,
      true,
      'entryMethod',
    ],
    ['the list, signed out: the method', 'visitor', false, true, false, 'entryMethod'],
    [
      'the list, signed out, a card seen before signing out: the method',
      'visitor',
      false,
      true,
      true,
      'entryMethod',
    ],
  ])('%s', (_name, entry, signedIn, cardMethod, usableSavedCard, expected) => {
    expect(preselect({ entry, signedIn, cardMethod, usableSavedCard })).toBe(expected);
  });
});

describe('the choice a preselection makes', () => {
  it.each<[Preselect, number | undefined | null]>([
    ['savedCard', undefined],
    ['entryMethod', 23],
    ['nothing', null],
  ])('%s → %s', (choice, selection) => {
    expect(selectionOf(choice, 23)).toBe(selection);
  });
});
