import type { ChargePackage } from '@topup/contracts/entities';
import { isWholeCents } from '@topup/contracts/money';

/**
 * What an order of a package's recharge_id charges and gives, as the list tells it: the price, the diamonds
 * (total, base and extra) and whether only a new visitor may buy it. Undefined for a price outside the contract
 * (not a whole number of cents: never drawn rounded), or diamonds that do not add up: the total (`coin`, what
 * the order gives) is the base plus the bonus (contracts/testdata/packages.ts), so a package of 70 diamonds
 * "+100,000 bonus" promises what no order gives.
 */
function termsOf(item: ChargePackage): string | undefined {
  if (!isWholeCents(item.amount)) return undefined;
  if (item.coin !== item.origin_coin + item.extra_coin) return undefined;
  return JSON.stringify([item.amount, item.coin, item.origin_coin, item.extra_coin, item.new_user_only]);
}

/**
 * The packages of a charge list whose terms can be trusted to be what an order of their recharge_id charges
 * and gives. An order names only its recharge_id (create_coin_pay carries no amount, SPEC §7): the server
 * charges the price IT knows for that id, so the page may show a package only where the list gives its id ONE
 * set of terms (termsOf). Refused (`refused`, said to the visitor, never offered):
 * - a price outside the contract, or diamonds whose base and bonus do not make the total;
 * - a recharge_id the list gives to packages of different terms (whichever is tapped, the server charges one
 *   of them: the visitor could see $0.99 and pay $4.99, or see 350 diamonds and get 1);
 * - a package with a method whose recharge_id (the one the order names) is not a trusted package of the list,
 *   or is one of other terms (the pay step would then show, and charge, another package), checked until no
 *   more is refused: a method ordering a package that is itself refused is refused too.
 * A method may name another package of the same terms (the charge and the diamonds are the same). A recharge_id
 * listed twice with the same terms is one package: its first entry is kept, the rest dropped (not refused:
 * nothing the visitor could buy is hidden).
 */
export function trustedPackages(list: readonly ChargePackage[]): {
  readonly trusted: ChargePackage[];
  readonly refused: ChargePackage[];
} {
  // The one set of terms of each recharge_id; undefined where the list gives it several, or a bad price.
  const termsById = new Map<string, string | undefined>();
  for (const item of list) {
    const terms = termsOf(item);
    const earlier = termsById.has(item.recharge_id);
    termsById.set(item.recharge_id, earlier && termsById.get(item.recharge_id) !== terms ? undefined : terms);
  }
  // Ids refused until none more is: a method must order a sound id of its package's own terms.
  const sound = new Map([...termsById].filter((entry): entry is [string, string] => entry[1] !== undefined));
  for (let changed = true; changed; ) {
    changed = false;
    for (const item of list) {
      const terms = sound.get(item.recharge_id);
      if (terms === undefined) continue;
      const ordersSound = item.payItemDisplayMethods.every((group) =>
        group.methods.every((method) => sound.get(method.recharge_id) === terms),
      );
      if (!ordersSound) {
        sound.delete(item.recharge_id);
        changed = true;
      }
    }
  }
  const trusted: ChargePackage[] = [];
  const refused: ChargePackage[] = [];
  const kept = new Set<string>();
  for (const item of list) {
    if (!sound.has(item.recharge_id)) refused.push(item);
    else if (!kept.has(item.recharge_id)) {
      kept.add(item.recharge_id);
      trusted.push(item);
    }
  }
  return { trusted, refused };
}
