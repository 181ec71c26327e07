import { CardNumber, ServerCode } from '@topup/contracts';
import { SimulatorPath } from '@topup/contracts/simulators';
import type { FastifyInstance } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { callInject, okData, sessionHeader } from './support/inject';
import {
  adyenPlatformData,
  CVV,
  coinOrder,
  encrypt,
  NOW,
  REEM_SESSION,
  SAVED_CVV,
  tokenise,
} from './support/payments';

/**
 * A card's fingerprint comes from its whole number (attack review): a stranger holding another valid number
 * with the same bin and last four cannot use up the velocity limit of someone's saved card.
 */

/** Luhn-valid, not in the catalogue: bin 424242 and last four 4242, as TESTDATA's 4242 4242 4242 4242. */
const LOOKALIKE = '4242420000004242';
const REEM = sessionHeader(REEM_SESSION);

let app: FastifyInstance;
let rid = 0;
beforeEach(async () => {
  app = await buildApp({ now: NOW });
  return () => app.close();
});

async function order(
  params: Parameters<typeof coinOrder>[0],
  device: string,
  headers: Record<string, string> = {},
  remoteAddress = '127.0.0.1',
) {
  return callInject(
    app,
    'createCoinPay',
    coinOrder({ ...params, ext: { h5_deviceid: device } }),
    { 'x-cli-rid': `rid-${++rid}`, 'x-device-token': device, 'x-cli-id': `client-${device}`, ...headers },
    { remoteAddress },
  );
}

const byCard = async (number: string, i: number) => {
  const token = (await tokenise(app, number, CVV)).token?.token ?? '';
  return order({ token }, `h5-stranger-${i}`, {}, `10.9.0.${i + 1}`);
};

async function payWithSaved(sourceId: string) {
  const res = await app.inject({
    method: 'POST',
    url: SimulatorPath.checkoutCvv,
    payload: { cvv: SAVED_CVV },
  });
  return order({ source_id: sourceId, cvv_token: String(res.json().token) }, 'h5-reem', REEM);
}

const savedFingerprints = async () =>
  okData('getCardSource', await callInject(app, 'getCardSource', { h5_deviceid: 'h5-reem' }, REEM)).items.map(
    (card) => [card.source_id, card.fingerprint] as const,
  );

describe('card fingerprints', () => {
  it("a stranger's card sharing bin and last four leaves the saved src_visa4242 payable", async () => {
    for (let i = 0; i < 10; i++) expect((await byCard(LOOKALIKE, i)).result).toBe(0);
    const saved = okData('createCoinPay', await payWithSaved('src_visa4242'));
    expect(saved.platform_data.status).toBe('paid');
    // The same stranger's card is still limited as one card.
    expect((await byCard(LOOKALIKE, 10)).result).toBe(ServerCode.tooManyPaymentAttempts);
  });

  it('the catalogue number is the saved card: its orders count against it, and it saves as one row', async () => {
    for (let i = 0; i < 10; i++) expect((await byCard(CardNumber.visaApproved, i)).result).toBe(0);
    expect((await payWithSaved('src_visa4242')).result).toBe(ServerCode.tooManyPaymentAttempts);
  });

  it('is kept without the number, one for a card on both providers, not the lookalike’s', async () => {
    const seeded = new Set((await savedFingerprints()).map(([id]) => id));
    const token = (await tokenise(app, LOOKALIKE, CVV)).token?.token ?? '';
    expect((await order({ token, is_remember: true }, 'h5-reem', REEM)).result).toBe(0);
    const fields = (await encrypt(app, LOOKALIKE)).card;
    const adyen = { pay_type: 27 as const, platform_data: adyenPlatformData(fields ?? ({} as never)) };
    expect((await order({ ...adyen, is_remember: true }, 'h5-reem', REEM)).result).toBe(0);
    const cards = await savedFingerprints();
    // Saved twice (Checkout, then Adyen), one row: the same card has the same fingerprint on both providers.
    const added = cards.filter(([id]) => !seeded.has(id)).map(([, fingerprint]) => fingerprint);
    expect(added).toHaveLength(1);
    expect(added[0]).not.toBe('fp_visa4242');
    // A keyed hash, not the public fields' style (fp_<bin><last4>), and none of the number in it: its 32 random-
    // looking hex digits may hold "4242" by chance (a CI run met one), never the number's bin or bin and last4.
    expect(added[0]).toMatch(/^fp_[0-9a-f]{32}$/);
    for (const part of [LOOKALIKE, LOOKALIKE.slice(0, 6), `${LOOKALIKE.slice(0, 6)}${LOOKALIKE.slice(-4)}`])
      expect(added[0]).not.toContain(part);
    // TESTDATA's duplicate rule still holds: src_visa4242_old shares src_visa4242's fingerprint.
    const byId = new Map(cards);
    expect(byId.get('src_visa4242')).toBe('fp_visa4242');
    expect(byId.get('src_visa4242_old')).toBe('fp_visa4242');
  });
});
