// @vitest-environment node
import { TIMEZONE_OFFSET_HOURS } from '@topup/contracts/flavors';
import { describe, expect, it } from 'vitest';
import {
  CARD_TIMEZONE_OFFSET_MS,
  expiresSoon,
  formatExpiryInput,
  isCardExpired,
  parseExpiry,
} from './expiry';

const NOW = new Date('2026-05-15T12:00:00Z');

describe('parseExpiry @spec:rule.expiry', () => {
  it.each([
    ['05/26', '05/26', true],
    ['0526', '05/26', true],
    ['12/30', '12/30', true],
    ['04/26', '04/26', false], // month before the current one
    ['12/25', '12/25', false], // a year before
    ['01/27', '01/27', true],
    ['٠٦/٢٨', '06/28', true], // Arabic-Indic digits
    ['06/289999', '06/28', true], // cut to 5 characters
  ])('%s → %s valid=%s', (input, value, valid) => {
    const parsed = parseExpiry(input, NOW);
    expect(parsed).toMatchObject({ ok: true, value, valid });
  });

  it.each(['13/26', '00/26', 'ab/cd', '5/26', '', '1/2', '05-26'])('%s is a bad date format', (input) => {
    expect(parseExpiry(input, NOW)).toMatchObject({ ok: false, error: 'badDateFormat' });
  });

  it('reads the current month at +3 h: 21:30 UTC on 31 Dec is already January', () => {
    const now = new Date('2026-12-31T21:30:00Z');
    expect(parseExpiry('12/26', now)).toMatchObject({ ok: true, valid: false });
    expect(parseExpiry('01/27', now)).toMatchObject({ ok: true, valid: true });
  });
});

describe('isCardExpired @spec:rule.expiry', () => {
  it.each([
    // the end of May 2026 at +3 h is 2026-05-31T20:59:59Z
    ['05/26', '2026-05-31T20:59:59Z', false],
    ['05/26', '2026-05-31T21:00:00Z', true],
    ['04/26', '2026-05-01T00:00:00Z', true],
    ['04/26', '2026-04-30T20:00:00Z', false],
    ['12/26', '2026-12-31T20:59:59Z', false],
    ['12/26', '2026-12-31T21:00:01Z', true],
    ['garbage', '2026-01-01T00:00:00Z', true],
  ])('%s at %s → %s', (date, now, expired) => {
    expect(isCardExpired(date, new Date(now))).toBe(expired);
  });
});

describe('expiresSoon (60 days, not 1440) @spec:rule.expiringSoon', () => {
  it.each([
    ['06/26', NOW, true], // ends 30 Jun: 46 days away
    ['07/26', NOW, false], // ends 31 Jul: 77 days away
    ['04/26', NOW, false], // already expired, not "soon"
    ['05/30', NOW, false], // years away: the 1440-day reading would flag it
    ['07/26', new Date('2026-06-02T00:00:00Z'), true], // 59.9 days left
    // SPEC §9 "under 60 days": 07/26 ends 2026-07-31 23:59:59.999 in Riyadh (20:59:59.999 UTC).
    ['07/26', new Date('2026-06-02T20:59:59.999Z'), true], // exactly 59 days left
    ['07/26', new Date('2026-06-01T20:59:59.999Z'), false], // exactly 60 days left: not under 60
    ['07/26', new Date('2026-05-31T20:59:59.999Z'), false], // exactly 61 days left
  ])('%s at %s → %s', (date, now, soon) => {
    expect(expiresSoon(date, now)).toBe(soon);
  });
});

describe('formatExpiryInput', () => {
  it.each([
    ['0', '0'],
    ['05', '05'],
    ['052', '05/2'],
    ['0526', '05/26'],
    ['05/26', '05/26'],
    ['052699', '05/26'],
  ])('%s → %s', (input, shown) => {
    expect(formatExpiryInput(input)).toBe(shown);
  });
});

describe("the card timezone is the ksa build flavor's (SPEC §9 table)", () => {
  it('is +3 h, read from the flavor table, not restated', () => {
    expect(CARD_TIMEZONE_OFFSET_MS).toBe(TIMEZONE_OFFSET_HOURS.ksa * 3_600_000);
    expect(CARD_TIMEZONE_OFFSET_MS).toBe(3 * 3_600_000);
  });

  // SPEC §9 "card timezone offset +3": a card month ends at 23:59:59 in Riyadh, three hours before UTC's.
  it.each([
    ['05/26', '2026-05-31T20:59:59.999Z', false],
    ['05/26', '2026-05-31T21:00:00Z', true],
    ['05/26', '2026-05-31T23:30:00Z', true],
    ['12/26', '2026-12-31T22:00:00Z', true],
    ['01/27', '2027-01-31T20:59:59Z', false],
  ])(
    '@spec:limit.timezones %s at %s UTC (the month ends at 21:00 UTC, +3 h) → expired %s',
    (date, now, expired) => {
      expect(isCardExpired(date, new Date(now))).toBe(expired);
    },
  );
});
