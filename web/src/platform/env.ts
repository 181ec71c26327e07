import { ApiBaseSchema } from '@topup/contracts/storage';
import { type TrustConfig, trustedApiBase } from '../security/policy';
import { trustConfig } from '../security/trust';
import { isDebugArg, type UrlArgs } from './urlArgs';

/**
 * Build facts (SPEC §9): version 1.0.333 (the flavor, ksa, and the mode, which only the lazy test page
 * shows, are in buildDetails.ts). (The language, ar, is the page's own: index.html, main.tsx and the
 * x-cli-lang header say it.)
 */
export const BUILD = Object.freeze({ version: '1.0.333' });

/** The terms of service, a static document reached by full-page redirect (SPEC §2; privacy: privacy.ts). */
export const TERMS_URL = 'https://help.provider.example/terms-of-service.html';

/**
 * The x-cli-pn package name by page host: five variants, ksa by default (SPEC §7). A variant is named by a
 * whole label of the host followed by another (`ludo.` at the start or `.ludo.` inside), tried in this order.
 */
const PACKAGES = ['ludo', 'live', 'are', 'okey'] as const;

export function packageNameOf(host: string): string {
  return PACKAGES.find((name) => `.${host}`.includes(`.${name}.`)) ?? 'ksa';
}

/**
 * The API base (SPEC §6): the api_base arg in debug mode, else the last base that worked, else
 * the page's own origin (''). The api_base arg is read only by a development or test build (`vite`,
 * `vitest`: import.meta.env.DEV): in a production build a link could otherwise send the visitor's session
 * key to any host it names. A stored base (a backup host start-up moved to) is honoured
 * only when the trusted-host policy allows it, checked again on every read: storage is as hostile as a link.
 */
export function apiBaseOf(
  args: UrlArgs,
  lastBase: string | undefined,
  pageHref: string = location.href,
  config: TrustConfig = trustConfig,
): string {
  if (config.dev && isDebugArg(args) && args.api_base !== undefined) {
    const parsed = ApiBaseSchema.safeParse(args.api_base);
    const base = parsed.success ? trustedApiBase(parsed.data, pageHref, config) : undefined;
    if (base !== undefined) return base;
  }
  if (lastBase === undefined) return '';
  return trustedApiBase(lastBase, pageHref, { ...config, dev: false }) ?? '';
}

/** Page update check (SPEC §4): website_version without dots, as an integer, above the running one. */
export function versionNumber(version: string): number {
  const digits = version.replace(/\./g, '');
  return /^\d+$/.test(digits) ? Number(digits) : 0;
}

export function isNewerVersion(configured: string, running: string = BUILD.version): boolean {
  return versionNumber(configured) > versionNumber(running);
}

/** The URL to reload with: the same page with a fresh dt argument. */
export function reloadUrlWithDt(href: string, now: number): string {
  const url = new URL(href);
  url.searchParams.set('dt', String(now));
  return url.toString();
}
