import {
  type CardBehaviour,
  type CardDecline,
  DeclineCode,
  payTypeInfo,
  type SavedCard,
  ServerCode,
  testCards,
} from '@topup/contracts';
import { AdyenOrderPlatformDataSchema } from '@topup/contracts/simulators';
import { cardExpiredAt } from './cardRules';
import { invalid, type NewOrder, type OrderCard, type Refusal, refusal } from './orderTypes';
import type { TokenisedCard } from './providerVault';
import type { World } from './world';

/**
 * The card of a card order: a new card from its single-use token (Checkout) or encrypted fields (Adyen), or
 * a saved card of the payer with a fresh security code token. Only public fields and the catalogue behaviour.
 */

/** The catalogue's security code decline (TESTDATA 4000 0000 0000 0127: Adyen refusal code 11 → verify). */
const securityCodeDecline: CardDecline = (() => {
  const row = testCards.find(
    (card) => card.behaviour.kind === 'declined' && card.behaviour.decline.outcome === 'verify',
  );
  if (row === undefined || row.behaviour.kind !== 'declined')
    throw new Error('the catalogue has no verify decline');
  return row.behaviour.decline;
})();

const expiredDecline: CardDecline = {
  adyen_result_code: 'Refused',
  refusal_code: 6,
  err_code: DeclineCode.cardExpired,
  fail_detail: null,
  outcome: 'expire',
};

/** The card of a card payment, from a new card's token or a saved card with its security code. */
export function cardOfOrder(
  world: World,
  input: NewOrder,
): { ok: true; card: OrderCard | undefined } | Refusal | undefined {
  const info = payTypeInfo[input.payType];
  if (info.kind !== 'card' || !info.cardFrame) return undefined;
  const { payment } = input;
  if (payment.sourceId !== undefined && payment.sourceId !== '') return savedCardOf(world, input);

  let tokenised: TokenisedCard | undefined;
  if (input.payType === 23) {
    if (payment.token === undefined) return invalid('token', 'a card token or a source_id is required');
    tokenised = world.providers.takeCardToken(payment.token);
    if (tokenised === undefined) return invalid('token', 'unknown or already used');
  } else {
    const parsed = AdyenOrderPlatformDataSchema.safeParse(payment.platformData ?? {});
    if (!parsed.success) return invalid('platform_data.paymentMethod', 'expected the encrypted card');
    tokenised = world.providers.takeEncryptedCard(parsed.data.paymentMethod);
    if (tokenised === undefined) return invalid('platform_data.paymentMethod', 'unknown or already used');
  }
  const cardValidDate = `${String(tokenised.expiryMonth).padStart(2, '0')}/${String(tokenised.expiryYear % 100).padStart(2, '0')}`;
  return {
    ok: true,
    card: {
      bin: tokenised.bin,
      last4: tokenised.last4,
      scheme: tokenised.scheme,
      cardValidDate,
      name: payment.name ?? tokenised.name,
      // Kept only when the visitor asked (is_remember=1), and only for a signed-in payer (see OrderBook).
      remember: payment.isRemember === true,
      behaviour: tokenised.behaviour,
      fingerprint: tokenised.fingerprint,
      savedSourceId: undefined,
      securityCode: undefined,
      securityCodeDigest: tokenised.securityCodeDigest,
    },
  };
}

/**
 * A saved card pays only for the signed-in account that saved it (a device id is no credential), and not
 * once it is locked after repeated wrong security codes (23005: the visitor enters it again as a new card).
 */
function savedCardOf(world: World, input: NewOrder): { ok: true; card: OrderCard } | Refusal {
  const { payment } = input;
  const sourceId = payment.sourceId ?? '';
  if (input.payerUid === 0) return invalid('source_id', 'a saved card needs the session that saved it');
  if (world.cards.isLocked(sourceId)) return refusal(ServerCode.savedCardLocked);
  const saved = world.cards.ownedBy(sourceId, input.payerUid);
  if (saved === undefined) return invalid('source_id', 'no such saved card');
  if (saved.bin === '000000') return invalid('source_id', 'a wallet token is not a card');
  if (input.payType === 27 && saved.scheme !== 'visa' && saved.scheme !== 'mastercard') {
    return invalid('source_id', 'provider 17 accepts only Visa and Mastercard');
  }
  const adyenCode = AdyenOrderPlatformDataSchema.safeParse(payment.platformData ?? {});
  const securityCode =
    payment.cvvToken ?? (adyenCode.success ? adyenCode.data.paymentMethod.encryptedSecurityCode : undefined);
  const digest = securityCode === undefined ? undefined : world.providers.takeSecurityCode(securityCode);
  if (digest === undefined) {
    return invalid('cvv_token', 'the security code of a saved card is required (unknown or already used)');
  }
  const expired = saved.is_bank_expire === 1 || cardExpiredAt(saved.card_valid_date, world.clock.date());
  const codeRight = world.cards.securityCodeMatches(saved.source_id, digest);
  return {
    ok: true,
    card: {
      bin: saved.bin,
      last4: saved.last4,
      scheme: saved.scheme,
      cardValidDate: saved.card_valid_date,
      name: payment.name ?? '',
      remember: saved.is_remember === 1,
      // The bank's flag and the date come first, then the issuer's check of the code, as a provider declines.
      behaviour: expired
        ? { kind: 'declined', decline: expiredDecline }
        : codeRight
          ? savedBehaviour(saved)
          : { kind: 'declined', decline: securityCodeDecline },
      fingerprint: saved.fingerprint,
      savedSourceId: saved.source_id,
      securityCode: expired ? undefined : codeRight ? 'right' : 'wrong',
      securityCodeDigest: undefined,
    },
  };
}

/** A saved card with its right code behaves as the catalogue card it is (bin and last4). */
function savedBehaviour(saved: SavedCard): CardBehaviour {
  const card = testCards.find(
    (row) => row.luhn_valid && row.number.startsWith(saved.bin) && row.number.endsWith(saved.last4),
  );
  return card?.behaviour ?? { kind: 'approved', adyen_result_code: 'Authorised', outcome: 'success' };
}
