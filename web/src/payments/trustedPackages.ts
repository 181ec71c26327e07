import type { ChargePackage } from '@topup/contracts/entities';
import { packageTerms } from '@topup/contracts/packageTerms';

/**
 * The packages of a charge list whose terms can be trusted to be what an order of their recharge_id charges
 * and gives, and those refused (said to the visitor, never offered). The rule is the contracts' own
 * (contracts/src/packageTerms.ts), the one the CLI holds a backend's list to: a price in whole cents, diamonds
 * whose base and bonus make the total, one set of terms per recharge_id, and methods that each order a trusted
 * package of the same terms. A recharge_id listed twice with the same terms is one package (its first entry).
 */
export function trustedPackages(list: readonly ChargePackage[]): {
  readonly trusted: ChargePackage[];
  readonly refused: ChargePackage[];
} {
  const { trusted, refused } = packageTerms(list);
  return { trusted, refused };
}
