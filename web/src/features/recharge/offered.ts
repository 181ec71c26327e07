import { isPayType, payTypeInfo } from '@topup/contracts/payTypeInfo';
import { type GrayPkg, type GrayVisitor, methodsForVisitor } from '../../payments/gray';
import { deviceWalletPossible, isDeviceWallet } from '../../payments/providers/walletSupport';
import { LABEL_MAX, shownName } from '../../ui/shownName';

/**
 * The methods a visitor is offered, as the recharge list and the landing show them: the gray and AB rules'
 * (one card provider, released wallets), Apple Pay only where the browser could pay with it, one choice
 * per name, the card first.
 */

/**
 * A method's name as the list and the landing draw it: the server's name as a shown name (ui/shownName.ts: no
 * bidirectional controls reordering the row), cut at LABEL_MAX characters (a name of 300 letters with no space
 * would widen the page past the screen); empty when it gave none.
 */
export function methodNameOf(group: string): string {
  return shownName(group, LABEL_MAX);
}

interface NamedMethod {
  readonly group: string;
  readonly payType: number;
}

/**
 * One choice per name: the server lists a method once with every pay type that reaches it (two card
 * providers, two Apple Pay integrations); of those the visitor is offered, the chosen one, else the first.
 */
export function onePerName<T extends NamedMethod>(methods: readonly T[], preferred: number | undefined): T[] {
  const byName = new Map<string, T>();
  for (const method of methods) {
    // By the name as drawn (ui/shownName.ts): two spellings apart only by controls are one name on the page.
    const name = methodNameOf(method.group);
    const kept = byName.get(name);
    if (kept === undefined || (method.payType === preferred && kept.payType !== preferred))
      byName.set(name, method);
  }
  return [...byName.values()];
}

/** The card-form methods (23, 27) first, the rest in the server's order (a stable sort). */
export function cardsFirst<T extends { readonly payType: number }>(methods: readonly T[]): T[] {
  const isCard = (m: T) => isPayType(m.payType) && payTypeInfo[m.payType].cardFrame;
  return [...methods.filter(isCard), ...methods.filter((m) => !isCard(m))];
}

export function offeredMethods<T extends NamedMethod>(
  methods: readonly T[],
  pkg: GrayPkg | undefined,
  visitor: GrayVisitor,
  preferred: number | undefined,
  deviceWallet: boolean = deviceWalletPossible(),
): T[] {
  const reachable = methodsForVisitor(methods, pkg, visitor).filter(
    (m) => !isDeviceWallet(m.payType) || deviceWallet,
  );
  return cardsFirst(onePerName(reachable, preferred));
}
