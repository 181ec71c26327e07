import { useAtomValue } from 'jotai';
import { tInfo } from '../i18n/info';
import { pkgInfoAtom } from '../platform/config';
import { storeLinksOf } from '../platform/storeLinks';
import { safeHref } from '../security/navigation';

/** Store links come from the server's configuration: only those the trusted-host policy allows are shown. */
export function StoreLinks() {
  const links = storeLinksOf(useAtomValue(pkgInfoAtom));
  if (links === undefined) return null;
  const stores = [
    { id: 'android', href: safeHref(links.android), label: tInfo('download.android') },
    { id: 'huawei', href: safeHref(links.huawei), label: tInfo('download.huawei') },
    { id: 'apple', href: safeHref(links.apple), label: tInfo('download.apple') },
  ];
  return (
    <ul className="store-links" aria-label={tInfo('download.heading')}>
      {stores.map((store) =>
        store.href === undefined ? null : (
          <li key={store.id}>
            <a className="btn btn-ghost" href={store.href} data-testid={`store-${store.id}`}>
              {store.label}
            </a>
          </li>
        ),
      )}
    </ul>
  );
}
