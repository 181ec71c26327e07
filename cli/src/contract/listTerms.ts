import type { CallName, ChargeListInfo } from '@topup/contracts';
import { packageTerms } from '@topup/contracts/packageTerms';
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
  return packageTerms((data as ChargeListInfo).list).problems.map((problem) => ({
    kind: 'meaning',
    field: `data.list.${problem.index}.${problem.field}`,
    message: `${problem.message}; the web app refuses the package (rule ${problem.rule})`,
  }));
}
