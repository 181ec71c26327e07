import type { PkgInfo } from '@topup/contracts/entities';
import { atom } from 'jotai/vanilla';

/** The server configuration (pkgInfo, SPEC §3), set by start-up once the first screen's batch answers. */
export const pkgInfoAtom = atom<PkgInfo | undefined>(undefined);

/** The visitor's country (the position lookup), set by start-up when known. */
export const currentCountryAtom = atom<string | undefined>(undefined);

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
