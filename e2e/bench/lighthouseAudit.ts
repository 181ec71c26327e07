import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import type { Throttling } from './benchRoutes';

/** One Lighthouse audit of a page, reduced to what the web bench reports (metrics, scripts, the LCP element). */

interface NetworkItem {
  url: string;
  resourceType?: string;
  transferSize?: number;
  resourceSize?: number;
}

export interface PageResult {
  scores: Record<string, number>;
  lcp: number;
  cls: number;
  tbt: number;
  tti: number;
  fcp: number;
  jsTransfer: number;
  scripts: string[];
  /** What Lighthouse took as the largest contentful paint, and the layout shifts' elements. */
  lcpElement: string;
}

/** The first node snippet in an audit's details (Lighthouse nests them in tables and lists). */
function firstSnippet(details: unknown): string {
  if (details === null || typeof details !== 'object') return '';
  // Lighthouse 13's insights list the element itself, `{ type: 'node', snippet }`; older audits nest it as `node`.
  const { type, snippet, node } = details as { type?: string; snippet?: string; node?: { snippet?: string } };
  if (type === 'node' && typeof snippet === 'string') return snippet;
  if (typeof node?.snippet === 'string') return node.snippet;
  for (const value of Object.values(details)) {
    const found = Array.isArray(value) ? value.map(firstSnippet).find((s) => s !== '') : firstSnippet(value);
    if (found) return found;
  }
  return '';
}

/** A script's gzip size (level 9), read from the build it was served from: what a compressing host sends. */
function gzipSize(webRoot: string, pathname: string): number {
  return gzipSync(readFileSync(join(webRoot, pathname)), { level: 9 }).length;
}

/** One Lighthouse run; a run Lighthouse itself could not record (NO_NAVSTART on a busy machine) is retried once. */
export async function audit(
  url: string,
  port: number,
  webRoot: string,
  throttling: Throttling,
  keepAs?: string,
): Promise<PageResult> {
  try {
    return await auditOnce(url, port, webRoot, throttling, keepAs);
  } catch (error) {
    console.log(`  ${error instanceof Error ? error.message : String(error)}; once more`);
    return auditOnce(url, port, webRoot, throttling, keepAs);
  }
}

async function auditOnce(
  url: string,
  port: number,
  webRoot: string,
  throttling: Throttling,
  keepAs?: string,
): Promise<PageResult> {
  const result = await lighthouse(url, {
    port,
    throttlingMethod: throttling,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    // Every route is a visitor's first visit: Lighthouse's default keeps the origin's local storage, cookies
    // and IndexedDB, so a route audited after a sign-in (the pay links) would start signed in.
    clearStorageTypes: ['all'],
  });
  if (!result) throw new Error(`lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
  if (keepAs !== undefined) writeFileSync(keepAs, JSON.stringify(lhr));
  seen ??= `Lighthouse ${lhr.lighthouseVersion}, ${settingsOf(lhr.configSettings)}`;
  const scores: Record<string, number> = {};
  for (const [id, category] of Object.entries(lhr.categories)) scores[id] = category.score ?? 0;
  const items = (
    (lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? []
  ).filter((item) => item.resourceType === 'Script');
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    scores,
    lcp: metric('largest-contentful-paint'),
    cls: metric('cumulative-layout-shift'),
    tbt: metric('total-blocking-time'),
    // Not in the score since Lighthouse 10, still computed (the report's JSON).
    tti: metric('interactive'),
    fcp: metric('first-contentful-paint'),
    // The page's own scripts at their gzip size; another host's (a social SDK on /login) as transferred.
    jsTransfer: items.reduce(
      (sum, item) =>
        sum +
        (new URL(item.url).origin === new URL(url).origin
          ? gzipSize(webRoot, new URL(item.url).pathname)
          : (item.transferSize ?? 0)),
      0,
    ),
    scripts: items.map((item) => new URL(item.url).pathname),
    // Lighthouse 13 names the element in its LCP breakdown insight.
    lcpElement: firstSnippet(lhr.audits['lcp-breakdown-insight']?.details).slice(0, 120),
  };
}

/** The Lighthouse and the settings it measured with, as it reports them (the first audit's). */
let seen: string | undefined;
export function lighthouseSeen(): string {
  return seen ?? 'Lighthouse: no settings reported';
}

function settingsOf(settings: {
  formFactor?: string;
  throttlingMethod?: string;
  throttling?: {
    rttMs?: number;
    throughputKbps?: number;
    requestLatencyMs?: number;
    downloadThroughputKbps?: number;
    cpuSlowdownMultiplier?: number;
  };
  screenEmulation?: { width?: number; height?: number; deviceScaleFactor?: number; mobile?: boolean };
}): string {
  const t = settings.throttling ?? {};
  const screen = settings.screenEmulation ?? {};
  // Applied throttling (devtools) slows the real load by its own figures; simulation uses the others.
  const network =
    settings.throttlingMethod === 'devtools'
      ? `latency ${t.requestLatencyMs} ms, ${t.downloadThroughputKbps} kbps`
      : `RTT ${t.rttMs} ms, ${t.throughputKbps} kbps`;
  return `${settings.formFactor}, throttling ${settings.throttlingMethod} (${network}, CPU ${t.cpuSlowdownMultiplier}×), screen ${screen.width}×${screen.height} @${screen.deviceScaleFactor}`;
}
