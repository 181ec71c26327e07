import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SavedCardSchema } from '../entities';
import { cardMonthEnd, savedCardRows, savedCardsOf10000001 } from './savedCards';

const DAY_MS = 24 * 3600 * 1000;

/** The month end a MM/YY stands for (20YY: the property below stays within 2001-2099). */
const endOf = (validDate: string): Date => {
  const [mm, yy] = validDate.split('/').map(Number);
  return cardMonthEnd({ year: 2000 + (yy ?? 0), month: (mm ?? 1) - 1 });
};

type Dates = Record<string, string>;

/** card_valid_date by source_id at fixed instants; +3 h decides the month. */
const cases: [label: string, now: string, dates: Dates][] = [
  [
    'mid-month',
    '2026-05-15T12:00:00Z',
    {
      src_visa4242: '11/28',
      src_mc4444: '04/26',
      src_bank1699: '05/27',
      src_soon0006: '06/26',
      src_forgot: '05/28',
      src_visa4242_old: '11/28',
      apple_pay: '05/27',
      src_mc5454: '11/27',
    },
  ],
  [
    'new year already at +3 h',
    '2026-12-31T22:30:00Z',
    {
      src_visa4242: '07/29',
      src_mc4444: '12/26',
      src_bank1699: '01/28',
      src_soon0006: '01/27',
      src_forgot: '01/29',
      src_visa4242_old: '07/29',
      apple_pay: '01/28',
      src_mc5454: '07/28',
    },
  ],
  [
    'last second of the year at +3 h',
    '2026-12-31T20:59:59Z',
    {
      src_visa4242: '06/29',
      src_mc4444: '11/26',
      src_bank1699: '12/27',
      src_soon0006: '01/27',
      src_forgot: '12/28',
      src_visa4242_old: '06/29',
      apple_pay: '12/27',
      src_mc5454: '06/28',
    },
  ],
  [
    'January: last month is December of the year before',
    '2027-01-10T09:00:00Z',
    {
      src_visa4242: '07/29',
      src_mc4444: '12/26',
      src_bank1699: '01/28',
      src_soon0006: '02/27',
      src_forgot: '01/29',
      src_visa4242_old: '07/29',
      apple_pay: '01/28',
      src_mc5454: '07/28',
    },
  ],
  [
    'now + 30 days opens a 31-day month: the month before keeps it under 60 days',
    '2026-07-01T21:00:00Z',
    {
      src_visa4242: '01/29',
      src_mc4444: '06/26',
      src_bank1699: '07/27',
      src_soon0006: '07/26',
      src_forgot: '07/28',
      src_visa4242_old: '01/29',
      apple_pay: '07/27',
      src_mc5454: '01/28',
    },
  ],
  [
    'end of January, over February',
    '2026-01-31T20:00:00Z',
    {
      src_visa4242: '07/28',
      src_mc4444: '12/25',
      src_bank1699: '01/27',
      src_soon0006: '03/26',
      src_forgot: '01/28',
      src_visa4242_old: '07/28',
      apple_pay: '01/27',
      src_mc5454: '07/27',
    },
  ],
];

describe('savedCardsOf10000001', () => {
  it.each(cases)('%s (%s)', (_, iso, dates) => {
    const cards = savedCardsOf10000001(new Date(iso));
    expect(Object.fromEntries(cards.map((card) => [card.source_id, card.card_valid_date]))).toEqual(dates);
  });

  it.each(cases)('%s: every card is a SavedCard', (_, iso) => {
    for (const card of savedCardsOf10000001(new Date(iso))) expect(SavedCardSchema.parse(card)).toEqual(card);
  });

  it.each([
    ['src_visa4242', { scheme: 'visa', last4: '4242', is_remember: 1, is_bank_expire: 0 }],
    ['src_mc4444', { scheme: 'mastercard', last4: '4444', is_remember: 1 }],
    ['src_bank1699', { scheme: 'visa', last4: '1699', is_remember: 1, is_bank_expire: 1 }],
    ['src_soon0006', { scheme: 'visa', last4: '0006', is_remember: 1 }],
    ['src_forgot', { scheme: 'visa', last4: '1111', is_remember: 0 }],
    ['src_visa4242_old', { scheme: 'visa', last4: '4242', is_remember: 1 }],
    ['apple_pay', { bin: '000000', last4: '0000' }],
    ['src_mc5454', { scheme: 'mastercard', last4: '5454', is_remember: 1 }],
  ])('%s is %o', (sourceId, fields) => {
    const card = savedCardsOf10000001(new Date('2026-05-15T12:00:00Z')).find((c) => c.source_id === sourceId);
    expect(card).toMatchObject({ ...fields, uid: 1001 });
  });

  it.each([
    ['src_visa4242', 'listFirst'],
    ['src_mc4444', 'offerUpdate'],
    ['src_bank1699', 'bankExpired'],
    ['src_soon0006', 'flagSoon'],
    ['src_forgot', 'hidden'],
    ['src_visa4242_old', 'duplicateDropped'],
    ['apple_pay', 'notACard'],
    ['src_mc5454', 'outsideThree'],
  ])('the app must treat %s as %s', (sourceId, treatment) => {
    expect(savedCardRows.find((row) => row.source_id === sourceId)?.treatment).toBe(treatment);
  });

  it('orders last use: src_visa4242 newest, its duplicate older, src_mc5454 oldest', () => {
    const cards = savedCardsOf10000001(new Date('2026-05-15T12:00:00Z'));
    const at = (id: string) => cards.find((c) => c.source_id === id)?.last_use_at ?? Number.NaN;
    const all = cards.map((c) => c.last_use_at);
    expect(at('src_visa4242')).toBe(Math.max(...all));
    expect(at('src_mc5454')).toBe(Math.min(...all));
    expect(at('src_visa4242_old')).toBeLessThan(at('src_visa4242'));
    expect(cards.find((c) => c.source_id === 'src_visa4242_old')?.fingerprint).toBe(
      cards.find((c) => c.source_id === 'src_visa4242')?.fingerprint,
    );
  });

  it('after the rules of SPEC §5, src_visa4242 is listed first and src_mc5454 last', () => {
    const cards = savedCardsOf10000001(new Date('2026-05-15T12:00:00Z'));
    const listed = cards
      .filter((c) => c.is_remember === 1 && c.bin !== '000000')
      .sort((a, b) => b.last_use_at - a.last_use_at)
      .filter((c, i, all) => all.findIndex((o) => o.fingerprint === c.fingerprint) === i)
      .map((c) => c.source_id);
    expect(listed[0]).toBe('src_visa4242');
    expect(listed.at(-1)).toBe('src_mc5454');
    expect(listed.slice(0, 3)).not.toContain('src_mc5454');
    expect(listed).not.toContain('src_visa4242_old');
  });

  it('keeps its promises at any instant: expired, soon (under 60 days), valid 2+ years', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2001-01-01'), max: new Date('2090-12-31'), noInvalidDate: true }),
        (now) => {
          const cards = savedCardsOf10000001(now);
          const end = (id: string) =>
            endOf(cards.find((c) => c.source_id === id)?.card_valid_date ?? '').getTime();
          const t = now.getTime();
          expect(end('src_mc4444')).toBeLessThanOrEqual(t);
          expect(end('src_mc4444')).toBeGreaterThan(t - 32 * DAY_MS);
          expect(end('src_soon0006') - t).toBeGreaterThan(28 * DAY_MS);
          expect(end('src_soon0006') - t).toBeLessThan(60 * DAY_MS);
          expect(end('src_visa4242') - t).toBeGreaterThan(2 * 365 * DAY_MS);
          expect(end('src_bank1699')).toBeGreaterThan(t);
          expect(end('src_mc5454')).toBeGreaterThan(t);
        },
      ),
    );
  });
});
