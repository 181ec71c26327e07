import { FIRST_SCREEN, TARGETS } from './benchRoutes';
import type { PageResult } from './lighthouseAudit';

/** The bench's verdict: each route's medians beside the bare page's, the targets it misses, the Markdown table. */

export const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

export interface Row {
  readonly name: string;
  readonly path: string;
  readonly perf: number;
  readonly lcp: number;
  readonly lcpRatio: number;
  readonly tti: number;
  readonly ttiRatio: number;
  readonly tbt: number;
  readonly cls: number;
  readonly js: number;
  readonly misses: readonly string[];
}

/** One route's medians beside the bare page's, and which targets it misses. */
export function rowOf(
  name: string,
  path: string,
  runs: readonly PageResult[],
  bare: readonly PageResult[],
): Row {
  const med = (pick: (r: PageResult) => number) => median(runs.map(pick));
  const lcp = med((r) => r.lcp);
  const tti = med((r) => r.tti);
  const cls = med((r) => r.cls);
  const js = med((r) => r.jsTransfer);
  const lcpRatio = lcp / median(bare.map((r) => r.lcp));
  const ttiRatio = tti / median(bare.map((r) => r.tti));
  const misses: string[] = [];
  if (name !== 'bare') {
    if (!(lcpRatio <= TARGETS.lcpRatio))
      misses.push(`LCP ${lcpRatio.toFixed(2)}× bare > ${TARGETS.lcpRatio}`);
    if (!(ttiRatio <= TARGETS.ttiRatio))
      misses.push(`TTI ${ttiRatio.toFixed(2)}× bare > ${TARGETS.ttiRatio}`);
    if (!(cls <= TARGETS.cls)) misses.push(`CLS ${cls.toFixed(3)} > 0`);
    if (path === FIRST_SCREEN && !(js / 1024 <= TARGETS.firstLoadKiB))
      misses.push(`first-load JS ${(js / 1024).toFixed(1)} KiB > ${TARGETS.firstLoadKiB}`);
  }
  return {
    name,
    path,
    perf: med((r) => r.scores.performance ?? 0),
    lcp,
    lcpRatio,
    tti,
    ttiRatio,
    tbt: med((r) => r.tbt),
    cls,
    js,
    misses,
  };
}

/** The issue's table, as Markdown (it is what README shows). */
export function table(rows: readonly Row[]): string {
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const lines = [
    '| route | LCP | LCP / bare | TTI | TTI / bare | TBT | CLS | perf | JS KiB gzip | |',
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const row of rows) {
    const bare = row.name === 'bare';
    lines.push(
      `| ${bare ? 'bare React page' : `\`${row.path}\``} | ${s(row.lcp)} | ${row.lcpRatio.toFixed(2)} | ${s(row.tti)} | ${row.ttiRatio.toFixed(2)} | ${row.tbt.toFixed(0)} ms | ${row.cls.toFixed(3)} | ${row.perf.toFixed(2)} | ${(row.js / 1024).toFixed(1)} | ${bare ? '' : row.misses.length === 0 ? 'PASS' : `MISS: ${row.misses.join('; ')}`} |`,
    );
  }
  return lines.join('\n');
}
