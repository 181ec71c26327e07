import { type AnchorHTMLAttributes, type ReactNode, useCallback } from 'react';
import { Redirect, Link as RouterLink, useLocation as useRouterPath, useSearch } from 'wouter';
import { useLocationProperty } from 'wouter/use-browser-location';

/**
 * The app's routing vocabulary over wouter (a router of a few kilobytes, where react-router weighed 38 KB of
 * the first load). Pages speak of a location and a target the way the History API does: a pathname, a
 * search with its `?` and a hash with its `#`.
 */

export interface AppLocation {
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;
}

/** A target: a path with its query, or parts of one; a missing pathname keeps the current one. */
export type To = string | { readonly pathname?: string; readonly search?: string };

export function hrefOf(to: To, current: string = location.pathname): string {
  if (typeof to === 'string') return to;
  const search =
    to.search === undefined || to.search === '' || to.search.startsWith('?') ? to.search : `?${to.search}`;
  return `${to.pathname ?? current}${search ?? ''}`;
}

const currentHash = () => location.hash;

/** The current location; the component renders again when the path, query or hash changes. */
export function useLocation(): AppLocation {
  const [pathname] = useRouterPath();
  const search = useSearch();
  const hash = useLocationProperty(currentHash, () => '');
  return { pathname, search: search === '' ? '' : `?${search}`, hash };
}

export type Navigate = (to: To, options?: { readonly replace?: boolean }) => void;

export function useNavigate(): Navigate {
  const [, navigate] = useRouterPath();
  return useCallback<Navigate>(
    (to, options) => navigate(hrefOf(to), { replace: options?.replace ?? false }),
    [navigate],
  );
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  readonly to: To;
  /** A full page load (pages the server redirects, such as /privacy), not an in-app navigation. */
  readonly reloadDocument?: boolean;
  readonly children?: ReactNode;
};

export function Link({ to, reloadDocument = false, children, ...anchor }: LinkProps) {
  const href = hrefOf(to);
  if (reloadDocument)
    return (
      <a href={href} {...anchor}>
        {children}
      </a>
    );
  return (
    <RouterLink href={href} {...anchor}>
      {children}
    </RouterLink>
  );
}

/** Replaces (or pushes) the location once rendered. */
export function Navigate({ to, replace = false }: { readonly to: To; readonly replace?: boolean }) {
  return <Redirect to={hrefOf(to)} replace={replace} />;
}
