import type { ChargePackage } from '@topup/contracts/entities';
import { isWholeCents } from '../i18n/format';

/**
 * The packages of a charge list whose price can be trusted to be what an order of their recharge_id charges.
 * An order names only its recharge_id (create_coin_pay carries no amount, SPEC §7): the server charges the
 * price IT knows for that id, so the page may show a price only where the list gives that id ONE price.
 * Refused (`refused`, said to the visitor, never offered):
 * - a price outside the contract (not a whole number of cents: never drawn rounded);
 * - a recharge_id the list gives to packages of different amounts (whichever is tapped, the server charges
 *   one of them: the visitor could see $0.99 and pay $4.99);
 * - a package with a method whose recharge_id (the one the order names) is not a package of the list, or is
 *   one of another amount (the pay step would then show, and charge, another package's price).
 * A method may name another package of the same amount (the server's data allows it: the charge is the same).
 * A recharge_id listed twice at one amount is one package: its first entry is kept, the rest dropped (not
 * refused: nothing is hidden from the visitor).
 */
export function trustedPackages(list: readonly ChargePackage[]): {
  readonly trusted: ChargePackage[];
  readonly refused: ChargePackage[];
} {
  // The one amount of each recharge_id; undefined where the list gives it several, or one outside the contract.
  const priceOf = new Map<string, number | undefined>();
  for (const item of list) {
    const amount = isWholeCents(item.amount) ? item.amount : undefined;
    priceOf.set(
      item.recharge_id,
      priceOf.has(item.recharge_id) && priceOf.get(item.recharge_id) !== amount ? undefined : amount,
    );
  }
  const trusted: ChargePackage[] = [];
  const refused: ChargePackage[] = [];
  const kept = new Set<string>();
  for (const item of list) {
    const price = priceOf.get(item.recharge_id);
    const sound =
      price !== undefined &&
      item.payItemDisplayMethods.every((group) =>
        group.methods.every((method) => priceOf.get(method.recharge_id) === price),
      );
    if (!sound) refused.push(item);
    else if (!kept.has(item.recharge_id)) {
      kept.add(item.recharge_id);
      trusted.push(item);
    }
  }
  return { trusted, refused };
}
