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

/** `scenario merge`: shards' JSON reports as one report in any reporter; the exit code judges the whole. */
export function mergeCommand(
  files: readonly string[],
  options: { reporter: Reporter; out?: string },
  io: Io,
): number {
  const merged = mergeReports(files.map(readReport));
  const text = render(merged, options.reporter, io.colour && options.out === undefined);
  if (options.out === undefined) io.out(text);
  else {
    mkdirSync(dirname(options.out), { recursive: true });
    writeFileSync(options.out, text);
    io.err(`wrote ${options.out} (${merged.scenarios.length} scenarios from ${files.length} reports)\n`);
  }
  return exitCodeOf(merged);
}
