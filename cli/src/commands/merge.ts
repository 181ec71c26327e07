import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { type Io, UsageError } from '../io';
import type { RunReport } from '../report/types';
import { exitCodeOf, mergeReports, type Reporter, render } from './scenario';

function readReport(file: string): RunReport {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new UsageError(`${file}: not a JSON report (${(error as Error).message})`);
  }
  const report = parsed as Partial<RunReport>;
  if (report.kind !== 'scenarios' || !Array.isArray(report.scenarios) || typeof report.passed !== 'boolean') {
    throw new UsageError(`${file}: not a scenario run report (write one with --reporter json --out <file>)`);
  }
  return report as RunReport;
}

/**
 * Scenarios found in more than one report: shards are disjoint, so an overlap is a report merged twice (or a
 * re-run beside its first run), and the totals count such a scenario each time. Repeats inside one report
 * (`--repeat-each`) are not overlaps.
 */
export function overlapsOf(files: readonly string[], reports: readonly RunReport[]): string[] {
  const seenIn = new Map<string, Set<number>>();
  reports.forEach((report, i) => {
    for (const scenario of report.scenarios) {
      const key = `${scenario.name} (${scenario.file})`;
      const where = seenIn.get(key) ?? new Set<number>();
      where.add(i);
      seenIn.set(key, where);
    }
  });
  return [...seenIn.entries()]
    .filter(([, where]) => where.size > 1)
    .map(([key, where]) => `${key} in ${[...where].map((i) => files[i] ?? `report ${i + 1}`).join(', ')}`);
}

/** `scenario merge`: shards' JSON reports as one report in any reporter; the exit code judges the whole. */
export function mergeCommand(
  files: readonly string[],
  options: { reporter: Reporter; out?: string },
  io: Io,
): number {
  const reports = files.map(readReport);
  const overlaps = overlapsOf(files, reports);
  if (overlaps.length > 0) {
    const shown = overlaps.slice(0, 5).join('; ');
    const more = overlaps.length > 5 ? `; and ${overlaps.length - 5} more` : '';
    io.err(
      `warning: ${overlaps.length} scenario${overlaps.length === 1 ? '' : 's'} appear${overlaps.length === 1 ? 's' : ''} in more than one report, counted each time: ${shown}${more} (merge each shard's report once)\n`,
    );
  }
  const merged = mergeReports(reports);
  const text = render(merged, options.reporter, io.colour && options.out === undefined);
  if (options.out === undefined) io.out(text);
  else {
    mkdirSync(dirname(options.out), { recursive: true });
    writeFileSync(options.out, text);
    io.err(`wrote ${options.out} (${merged.scenarios.length} scenarios from ${files.length} reports)\n`);
  }
  return exitCodeOf(merged);
}
