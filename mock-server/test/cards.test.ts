import {
  SAVED_CARDS_DEVICE_ID,
  type SavedCard,
  ServerCode,
  SignIn,
  savedCardsOf10000001,
} from '@topup/contracts';
import type { FastifyInstance } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { NewSavedCard } from '../src/world/cards';
import { CONTROL, callInject, callInjectWire, okData } from './support/inject';
import { stringsOf } from './support/payments';

const NOW = new Date('2026-11-21T09:00:00Z');
const NOW_S = Math.floor(NOW.getTime() / 1000);
const REEM = 'sk-10000001';
const NOURA = 'sk-10000010';
const ANY_DEVICE = 'h5-device-anything';

const expected = savedCardsOf10000001(NOW);

let app: FastifyInstance;
beforeEach(async () => {
  app = await buildApp({ now: NOW });
  return () => app.close();
});

const cardsOf = async (sessionKey: string | undefined, deviceId = ANY_DEVICE) =>
  okData(
    'getCardSource',
    await callInject(app, 'getCardSource', {
      h5_deviceid: deviceId,
      ...(sessionKey === undefined ? {} : { session_key: sessionKey }),
    }),
  ).items;

const update = (params: {
  source_id: string;
  card_valid_date?: string;
  is_remember?: boolean;
  session_key?: string;
  h5_deviceid?: string;
}) => callInject(app, 'updateCardSource', { source: 1, h5_deviceid: ANY_DEVICE, ...params });

const remove = (fingerprint: string, sessionKey?: string, deviceId = ANY_DEVICE) =>
  callInject(app, 'deleteCardSource', {
    fingerprint,
    h5_deviceid: deviceId,
    ...(sessionKey === undefined ? {} : { session_key: sessionKey }),
  });

describe('get_card_source for sk-10000001', () => {
  it.each(expected.map((card) => [card.source_id, card] as const))(
    'serves %s as TESTDATA says',
    async (id, card) => {
      const served = (await cardsOf(REEM)).find((item) => item.source_id === id);
      expect(served).toEqual(card);
    },
  );

  it('serves every row, in the table’s order, for any device id', async () => {
    expect(await cardsOf(REEM)).toEqual(expected);
    expect(await cardsOf(REEM, SAVED_CARDS_DEVICE_ID)).toEqual(expected);
  });

  it('dates the rows from the clock: src_mc4444 expired last month, src_soon0006 within 60 days', async () => {
    const byId = new Map((await cardsOf(REEM)).map((card) => [card.source_id, card]));
    expect(byId.get('src_mc4444')?.card_valid_date).toBe('10/26');
    expect(byId.get('src_visa4242')?.last_use_at).toBe(NOW_S - 3600);
    expect(byId.get('src_bank1699')?.is_bank_expire).toBe(1);
    expect(byId.get('apple_pay')).toMatchObject({ bin: '000000', last4: '0000' });
  });
});

describe('a reset with a time (POST /__mock/reset { now }), as --now starts the mock', () => {
  it("dates the cards from that time and answers it as the server's time; the next reset is real time again", async () => {
    const later = '2028-03-15T09:00:00.000Z';
    const reset = await app.inject({
      method: 'POST',
      url: '/__mock/reset',
      headers: CONTROL,
      payload: { now: later },
    });
    expect(reset.json()).toMatchObject({ result: 0, data: { now: later } });
    expect(await cardsOf(REEM)).toEqual(savedCardsOf10000001(new Date(later)));
    const byId = new Map((await cardsOf(REEM)).map((card) => [card.source_id, card]));
    expect(byId.get('src_mc4444')?.card_valid_date).toBe('02/28');
    expect(byId.get('src_soon0006')?.card_valid_date).toBe('04/28');
    expect(okData('serverTime', await callInject(app, 'serverTime', {})).ts).toBe(Date.parse(later));
    const again = await app.inject({ method: 'POST', url: '/__mock/reset', headers: CONTROL, payload: {} });
    expect(again.json()).toMatchObject({ result: 0, data: { now: NOW.toISOString() } });
  });

  it('refuses a time that is not an ISO date-time', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/__mock/reset',
      headers: CONTROL,
      payload: { now: 'soon' },
    });
    expect(res.json().result).not.toBe(0);
  });
});

describe('ownership', () => {
  it('another session and a signed-out device see none of 10000001’s cards', async () => {
    expect(await cardsOf(NOURA)).toEqual([]);
    expect(await cardsOf(undefined, SAVED_CARDS_DEVICE_ID)).toEqual([]);
  });

  it('a logged-out session key is refused, not served as signed out', async () => {
    const answer = await callInject(app, 'getCardSource', {
      h5_deviceid: SAVED_CARDS_DEVICE_ID,
      session_key: SignIn.expiredSessionKey,
    });
    expect(answer.result).toBe(ServerCode.loggedOut);
  });

  it.each([
    ['another session', NOURA],
    ['a signed-out device', undefined],
  ] as const)('%s cannot delete them @spec:pay.deleteCard', async (_label, sessionKey) => {
    expect(
      okData('deleteCardSource', await remove('fp_visa4242', sessionKey, SAVED_CARDS_DEVICE_ID)).deleted,
    ).toBe(0);
    expect(await cardsOf(REEM)).toEqual(expected);
  });

  it.each([
    ['another session', NOURA],
    ['a signed-out device', undefined],
  ] as const)('%s cannot update them: 31073 @spec:code.31073', async (_label, sessionKey) => {
    const answer = await update({
      source_id: 'src_mc4444',
      card_valid_date: '12/29',
      h5_deviceid: SAVED_CARDS_DEVICE_ID,
      ...(sessionKey === undefined ? {} : { session_key: sessionKey }),
    });
    expect(answer.result).toBe(ServerCode.cardUpdateFailed);
    expect(await cardsOf(REEM)).toEqual(expected);
  });
});

describe('delete_card_source', () => {
  it('deletes the owner’s cards with the fingerprint, duplicates included', async () => {
    expect(okData('deleteCardSource', await remove('fp_visa4242', REEM)).deleted).toBe(2);
    const left = (await cardsOf(REEM)).map((card) => card.source_id);
    expect(left).not.toContain('src_visa4242');
    expect(left).not.toContain('src_visa4242_old');
    expect(left).toHaveLength(expected.length - 2);
    expect(okData('deleteCardSource', await remove('fp_visa4242', REEM)).deleted).toBe(0);
  });
});

describe('update_card_source', () => {
  it.each([
    ['a future month', '12/29', 0],
    ['the current month', '11/26', 0],
    ['last month', '10/26', ServerCode.cardUpdateFailed],
    ['a past year', '12/25', ServerCode.cardUpdateFailed],
  ] as const)('an expiry in %s (%s) answers %i @spec:code.31073', async (_label, date, code) => {
    const answer = await update({ source_id: 'src_mc4444', card_valid_date: date, session_key: REEM });
    expect(answer.result).toBe(code);
    const card = (await cardsOf(REEM)).find((item) => item.source_id === 'src_mc4444');
    expect(card?.card_valid_date).toBe(code === 0 ? date : '10/26');
    if (code === 0) expect(okData('updateCardSource', answer).card.card_valid_date).toBe(date);
  });

  it('refuses an expiry that is not MM/YY, naming the field @spec:code.10001', async () => {
    const answer = await callInjectWire(app, 'updateCardSource', {
      source_id: 'src_mc4444',
      card_valid_date: '13/30',
      source: '1',
      h5_deviceid: ANY_DEVICE,
      session_key: REEM,
    });
    expect(answer.result).toBe(ServerCode.invalidParam);
    expect(answer.message).toContain('card_valid_date');
  });

  it('reads the month in the card timezone (+3): late on the 30th UTC is already December @spec:code.31073', async () => {
    await app.inject({
      method: 'POST',
      headers: CONTROL,
      url: '/__mock/clock',
      payload: { set: '2026-11-30T21:30:00Z' },
    });
    const answer = await update({ source_id: 'src_mc4444', card_valid_date: '11/26', session_key: REEM });
    expect(answer.result).toBe(ServerCode.cardUpdateFailed);
    const december = await update({ source_id: 'src_mc4444', card_valid_date: '12/26', session_key: REEM });
    expect(december.result).toBe(0);
  });

  it('takes no expiry for the wallet token (bin 000000, apple_pay): it is not a card', async () => {
    const answer = await update({ source_id: 'apple_pay', card_valid_date: '12/29', session_key: REEM });
    expect(answer.result).toBe(ServerCode.cardUpdateFailed);
    const token = (await cardsOf(REEM)).find((item) => item.source_id === 'apple_pay');
    expect(token?.card_valid_date).toBe(
      expected.find((card) => card.source_id === 'apple_pay')?.card_valid_date,
    );
  });

  it('cannot revive a card the bank reports expired', async () => {
    const answer = await update({ source_id: 'src_bank1699', card_valid_date: '12/29', session_key: REEM });
    expect(answer.result).toBe(ServerCode.cardUpdateFailed);
  });

  it('toggles the remember flag', async () => {
    const answer = await update({ source_id: 'src_forgot', is_remember: true, session_key: REEM });
    expect(okData('updateCardSource', answer).card.is_remember).toBe(1);
    const off = await update({ source_id: 'src_visa4242', is_remember: false, session_key: REEM });
    expect(okData('updateCardSource', off).card.is_remember).toBe(0);
  });

  it('an unknown card answers 31073', async () => {
    expect((await update({ source_id: 'src_nope', is_remember: true, session_key: REEM })).result).toBe(
      ServerCode.cardUpdateFailed,
    );
  });
});

describe('the card vault', () => {
  const newCard = (overrides: Partial<NewSavedCard> = {}): NewSavedCard => ({
    last4: '4444',
    bin: '555555',
    to_uid: 1002,
    scheme: 'mastercard',
    fingerprint: 'fp_new5555',
    issuer_country: 'SA',
    card_valid_date: '08/29',
    is_bank_expire: 0,
    h5_deviceid: 'h5-a',
    is_remember: 1,
    login: 1,
    uid: 1010,
    ...overrides,
  });

  it('saves a card once per owner and fingerprint, refreshing the row when saved again', async () => {
    const vault = app.mock.world.cards;
    const first = vault.save(newCard());
    if (first === undefined) throw new Error('not saved');
    expect(first.source_id).toMatch(/^src_/);
    expect(first.last_use_at).toBe(NOW_S);
    await app.inject({
      method: 'POST',
      headers: CONTROL,
      url: '/__mock/clock',
      payload: { advanceMs: 60_000 },
    });
    const again = vault.save(newCard({ card_valid_date: '09/30' }));
    if (again === undefined) throw new Error('not saved');
    expect(again.source_id).toBe(first.source_id);
    expect(again.last_use_at).toBe(NOW_S + 60);
    expect(await cardsOf(NOURA)).toEqual([again]);
    // The same card of another owner is that owner's own row.
    vault.save(newCard({ uid: 1001 }));
    expect((await cardsOf(REEM)).filter((card) => card.fingerprint === 'fp_new5555')).toHaveLength(1);
    expect(await cardsOf(NOURA)).toHaveLength(1);
  });

  it('keeps nothing for a signed-out payer: a device id owns no card (issue 27)', async () => {
    expect(app.mock.world.cards.save(newCard({ uid: 0, login: 0, h5_deviceid: 'h5-a' }))).toBeUndefined();
    expect(await cardsOf(undefined, 'h5-a')).toEqual([]);
    expect((await cardsOf(REEM, 'h5-a')).map((card) => card.fingerprint)).not.toContain('fp_new5555');
  });

  it('keeps nothing but the saved card’s own fields: no number, no CVV', async () => {
    const withSecrets = { ...newCard(), number: '5555555555554444', cvv: '737' } as NewSavedCard;
    const saved = app.mock.world.cards.save(withSecrets) ?? {};
    const stored = await cardsOf(NOURA);
    expect(JSON.stringify(stored)).not.toContain('5555555555554444');
    // Every stored string, as a whole: a random source id may hold the digits 737 (pre-flight CI, Node 24).
    expect(stringsOf(stored)).not.toContain('737');
    expect(Object.keys(saved).sort()).toEqual(Object.keys(expected[0] as SavedCard).sort());
  });

  it('touch marks the last use now; bySourceId finds any card', async () => {
    await app.inject({
      method: 'POST',
      headers: CONTROL,
      url: '/__mock/clock',
      payload: { advanceMs: 5000 },
    });
    app.mock.world.cards.touch('src_mc5454');
    expect(app.mock.world.cards.bySourceId('src_mc5454')?.last_use_at).toBe(NOW_S + 5);
    expect(app.mock.world.cards.bySourceId('src_missing')).toBeUndefined();
  });
});
