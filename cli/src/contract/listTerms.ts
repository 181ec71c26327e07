import type { CallName, ChargeListInfo, ChargePackage } from '@topup/contracts';
import { type PackageTermsProblem, packageTerms } from '@topup/contracts/packageTerms';
import type { Problem } from './conformance';

/**
 * What a charge list that met its schema must also hold: the package-terms rule the web app offers packages
 * by (contracts/src/packageTerms.ts: a price in whole cents, coin = origin_coin + extra_coin, one set of terms
 * per recharge_id, methods ordering a trusted package of the same terms). A package that breaks it is one the
 * app refuses (nothing of it can be bought), so the list disagrees with what it must mean: one `meaning`
 * problem per break, named by the entry's field (`data.list.2.coin`) and saying the package and the rule.
 */
export function listTermsProblems(name: CallName, data: unknown): Problem[] {
  if (name !== 'getRechargeListV3') return [];
  const { list } = data as ChargeListInfo;
  return packageTerms(list).problems.map((problem) => ({
    kind: 'meaning',
    field: `data.list.${problem.index}.${problem.field}`,
    message: `${termsProblemText(list, problem)}; the web app refuses the package (rule ${problem.rule})`,
  }));
}

/** A package's terms as a person reads them. */
const described = (item: ChargePackage) =>
  `amount ${item.amount}, coin ${item.coin} (${item.origin_coin} + ${item.extra_coin})${item.new_user_only ? ', new users only' : ''}`;

/** One break of the rule in plain English: the package, what it lists, and why an order would differ. */
export function termsProblemText(list: readonly ChargePackage[], problem: PackageTermsProblem): string {
  const item = list[problem.index] as ChargePackage;
  const id = item.recharge_id;
  switch (problem.rule) {
    case 'whole-cents':
      return `package ${id}: amount ${item.amount} is not a USD price in whole cents (it would be shown rounded, a price the order does not charge)`;
    case 'coin-sum':
      return `package ${id}: coin ${item.coin} is not origin_coin ${item.origin_coin} + extra_coin ${item.extra_coin} = ${item.origin_coin + item.extra_coin} (the diamonds listed are not what an order gives)`;
    case 'one-id-one-terms': {
      const other = problem.other === undefined ? undefined : list[problem.other];
      const what = other === undefined ? '' : ` (entry ${problem.other}: ${described(other)})`;
      return `package ${id}: the list gives its recharge_id other terms too${what} than this entry's (${described(item)}); an order names only the recharge_id, so what it charges is unknown`;
    }
    default: {
      if (problem.method === undefined)
        return `package ${id}: another entry of its recharge_id has a method the rule refuses, so this one is refused with it`;
      const group = item.payItemDisplayMethods[problem.method.group];
      const method = group?.methods[problem.method.index];
      const target = method?.recharge_id ?? '';
      const named = `package ${id}: its method ${JSON.stringify(group?.displayName)} (subType ${method?.subType}) orders recharge_id ${target}`;
      const ordered = list.find((o) => o.recharge_id === target);
      if (problem.rule === 'method-orders-listed' || ordered === undefined)
        return `${named}, which the list does not hold (the pay step could not show what it charges)`;
      if (problem.rule === 'method-same-terms')
        return `${named}, a package of other terms (${described(ordered)}) than its own (${described(item)}): the order would charge and give that package`;
      return `${named}, a package refused itself (see its own problem): the order would charge a package whose terms cannot be trusted`;
    }
  }
}
