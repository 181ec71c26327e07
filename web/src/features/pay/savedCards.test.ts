// @vitest-environment node
import { type SavedCard, savedCardRows, savedCardsOf10000001 } from '@topup/contracts';
import { describe, expect, it } from 'vitest';
import {
  cardAfterDelete,
  hasAnotherCard,
  isWalletToken,
  maskedCard,
  SCHEME_MAX,
  savedCardStatus,
  visibleSavedCards,
} from './savedCards';

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
    '%s (%s) is listed only when its treatment allows @spec:rule.savedCardsList',
    (sourceId, treatment) => {
      const all = savedCardsOf10000001(new Date(instants[0] ?? ''));
      const shown = visibleSavedCards(all).map((card) => card.source_id);
      const hidden = ['hidden', 'duplicateDropped', 'notACard', 'outsideThree'].includes(treatment);
      if (hidden) expect(shown).not.toContain(sourceId);
      if (treatment === 'listFirst') expect(shown[0]).toBe(sourceId);
    },
  );

  it.each([
    ['oldest first', (cards: SavedCard[]) => [...cards].reverse()],
    [
      'by source id',
      (cards: SavedCard[]) => [...cards].sort((a, b) => a.source_id.localeCompare(b.source_id)),
    ],
  ] as const)(
    'sorts cards given %s by last use before it drops duplicates and keeps three @spec:rule.savedCardsList',
    (_order, reorder) => {
      const all = reorder(savedCardsOf10000001(new Date(instants[0] ?? '')));
      const shown = visibleSavedCards(all);
      // The newer of the two ••4242 rows stays; the three shown are the three used last.
      expect(shown.map((card) => card.source_id)).toEqual(['src_visa4242', 'src_mc4444', 'src_bank1699']);
      const lastUses = shown.map((card) => card.last_use_at);
      expect(lastUses).toEqual([...lastUses].sort((a, b) => b - a));
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

describe('one card per fingerprint, the newest use kept @spec:rule.savedCardsList', () => {
  const [base] = savedCardsOf10000001(new Date(instants[0] ?? ''));
  if (base === undefined) throw new Error('10000001 has saved cards');
  const cardOf = (source_id: string, fingerprint: string, last_use_at: number): SavedCard => ({
    ...base,
    source_id,
    fingerprint,
    last_use_at,
  });
  const a = cardOf('src_a_new', 'fp1', 400);
  const aOld = cardOf('src_a_old', 'fp1', 300);
  const b = cardOf('src_b', 'fp2', 200);
  const c = cardOf('src_c', 'fp3', 100);
  it.each([
    ['newest first', [a, aOld, b, c]],
    ['older duplicate first', [aOld, a, b, c]],
    ['reversed', [c, b, aOld, a]],
  ])('%s: the older duplicate does not take the third place', (_order, given) => {
    expect(visibleSavedCards(given).map((card) => card.source_id)).toEqual(['src_a_new', 'src_b', 'src_c']);
  });
});

describe('a wallet token is not a card (bin 000000) @spec:rule.walletBin', () => {
  const now = new Date(instants[0] ?? '');
  const [visa] = savedCardsOf10000001(now);
  if (visa === undefined) throw new Error('10000001 has saved cards');
  it.each([
    ['bin 000000 under a card-like id', { bin: '000000', source_id: 'src_wallet0000' }, true],
    ['the apple_pay id', { bin: '000000', source_id: 'apple_pay' }, true],
    ['a card', { bin: '424242', source_id: 'src_visa4242' }, false],
    ['a bin that only starts with zeros', { bin: '000001', source_id: 'src_x' }, false],
  ])('%s', (_, card, wallet) => {
    expect(isWalletToken(card)).toBe(wallet);
  });

  it('a token used last is neither listed nor counted as another card', () => {
    const token = { ...visa, source_id: 'src_wallet0000', bin: '000000', fingerprint: 'fp_wallet' };
    const newest = { ...token, last_use_at: visa.last_use_at + 1 };
    const shown = visibleSavedCards([newest, ...savedCardsOf10000001(now)]);
    expect(shown.map((card) => card.source_id)).toEqual(['src_visa4242', 'src_mc4444', 'src_bank1699']);
    expect(hasAnotherCard(visibleSavedCards([newest, visa]), visa.source_id)).toBe(false);
  });
});

describe('savedCardStatus by TESTDATA treatment @spec:rule.expiringSoon', () => {
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

  it('hasAnotherCard @spec:pay.useAnother', () => {
    expect(hasAnotherCard(all, 'src_mc4444')).toBe(true);
    expect(hasAnotherCard(all.slice(1, 2), 'src_mc4444')).toBe(false);
  });
});

describe('maskedCard: a card as the page names it, from what the server said of it', () => {
  it.each([
    ['a catalogue Visa', 'visa', '4242', 'Visa •••• 4242'],
    ['a catalogue Mastercard', 'mastercard', '4444', 'Mastercard •••• 4444'],
    ['another scheme, as it came', 'amex', '0005', 'amex •••• 0005'],
    // «Visa 2424 ••••» on the screen for ••4242, before: the override reversed what followed it.
    ['a right-to-left override in the scheme', 'Visa \u202E', '4242', 'Visa •••• 4242'],
    ['isolates and marks in the scheme', '\u2067Visa\u2069\u200F', '4242', 'Visa •••• 4242'],
    ['a line break and made-up digits in the scheme', 'Visa\n•••• 1111\u2028', '4242', 'Visa •••• 4242'],
    ['a name of two words', 'American Express', '0005', 'American Express •••• 0005'],
    ['an empty scheme', '', '4242', '•••• 4242'],
    ['a scheme of controls only', '\u202E\u200B', '4242', '•••• 4242'],
    ['a long scheme, cut', 'V'.repeat(40), '4242', `${'V'.repeat(SCHEME_MAX)}… •••• 4242`],
    ['a right-to-left scheme: a mark keeps the digits after it', 'مدى', '4242', 'مدى\u200E •••• 4242'],
    ['last4 of three digits: shown without them', 'visa', '424', 'Visa ••••'],
    ['last4 of five digits', 'visa', '42424', 'Visa ••••'],
    ['last4 with an override', 'visa', '\u202E4242', 'Visa ••••'],
    ['last4 in Arabic-Indic digits', 'visa', '٤٢٤٢', 'Visa ••••'],
    ['last4 empty', 'visa', '', 'Visa ••••'],
  ])('%s', (_, scheme, last4, shown) => {
    expect(maskedCard({ scheme, last4 })).toBe(shown);
  });
});
