import type { PkgInfo } from '@topup/contracts/entities';

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
