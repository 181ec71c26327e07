import type { Reporter } from '../defaults';
import { type Io, UsageError } from '../io';
import { readTextFile } from '../readText';
import { verdictLine } from '../report/pretty';
import type { RunReport, ScenarioReport } from '../report/types';
import { type Comparison, type InvalidFile, totalsOf, verdictOf, withInvalidFiles } from '../report/types';
import { diffShapes } from '../scenario/shape';
import { checkOutputFile, writeOutputFile } from '../writeText';
import { count } from './catalogue';
import { exitCodeOf, render } from './runReport';

/** A shard report's largest size: answers are capped at 4 MiB each, so a larger file is no report of ours. */
const MAX_REPORT_BYTES = 256 * 1024 * 1024;

function readReport(file: string): RunReport {
  let text: string;
  try {
    // A device or FIFO (/dev/zero) is refused, never read without end.
    text = readTextFile(file, MAX_REPORT_BYTES);
  } catch (error) {
    throw new UsageError(`${file}: cannot read it: ${(error as Error).message}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
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
 * Whether the reports are the shards of one run, each once: every report carries its shard i/n and the
 * fingerprint of the selection it was cut from. Answers one sentence per problem (a missing or repeated
 * shard, a report of another selection or of edited scenario files).
 */
export function shardProblems(files: readonly string[], reports: readonly RunReport[]): string[] {
  const problems: string[] = [];
  const withShard = reports.flatMap((report, i) => {
    const file = files[i] ?? `report ${i + 1}`;
    if (report.shard === undefined) {
      problems.push(`${file} carries no shard number (written by an older topup); run the shards again`);
      return [];
    }
    return [{ file, shard: report.shard }];
  });
  const first = withShard[0];
  if (first === undefined) return problems;
  for (const { file, shard } of withShard) {
    if (shard.fingerprint === first.shard.fingerprint && shard.total !== first.shard.total)
      problems.push(
        `${file} is shard ${shard.index}/${shard.total}, but ${first.file} is shard ${first.shard.index}/${first.shard.total}: the shard counts differ (${shard.total} and ${first.shard.total}); run every shard with the same --shard i/n`,
      );
    else if (shard.fingerprint !== first.shard.fingerprint)
      problems.push(
        `${file} is shard ${shard.index}/${shard.total} of another selection (fingerprint ${shard.fingerprint}, not ${first.shard.fingerprint} as in ${first.file}): the shards were run with other options or other scenario files`,
      );
  }
  const total = first.shard.total;
  for (let index = 1; index <= total; index += 1) {
    const holders = withShard.filter(
      (r) =>
        r.shard.index === index && r.shard.total === total && r.shard.fingerprint === first.shard.fingerprint,
    );
    if (holders.length === 0) problems.push(`shard ${index}/${total} is missing from the merge`);
    if (holders.length > 1)
      problems.push(
        `shard ${index}/${total} is merged ${holders.length} times (${holders.map((h) => h.file).join(', ')}); give each shard's report once`,
      );
  }
  // A missing or foreign shard already explains scenarios missing by count; names are checked still.
  const selected = problems.length === 0 ? first.shard.scenarios : 0;
  return [...problems, ...missingScenarios(files, reports, selected)];
}

/**
 * Scenarios of the selection that no report holds (one deleted from a shard's report, a report cut short):
 * by name where the reports list their shard's scenarios, and by count against the selection's size.
 */
function missingScenarios(
  files: readonly string[],
  reports: readonly RunReport[],
  selected: number,
): string[] {
  const problems: string[] = [];
  const held = (r: RunReport) => new Set([...r.scenarios.map((s) => s.name), ...(r.notRunScenarios ?? [])]);
  for (const [i, report] of reports.entries()) {
    const names = report.shard?.names;
    if (names === undefined) continue;
    const has = held(report);
    const lacking = names.filter((name) => !has.has(name));
    if (lacking.length > 0)
      problems.push(
        `${files[i] ?? `report ${i + 1}`} (shard ${report.shard?.index}/${report.shard?.total}) lacks ${count(lacking.length, 'scenario')} its shard selected: ${lacking.join(', ')}`,
      );
  }
  problems.push(...foreignScenarios(files, reports));
  const all = new Set(reports.flatMap((r) => [...held(r)]));
  if (problems.length === 0 && all.size < selected)
    problems.push(
      `the reports hold ${all.size} of the selection's ${count(selected, 'scenario')}: ${count(selected - all.size, 'scenario')} missing from the merge`,
    );
  return problems;
}

/**
 * Scenarios a report holds that its shard did not select (a copy from another shard), and scenarios held by
 * the reports of more than one shard: each would count twice in the merge.
 */
function foreignScenarios(files: readonly string[], reports: readonly RunReport[]): string[] {
  const problems: string[] = [];
  const shards = new Map<string, Map<number, string>>();
  for (const [i, report] of reports.entries()) {
    const file = files[i] ?? `report ${i + 1}`;
    const names = [...new Set(report.scenarios.map((s) => s.name))];
    const selected = report.shard?.names;
    const extra = selected === undefined ? [] : names.filter((name) => !selected.includes(name));
    if (extra.length > 0)
      problems.push(
        `${file} (shard ${report.shard?.index}/${report.shard?.total}) holds ${count(extra.length, 'scenario')} its shard did not select: ${extra.join(', ')}`,
      );
    for (const name of names) {
      const held = shards.get(name) ?? new Map<number, string>();
      if (!held.has(report.shard?.index ?? i + 1)) held.set(report.shard?.index ?? i + 1, file);
      shards.set(name, held);
    }
  }
  const twice = [...shards].filter(([, held]) => held.size > 1);
  if (twice.length > 0)
    problems.push(
      `${count(twice.length, 'scenario')} in more than one shard's report: ${twice.map(([name, held]) => `${name} (${[...held.values()].join(', ')})`).join(', ')}; a scenario belongs to one shard`,
    );
  return problems;
}

/**
 * `scenario merge`: shards' JSON reports as one report in any reporter; the exit code judges the whole, and a
 * missing, repeated or foreign shard fails it (the merged report names what is missing).
 */
export function mergeCommand(
  files: readonly string[],
  options: { reporter: Reporter; out?: string },
  io: Io,
): number {
  if (options.out !== undefined) checkOutputFile('--out', options.out);
  const reports = files.map(readReport);
  const problems = shardProblems(files, reports);
  // Shards of an empty selection merge into a green run of nothing: a merge of no scenario fails.
  if (reports.every((r) => r.scenarios.length === 0))
    problems.push(`no scenarios in ${count(files.length, 'report')}: nothing was run`);
  for (const problem of problems) io.err(`topup: ${problem}\n`);
  const merged = mergeReports(reports, problems);
  const text = render(merged, options.reporter, io.colour && options.out === undefined);
  if (options.out === undefined) io.out(text);
  else {
    writeOutputFile('--out', options.out, text);
    io.err(`wrote ${options.out} (${merged.scenarios.length} scenarios from ${files.length} reports)\n`);
    io.out(verdictLine(merged, io.colour));
  }
  return exitCodeOf(merged);
}

/**
 * Skipped by design: a write a real backend may not take (it never fails a run by itself), or, with
 * `--allow-skipped`, a scenario whose every step was skipped (control steps on a real backend).
 */
const skippedByDesign = (s: ScenarioReport, allowSkipped: boolean): boolean =>
  s.status === 'skipped' && (s.writeGated !== undefined || allowSkipped);

/**
 * Where two runs of the same scenarios differ: status, result codes, data shapes, room frames. A scenario
 * skipped by design on one side is no difference: it is listed as not compared.
 */
export function compareRuns(
  a: RunReport,
  b: RunReport,
  allowSkipped = false,
): Pick<Comparison, 'differences' | 'notCompared'> {
  const out: string[] = [];
  const notCompared: string[] = [];
  for (const [i, sa] of a.scenarios.entries()) {
    const sb = b.scenarios[i];
    if (sb === undefined) continue;
    if (sa.status !== sb.status) {
      const side = skippedByDesign(sb, allowSkipped) ? b : skippedByDesign(sa, allowSkipped) ? a : undefined;
      if (side !== undefined) {
        notCompared.push(`${sa.name} (skipped by design against ${side.target})`);
        continue;
      }
      out.push(`${sa.name}: ${sa.status} vs ${sb.status}`);
    }
    for (const [j, stepA] of sa.steps.entries()) {
      const stepB = sb.steps[j];
      if (stepB === undefined || stepA.status === 'skipped' || stepB.status === 'skipped') continue;
      const at = `${sa.name} step ${stepA.index} (${stepA.label})`;
      if (stepA.result !== stepB.result) out.push(`${at}: result ${stepA.result} vs ${stepB.result}`);
      const oa = stepA.observed as
        | { shape?: unknown; sn?: number; refreshes?: number; keys?: string[] }
        | undefined;
      const ob = stepB.observed as typeof oa;
      if (oa?.shape !== undefined && ob?.shape !== undefined) {
        for (const d of diffShapes(oa.shape, ob.shape)) out.push(`${at}: ${d}`);
      }
      if (oa?.keys !== undefined && ob?.keys !== undefined && oa.keys.join() !== ob.keys.join()) {
        out.push(`${at}: room table keys [${oa.keys.join(', ')}] vs [${ob.keys.join(', ')}]`);
      }
      if (oa?.refreshes !== undefined && oa.refreshes !== ob?.refreshes) {
        out.push(`${at}: full refreshes ${oa.refreshes} vs ${ob?.refreshes}`);
      }
    }
  }
  return { differences: out, ...(notCompared.length === 0 ? {} : { notCompared }) };
}

/** `scenario merge`: JSON reports of shards (or repeated runs) as one report. */
export function mergeReports(reports: readonly RunReport[], problems: readonly string[] = []): RunReport {
  const scenarios = reports.flatMap((r) => r.scenarios);
  const invalid = new Map<string, InvalidFile>();
  for (const r of reports) for (const f of r.invalidFiles ?? []) invalid.set(f.file, f);
  const targets = [...new Set(reports.map((r) => r.target))];
  const base = withInvalidFiles(
    {
      kind: 'scenarios' as const,
      target: targets.join(', '),
      startedAt: reports.map((r) => r.startedAt).sort()[0] ?? new Date().toISOString(),
      ms: Math.max(0, ...reports.map((r) => r.ms)),
      scenarios,
      totals: { scenarios: totalsOf(scenarios), steps: totalsOf(scenarios.flatMap((s) => s.steps)) },
      ...(reports.some((r) => r.interrupted === true) ? { interrupted: true } : {}),
      shards: reports.map((r) => (r.shard === undefined ? '?' : `${r.shard.index}/${r.shard.total}`)),
      ...(reports.every((r) => r.allowSkipped === true) ? { allowSkipped: true } : {}),
      notRun: [...reports.flatMap((r) => r.notRun ?? []), ...problems],
      ...(reports.some((r) => (r.notRunScenarios?.length ?? 0) > 0)
        ? { notRunScenarios: reports.flatMap((r) => r.notRunScenarios ?? []) }
        : {}),
    },
    [...invalid.values()],
  );
  const comparisons = reports.map((r) => r.comparison).filter((c): c is Comparison => c !== undefined);
  const merged =
    comparisons.length === 0
      ? base
      : {
          ...base,
          comparison: {
            against: [...new Set(comparisons.map((c) => c.against))].join(', '),
            differences: comparisons.flatMap((c) => c.differences),
            failed: comparisons.flatMap((c) => c.failed),
            totals: {
              passed: comparisons.reduce((n, c) => n + c.totals.passed, 0),
              failed: comparisons.reduce((n, c) => n + c.totals.failed, 0),
              skipped: comparisons.reduce((n, c) => n + c.totals.skipped, 0),
            },
          },
        };
  return { ...merged, passed: verdictOf(merged) };
}
