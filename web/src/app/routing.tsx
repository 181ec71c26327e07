import {
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
  useLayoutEffect,
  useSyncExternalStore,
} from 'react';
import { guardOnTop, whenBackArrived } from '../platform/backGuard';

/**
 * The app's routing vocabulary, over the History API itself: SPEC §2's routes are a handful of fixed paths,
 * so a router library (react-router weighed 38 KB of the first load, wouter and its path parser 1.8 KB) has
 * nothing left to do. Pages speak of a location and a target the way the History API does: a pathname, a
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

const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

// Every change of the address re-renders who reads it: the back and forward buttons and hash changes by
// their events, and a pushState or replaceState from anywhere (the router's own navigations, start-up taking
// the sign-in arguments out of the address bar, the pay step's back guard) by wrapping the two methods once.
const WRAPPED = Symbol.for('topup.history');
if (typeof history !== 'undefined' && !(WRAPPED in history)) {
  for (const method of ['pushState', 'replaceState'] as const) {
    const original = history[method];
    history[method] = function (this: History, ...args: Parameters<History['pushState']>) {
      original.apply(this, args);
      notify();
    };
  }
  Object.defineProperty(history, WRAPPED, { value: true });
}

/** Calls `listener` at every change of the address (the page update's wait for a safe place too); answers its removal. */
export function onLocationChange(listener: () => void): () => void {
  if (listeners.size === 0) {
    addEventListener('popstate', notify);
    addEventListener('hashchange', notify);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    removeEventListener('popstate', notify);
    removeEventListener('hashchange', notify);
  };
}

const currentHref = () => location.href;

/** The current location; the component renders again when the path, query or hash changes. */
export function useLocation(): AppLocation {
  useSyncExternalStore(onLocationChange, currentHref, currentHref);
  return { pathname: location.pathname, search: location.search, hash: location.hash };
}

export interface NavigateOptions {
  /** In place of the current entry; `'guard'`: in place of a back guard's entry if one is on top then. */
  readonly replace?: boolean | 'guard';
  /** The new entry's state (what the page marks on it, as `payHandOver`'s marks), written with it. */
  readonly state?: Readonly<Record<string, unknown>>;
}

export type Navigate = (to: To, options?: NavigateOptions) => void;

/**
 * Goes to `to` (a new history entry, or in place of the current one with `replace`), with its state. After a
 * back guard's back has arrived (`whenBackArrived`): a popup just closed takes its entry off with a back, which
 * would otherwise take off the new entry instead and leave the visitor where they were.
 */
export const navigate: Navigate = (to, options) => {
  const href = hrefOf(to);
  whenBackArrived(() => {
    const replace = options?.replace === 'guard' ? guardOnTop() : options?.replace === true;
    history[replace ? 'replaceState' : 'pushState'](options?.state ?? null, '', href);
  });
};

export function useNavigate(): Navigate {
  return navigate;
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  readonly to: To;
  readonly children?: ReactNode;
};

/** A link: a plain click navigates in the app; a modified or non-primary click is left to the browser. */
export function Link({ to, children, onClick, ...anchor }: LinkProps) {
  const href = hrefOf(to);
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey || event.shiftKey || event.button !== 0) return;
    onClick?.(event);
    if (event.defaultPrevented) return;
    event.preventDefault();
    navigate(href);
  };
  return (
    <a href={href} onClick={follow} {...anchor}>
      {children}
    </a>
  );
}

/** Replaces (or pushes) the location once rendered. */
export function Navigate({ to, replace = false }: { readonly to: To; readonly replace?: boolean }) {
  // Once, when it first commits, as a redirect (a re-render with another target does not navigate again).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the target of the first render is the redirect
  useLayoutEffect(() => navigate(to, { replace }), []);
  return null;
}
