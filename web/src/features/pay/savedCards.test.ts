// @vitest-environment node
import { type SavedCard, savedCardRows, savedCardsOf10000001 } from '@topup/contracts';
import { describe, expect, it } from 'vitest';
import { cardAfterDelete, hasAnotherCard, savedCardStatus, visibleSavedCards } from './savedCards';

const instants = [
  '2026-05-15T12:00:00Z',
  '2026-12-31T22:30:00Z',
  '2027-01-10T09:00:00Z',
  '2026-07-01T21:00:00Z',
];

describe('visibleSavedCards of 10000001', () => {
  it.each(instants)(
    'at %s: newest first, deduped, remembered cards only, three at most @spec:rule.savedCardsList',
    (iso) => {
      const shown = visibleSavedCards(savedCardsOf10000001(new Date(iso)));
      expect(shown.map((card) => card.source_id)).toEqual(['src_visa4242', 'src_mc4444', 'src_bank1699']);
    },
  );

  it.each(savedCardRows.map((row) => [row.source_id, row.treatment] as const))(
    '%s (%s) is listed only when its treatment allows @spec:rule.savedCardsList @spec:rule.walletBin',
    (sourceId, treatment) => {
      const all = savedCardsOf10000001(new Date(instants[0] ?? ''));
      const shown = visibleSavedCards(all).map((card) => card.source_id);
      const hidden = ['hidden', 'duplicateDropped', 'notACard', 'outsideThree'].includes(treatment);
      if (hidden) expect(shown).not.toContain(sourceId);
      if (treatment === 'listFirst') expect(shown[0]).toBe(sourceId);
    },
  );

  it('lists the soon-expiring card once a newer one is deleted, and still drops mc5454', () => {
    const all = savedCardsOf10000001(new Date(instants[0] ?? '')).filter(
      (c) => c.fingerprint !== 'fp_visa4242',
    );
    expect(visibleSavedCards(all).map((card) => card.source_id)).toEqual([
      'src_mc4444',
      'src_bank1699',
      'src_soon0006',
    ]);
  });
});

describe('savedCardStatus by TESTDATA treatment', () => {
  const expected: Record<string, string> = {
    src_visa4242: 'usable',
    src_mc4444: 'expiredModifiable',
    src_bank1699: 'bankExpired',
    src_soon0006: 'expiresSoon',
    src_mc5454: 'usable',
  };
  it.each(
    instants.flatMap((iso) => Object.entries(expected).map(([id, status]) => [iso, id, status] as const)),
  )('at %s %s is %s', (iso, sourceId, status) => {
    const now = new Date(iso);
    const card = savedCardsOf10000001(now).find((c) => c.source_id === sourceId) as SavedCard;
    expect(savedCardStatus(card, now)).toBe(status);
  });
});

describe('cardAfterDelete', () => {
  const now = new Date(instants[0] ?? '');
  const all = visibleSavedCards(savedCardsOf10000001(now));
  // Every card of 10000001 is a src_ card: Checkout.com's, paid through pay type 23.
  it.each<[string, typeof all, string, readonly number[] | undefined, string | undefined]>([
    ['current kept', all, 'src_mc4444', [23, 27], 'src_mc4444'],
    ['current gone: first usable', all.slice(1), 'src_visa4242', [23, 27], undefined],
    ['current gone: the usable one', all, 'src_gone', [23, 27], 'src_visa4242'],
    ['current gone: the item is still loading', all, 'src_gone', undefined, 'src_visa4242'],
    [
      'current gone: the item offers no 23, so no card is usable for it',
      all,
      'src_gone',
      [27, 24],
      undefined,
    ],
    ['nothing left', [], 'src_visa4242', [23], undefined],
  ])('%s @spec:pay.deleteCard', (_, remaining, current, offered, expected) => {
    expect(cardAfterDelete(remaining, current, now, offered)?.source_id).toBe(expected);
  });

  it('hasAnotherCard', () => {
    expect(hasAnotherCard(all, 'src_mc4444')).toBe(true);
    expect(hasAnotherCard(all.slice(1, 2), 'src_mc4444')).toBe(false);
  });
});
