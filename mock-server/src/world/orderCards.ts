import {
  type CardBehaviour,
  type CardDecline,
  DeclineCode,
  payTypeInfo,
  type SavedCard,
  testCards,
} from '@topup/contracts';
import { AdyenOrderPlatformDataSchema } from '@topup/contracts/simulators';
import { cardExpiredAt } from './cardRules';
import { invalid, type NewOrder, type OrderCard, type Refusal } from './orderTypes';
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
      // The app's checkbox is on by default; an explicit 0 keeps the card out of the list.
      remember: payment.isRemember ?? true,
      behaviour: tokenised.behaviour,
      savedSourceId: undefined,
      securityCodeDigest: tokenised.securityCodeDigest,
    },
  };
}

function savedCardOf(world: World, input: NewOrder): { ok: true; card: OrderCard } | Refusal {
  const { payment } = input;
  const payer = input.payerUid === 0 ? undefined : input.payerUid;
  const saved = world.cards.ownedBy(payment.sourceId ?? '', payer, input.deviceId);
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
  return {
    ok: true,
    card: {
      bin: saved.bin,
      last4: saved.last4,
      scheme: saved.scheme,
      cardValidDate: saved.card_valid_date,
      name: payment.name ?? '',
      remember: saved.is_remember === 1,
      behaviour: savedBehaviour(world, saved, digest),
      savedSourceId: saved.source_id,
      securityCodeDigest: undefined,
    },
  };
}

/**
 * A saved card behaves as the catalogue card it is (bin and last4); the bank's flag and its date come first,
 * then the issuer's check of the security code, as a real provider declines a wrong one.
 */
function savedBehaviour(world: World, saved: SavedCard, securityCodeDigest: string): CardBehaviour {
  if (saved.is_bank_expire === 1 || cardExpiredAt(saved.card_valid_date, world.clock.date())) {
    return { kind: 'declined', decline: expiredDecline };
  }
  if (!world.cards.securityCodeMatches(saved.source_id, securityCodeDigest)) {
    return { kind: 'declined', decline: securityCodeDecline };
  }
  const card = testCards.find(
    (row) => row.luhn_valid && row.number.startsWith(saved.bin) && row.number.endsWith(saved.last4),
  );
  return card?.behaviour ?? { kind: 'approved', adyen_result_code: 'Authorised', outcome: 'success' };
}
