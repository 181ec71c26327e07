import type { PkgInfo } from '@topup/contracts/entities';
import { atom } from 'jotai';

/** The server configuration (pkgInfo, SPEC §3), loaded once with the first screen's batch. */
const pkgInfoState = atom<PkgInfo | undefined>(undefined);

export const pkgInfoAtom = atom((get) => get(pkgInfoState));
export const setPkgInfoAtom = atom(null, (_get, set, pkg: PkgInfo) => set(pkgInfoState, pkg));

/** The visitor's country (the position lookup), when known. */
const countryState = atom<string | undefined>(undefined);
export const currentCountryAtom = atom((get) => get(countryState));
export const setCountryAtom = atom(null, (_get, set, country: string) => set(countryState, country));

/** Store links by platform; the Google link serves Android. */
export interface StoreLinks {
  readonly android: string;
  readonly huawei: string;
  readonly apple: string;
}

export function storeLinksOf(pkg: PkgInfo | undefined): StoreLinks | undefined {
  if (pkg === undefined) return undefined;
  return {
    android: pkg.ksa_google_url || pkg.ksa_android_url,
    huawei: pkg.ksa_huawei_url,
    apple: pkg.ksa_apple_url,
  };
}
