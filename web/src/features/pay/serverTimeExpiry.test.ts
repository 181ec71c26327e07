// @vitest-environment node
import { savedCardsOf10000001 } from '@topup/contracts';
import { createStore } from 'jotai/vanilla';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { knownExpired, parseExpiry } from '../../payments/providers/card/expiry';
import { validateExpiry } from '../../payments/providers/card/validation';
import { serverClockAtom, syncServerClock } from '../../platform/serverClock';
import { isUsable, type SavedCardStatus, savedCardStatus } from './savedCards';

/**
 * Card expiry is judged by the server's clock (SPEC §5 with TESTDATA's "relative to the mock's now"): a mock
 * started with `--now 2028-03-15T09:00:00Z` in front of a phone whose clock says November 2026.
 */
const DEVICE = Date.parse('2026-11-27T00:00:00Z');
const SERVER = new Date('2028-03-15T09:00:00Z');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(DEVICE);
});
afterEach(() => vi.useRealTimers());

async function serverNow(ts: unknown = SERVER.getTime()): Promise<Date> {
  const store = createStore();
  await syncServerClock(store, () => Promise.resolve({ ok: true as const, data: { ts } }));
  return store.get(serverClockAtom).now();
}

describe("10000001's saved cards, dated by the server, judged by the server's clock", () => {
  const cards = savedCardsOf10000001(SERVER);
  const card = (id: string) => cards.find((c) => c.source_id === id) ?? expect.unreachable(id);

  it.each<[string, string, SavedCardStatus, boolean]>([
    ['src_visa4242', 'valid 2+ years', 'usable', true],
    ['src_mc4444', 'expired last month: offer the update', 'expiredModifiable', false],
    ['src_bank1699', 'the bank says expired', 'bankExpired', false],
    ['src_soon0006', 'expires in 30 days: flag it', 'expiresSoon', true],
  ])('%s (%s): %s', async (id, _what, status, usable) => {
    const now = await serverNow();
    expect(savedCardStatus(card(id), now)).toBe(status);
    expect(isUsable(card(id), now)).toBe(usable);
  });

  it("is what the device's clock would get wrong: by it, src_mc4444 is still usable", () => {
    expect(card('src_mc4444').card_valid_date).toBe('02/28');
    expect(savedCardStatus(card('src_mc4444'), new Date())).toBe('usable');
  });

  it.each([['not a number'], [Number.NaN], [1e20], [null]])(
    "a garbage server time (%s) falls back to the device's clock",
    async (ts) => {
      expect((await serverNow(ts)).getTime()).toBe(DEVICE);
    },
  );
});

describe("a typed expiry (card form, expiry popup, provider fields) by the server's clock", () => {
  it.each<[string, boolean]>([
    ['12/27', false],
    ['02/28', false],
    ['03/28', true],
    ['0328', true],
    ['04/28', true],
    ['11/26', false],
  ])('%s is accepted: %s', async (typed, valid) => {
    const now = await serverNow();
    expect(validateExpiry(typed, now).ok).toBe(valid);
    const parsed = parseExpiry(typed, now);
    expect(parsed.ok && parsed.valid).toBe(valid);
  });

  it("says the form's own message for a past date: the date has passed", async () => {
    expect(validateExpiry('12/27', await serverNow())).toEqual({
      ok: false,
      message: 'تاريخ الانتهاء غير صحيح: هذا التاريخ مضى، اكتب التاريخ المطبوع على البطاقة',
    });
  });

  it.each<[string | undefined, boolean]>([
    ['12/27', true],
    ['02/28', true],
    ['03/28', false],
    [undefined, false],
    ['13/28', false],
  ])("a provider's fields let %s through: the app refuses it as expired: %s", async (date, expired) => {
    expect(knownExpired(date, await serverNow())).toBe(expired);
  });
});
