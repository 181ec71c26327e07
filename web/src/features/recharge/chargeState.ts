import { atom } from 'jotai/vanilla';
import { paymentsMadeAtom } from '../../payments/payHandOver';
import { lastPayTypeStored } from '../../session/accountKept';
import { defaultPackage, methodsOf, recommendedAmounts, refusedPackages, visiblePackages } from './packages';
import { selectedPayType, shownChargeListAtom } from './state';

/**
 * The chosen target's packages and methods and what is selected among them (the pick itself, and the last
 * method used), beside state.ts. Apart from it because only the packages panel (ChargePanel, loaded once
 * there is a target) and the landing's packages read them: the first load does not carry them.
 */

export const lastPayTypeAtom = atom((get) => get(lastPayTypeStored));

/**
 * The package and the method the visitor picked (undefined: none picked). A package picked before a payment
 * was confirmed is no longer picked: paying again is a new choice (the paid one is not one tap from a second).
 */
const selectedPackageId = atom<{ readonly id: string; readonly paidBefore: number } | undefined>(undefined);
export const pickedPackageIdAtom = atom((get) => {
  const picked = get(selectedPackageId);
  return picked !== undefined && picked.paidBefore === get(paymentsMadeAtom) ? picked.id : undefined;
});
export const pickedPayTypeAtom = atom((get) => get(selectedPayType));

export const selectPackageAtom = atom(null, (get, set, rechargeId: string) =>
  set(selectedPackageId, { id: rechargeId, paidBefore: get(paymentsMadeAtom) }),
);
export const selectMethodAtom = atom(null, (_get, set, payType: number) => set(selectedPayType, payType));

export const packagesAtom = atom((get) => {
  const info = get(shownChargeListAtom);
  return info === undefined ? [] : visiblePackages(info.list, info.is_new);
});

/** How many packages the list left out for a price outside the contract (said above the packages). */
export const refusedPackagesAtom = atom((get) => {
  const info = get(shownChargeListAtom);
  return info === undefined ? 0 : refusedPackages(info.list, info.is_new);
});

export const recommendedAtom = atom((get) => {
  const info = get(shownChargeListAtom);
  return info === undefined ? [] : recommendedAmounts(info);
});

/** The package the visitor chose; none until they choose (the recommendation is only highlighted). */
export const selectedPackageAtom = atom((get) => {
  const id = get(pickedPackageIdAtom);
  return id === undefined ? undefined : get(packagesAtom).find((p) => p.recharge_id === id);
});

/** The recommendation the list highlights: the first recommended amount that is listed. */
export const topRecommendationAtom = atom((get) =>
  get(recommendedAtom).length === 0 ? undefined : defaultPackage(get(packagesAtom), get(recommendedAtom)),
);

/**
 * The methods shown: the chosen package's; before one is chosen, the highlighted recommendation's (else the
 * first package's), so the method can be chosen first and is kept when the package is.
 */
export const methodsAtom = atom((get) => {
  const item = get(selectedPackageAtom) ?? get(topRecommendationAtom) ?? get(packagesAtom)[0];
  return item === undefined ? [] : methodsOf(item);
});

/** The card pay types (providers 13 and 17): the clearest default, understood by every visitor. */
const CARD_PAY_TYPES: ReadonlySet<number> = new Set([23, 27]);

/** The chosen method, else the last one used, else a card, else the first. */
export const selectedMethodAtom = atom((get) => {
  const methods = get(methodsAtom);
  const wanted = get(pickedPayTypeAtom) ?? get(lastPayTypeAtom);
  return (
    methods.find((m) => m.payType === wanted) ??
    methods.find((m) => CARD_PAY_TYPES.has(m.payType)) ??
    methods[0]
  );
});
