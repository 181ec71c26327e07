import type { ChargePackage } from './entities';
import { isWholeCents } from './money';

/**
 * The rule of a charge list's package terms (SPEC §3 charge package, §7 create_coin_pay), one description for
 * the web app (which offers only the packages it can trust) and the CLI (which fails a backend whose list
 * breaks it). An order names only a recharge_id (create_coin_pay carries no amount): the server charges the
 * price, and gives the diamonds, IT knows for that id. So a package can be trusted only when:
 * - `whole-cents`: its price (`amount`, USD) is a whole number of cents (money.ts: else it is drawn rounded);
 * - `coin-sum`: its total (`coin`, what an order gives) is its base plus its bonus (`origin_coin + extra_coin`):
 *   else 70 diamonds "+100,000 bonus" promise what no order gives;
 * - `one-id-one-terms`: the list gives its recharge_id ONE set of terms (price, diamonds, new users only):
 *   whichever entry is tapped, the server charges one of them (seen $0.99, paid $4.99);
 * - `method-orders-listed`, `method-same-terms`, `method-orders-trusted`: each payment method's recharge_id
 *   (the one the order names) is a package of the list, of the same terms, itself trusted (checked until no
 *   more is refused: a method ordering a refused package is refused too). Else the pay step shows, and
 *   charges, another package. A method may name another package of the same terms.
 * A recharge_id listed twice with the same terms is one package: its first entry is trusted, the rest dropped
 * (not refused: nothing the visitor could buy is hidden).
 */
export type PackageTermsRule =
  | 'whole-cents'
  | 'coin-sum'
  | 'one-id-one-terms'
  | 'method-orders-listed'
  | 'method-same-terms'
  | 'method-orders-trusted';

/**
 * One way a package of the list breaks the rule: which entry, which field, and what the words need (the CLI
 * says it: cli/src/contract/listTerms.ts; the web app only refuses).
 */
export interface PackageTermsProblem {
  readonly rule: PackageTermsRule;
  /** The package's recharge_id, and its index in the list. */
  readonly recharge_id: string;
  readonly index: number;
  /** Where in that entry (`amount`, `coin`, `payItemDisplayMethods.0.methods.1.recharge_id`). */
  readonly field: string;
  /** `one-id-one-terms`: the index of an entry of the same recharge_id with other terms. */
  readonly other?: number;
  /** `method-*`: the method's place in the entry (its group, its index in the group). */
  readonly method?: { readonly group: number; readonly index: number };
}

export interface PackageTerms {
  /** The packages an order can be trusted to charge and give as listed, each recharge_id once. */
  readonly trusted: ChargePackage[];
  /** The packages never offered (each entry of a refused recharge_id). */
  readonly refused: ChargePackage[];
  /** Why each refused entry is refused: at least one problem per refused entry. */
  readonly problems: PackageTermsProblem[];
}

/** The terms of a package as one comparable key; undefined when its own price or diamonds break the rule. */
function termsOf(item: ChargePackage): string | undefined {
  if (!isWholeCents(item.amount)) return undefined;
  if (item.coin !== item.origin_coin + item.extra_coin) return undefined;
  return JSON.stringify([item.amount, item.coin, item.origin_coin, item.extra_coin, item.new_user_only]);
}

/** The problems of a package's own price and diamonds. */
function ownProblems(item: ChargePackage, index: number): PackageTermsProblem[] {
  const id = item.recharge_id;
  const problems: PackageTermsProblem[] = [];
  if (!isWholeCents(item.amount))
    problems.push({ rule: 'whole-cents', recharge_id: id, index, field: 'amount' });
  if (item.coin !== item.origin_coin + item.extra_coin)
    problems.push({ rule: 'coin-sum', recharge_id: id, index, field: 'coin' });
  return problems;
}

/** The list's packages split into trusted and refused, with why each refused one is (the rule above). */
export function packageTerms(list: readonly ChargePackage[]): PackageTerms {
  const problems: PackageTermsProblem[] = list.flatMap(ownProblems);
  // The one set of terms of each recharge_id; undefined where the list gives it several, or broken ones.
  const termsById = new Map<string, string | undefined>();
  for (const item of list) {
    const terms = termsOf(item);
    const earlier = termsById.has(item.recharge_id);
    termsById.set(item.recharge_id, earlier && termsById.get(item.recharge_id) !== terms ? undefined : terms);
  }
  list.forEach((item, index) => {
    if (termsOf(item) === undefined || termsById.get(item.recharge_id) !== undefined) return;
    const other = list.findIndex((o) => o.recharge_id === item.recharge_id && termsOf(o) !== termsOf(item));
    problems.push({
      rule: 'one-id-one-terms',
      recharge_id: item.recharge_id,
      index,
      field: 'recharge_id',
      ...(other < 0 ? {} : { other }),
    });
  });
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
  list.forEach((item, index) => {
    if (termsById.get(item.recharge_id) === undefined || sound.has(item.recharge_id)) return;
    const found = methodProblems(list, item, index, termsById, sound);
    problems.push(
      ...(found.length > 0
        ? found
        : [
            {
              rule: 'method-orders-trusted' as const,
              recharge_id: item.recharge_id,
              index,
              field: 'payItemDisplayMethods',
            },
          ]),
    );
  });
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
  problems.sort((a, b) => a.index - b.index);
  return { trusted, refused, problems };
}

/** Why a package of sound terms of its own is refused: each method that orders no trusted package of them. */
function methodProblems(
  list: readonly ChargePackage[],
  item: ChargePackage,
  index: number,
  termsById: ReadonlyMap<string, string | undefined>,
  sound: ReadonlyMap<string, string>,
): PackageTermsProblem[] {
  const id = item.recharge_id;
  const own = termsById.get(id);
  const problems: PackageTermsProblem[] = [];
  item.payItemDisplayMethods.forEach((group, g) => {
    group.methods.forEach((method, m) => {
      const target = method.recharge_id;
      if (sound.get(target) === own) return;
      const targetTerms = termsById.get(target);
      const rule: PackageTermsRule = !list.some((o) => o.recharge_id === target)
        ? 'method-orders-listed'
        : targetTerms !== undefined && targetTerms !== own
          ? 'method-same-terms'
          : 'method-orders-trusted';
      const field = `payItemDisplayMethods.${g}.methods.${m}.recharge_id`;
      problems.push({ rule, recharge_id: id, index, field, method: { group: g, index: m } });
    });
  });
  return problems;
}
