import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ExitCode, type Io, UsageError } from '../io';
import { SCHEMA_FILE } from '../paths';
import { scenariosToJUnit } from '../report/junit';
import { maskDeep, maskSecrets } from '../report/mask';
import { formatPretty, PrettyProgress } from '../report/pretty';
import type { RunReport } from '../report/types';
import type { FixtureSource } from '../scenario/fixtures';
import { loadFixturesFile } from '../scenario/fixturesFile';
import { type LoadedScenario, loadScenarioDir } from '../scenario/load';
import { runScenarios } from '../scenario/run';
import { scenarioJsonSchema } from '../scenario/schema';
import { diffShapes } from '../scenario/shape';
import { probeTarget, type Target } from '../scenario/target';
import { type StartedMock, startMock } from './mockServer';

export type Reporter = 'pretty' | 'json' | 'junit';
export const REPORTERS: readonly Reporter[] = ['pretty', 'json', 'junit'];

export interface RunCommandOptions {
  readonly dir: string;
  readonly names: readonly string[];
  readonly tags: readonly string[];
  readonly all: boolean;
  readonly target: string;
  readonly fixtures?: string;
  readonly reporter: Reporter;
  readonly out?: string;
  readonly concurrency: number;
  readonly compare?: string;
  readonly roomUrl?: string;
  readonly timeoutMs: number;
}

/** The scenarios asked for: by name, by tag, or all; an unknown name is refused with the valid ones. */
export function selectScenarios(
  all: readonly LoadedScenario[],
  names: readonly string[],
  tags: readonly string[],
  every: boolean,
): LoadedScenario[] {
  if (!every && names.length === 0 && tags.length === 0) {
    throw new UsageError('name scenarios, or give --tag or --all (see: topup scenario list)');
  }
  const known = new Set(all.map((s) => s.scenario.name));
  const unknown = names.filter((n) => !known.has(n));
  if (unknown.length > 0) {
    throw new UsageError(`unknown scenario ${unknown.join(', ')}; valid scenarios: ${[...known].join(', ')}`);
  }
  const knownTags = new Set(all.flatMap((s) => s.scenario.tags));
  const unknownTags = tags.filter((t) => !knownTags.has(t));
  if (unknownTags.length > 0) {
    throw new UsageError(
      `unknown tag ${unknownTags.join(', ')}; valid tags: ${[...knownTags].sort().join(', ')}`,
    );
  }
  return all.filter(
    (s) => every || names.includes(s.scenario.name) || s.scenario.tags.some((t) => tags.includes(t)),
  );
}

export function listScenarios(dir: string, tags: readonly string[], io: Io): number {
  const all = loadScenarioDir(dir);
  const shown = tags.length === 0 ? all : all.filter((s) => s.scenario.tags.some((t) => tags.includes(t)));
  const width = Math.max(...shown.map((s) => s.scenario.name.length), 4) + 2;
  for (const { scenario } of shown) {
    const tags = scenario.tags.length > 0 ? `  [${scenario.tags.join(', ')}]` : '';
    io.out(maskSecrets(`${scenario.name.padEnd(width)}${scenario.description}${tags}\n`));
  }
  io.out(`\n${shown.length} scenarios in ${dir}\n`);
  return ExitCode.ok;
}

export function printSchema(dir: string, write: boolean, io: Io): number {
  const text = `${JSON.stringify(scenarioJsonSchema(), null, 2)}\n`;
  if (write) {
    const file = join(dir, SCHEMA_FILE);
    writeFileSync(file, text);
    io.err(`wrote ${file}\n`);
  } else io.out(text);
  return ExitCode.ok;
}

interface Targets {
  readonly targets: Target[];
  readonly fixtures: FixtureSource;
  close(): Promise<void>;
}

/** `mock` starts one mock per concurrent worker, so that each scenario gets a fresh world of its own. */
async function openTargets(spec: string, options: RunCommandOptions, io: Io): Promise<Targets> {
  const fileSource = (): FixtureSource | undefined => {
    if (options.fixtures === undefined) return undefined;
    return { kind: 'file', file: options.fixtures, values: loadFixturesFile(options.fixtures).fixtures };
  };
  if (spec === 'mock') {
    const mocks: StartedMock[] = [];
    for (let i = 0; i < options.concurrency; i += 1) mocks.push(await startMock());
    return {
      targets: mocks.map((m) => m.target),
      fixtures: fileSource() ?? { kind: 'catalogue' },
      close: async () => {
        await Promise.all(mocks.map((m) => m.close()));
      },
    };
  }
  let url: URL;
  try {
    url = new URL(spec);
  } catch {
    throw new UsageError(`--target takes mock or a base URL such as https://api.example.com, not ${spec}`);
  }
  const target = await probeTarget(url.toString(), options.roomUrl);
  const fixtures =
    fileSource() ??
    (target.mock
      ? { kind: 'catalogue' as const }
      : { kind: 'file' as const, file: '(no --fixtures file)', values: {} });
  if (target.mock && options.concurrency > 1) {
    io.err(
      'note: the target is a mock with its control API; each scenario resets it, so they run one at a time\n',
    );
    return { targets: [target], fixtures, close: async () => {} };
  }
  return {
    targets: Array.from({ length: options.concurrency }, () => target),
    fixtures,
    close: async () => {},
  };
}

async function runAgainst(
  spec: string,
  scenarios: LoadedScenario[],
  options: RunCommandOptions,
  io: Io,
  live: boolean,
): Promise<RunReport> {
  const opened = await openTargets(spec, options, io);
  const progress =
    live && options.reporter === 'pretty' && options.out === undefined
      ? new PrettyProgress(scenarios.length, io.out, { colour: io.colour, tty: io.isTTY })
      : undefined;
  try {
    const report = await runScenarios(scenarios, opened.targets, {
      fixtures: opened.fixtures,
      timeoutMs: options.timeoutMs,
      ...(progress === undefined
        ? {}
        : { onStep: (s, step) => progress.step(s, step), onScenario: (r) => progress.scenario(r) }),
    });
    progress?.finish({ ...report, target: spec === 'mock' ? `mock (${report.target})` : report.target });
    return report;
  } finally {
    await opened.close();
  }
}

function render(report: RunReport, reporter: Reporter, colour: boolean): string {
  if (reporter === 'json') return `${JSON.stringify(maskDeep(report), null, 2)}\n`;
  if (reporter === 'junit') return scenariosToJUnit(report);
  return formatPretty(report, { colour });
}

export async function runScenarioCommand(options: RunCommandOptions, io: Io): Promise<number> {
  if (!Number.isInteger(options.concurrency) || options.concurrency < 1 || options.concurrency > 32) {
    throw new UsageError('--concurrency takes 1 to 32');
  }
  const scenarios = selectScenarios(loadScenarioDir(options.dir), options.names, options.tags, options.all);
  const first = await runAgainst(options.target, scenarios, options, io, options.compare === undefined);
  let code: number = first.totals.scenarios.failed > 0 ? ExitCode.failed : ExitCode.ok;
  if (options.compare !== undefined) {
    const second = await runAgainst(options.compare, scenarios, options, io, false);
    const differences = compareRuns(first, second);
    io.out(`Comparing ${options.target} with ${options.compare}:\n`);
    io.out(
      differences.length === 0 ? '  no differences\n' : `${differences.map((d) => `  ${d}`).join('\n')}\n`,
    );
    if (differences.length > 0 || second.totals.scenarios.failed > 0) code = ExitCode.failed;
  }
  const text = render(first, options.reporter, io.colour && options.out === undefined);
  if (options.out !== undefined) {
    mkdirSync(dirname(options.out), { recursive: true });
    writeFileSync(options.out, options.reporter === 'pretty' ? render(first, 'pretty', false) : text);
    io.err(`wrote ${options.out}\n`);
  } else if (options.reporter !== 'pretty' || options.compare !== undefined) io.out(text);
  return code;
}

/** Where two runs of the same scenarios differ: status, result codes, data shapes, room frames. */
export function compareRuns(a: RunReport, b: RunReport): string[] {
  const out: string[] = [];
  for (const [i, sa] of a.scenarios.entries()) {
    const sb = b.scenarios[i];
    if (sb === undefined) continue;
    if (sa.status !== sb.status) out.push(`${sa.name}: ${sa.status} vs ${sb.status}`);
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
  return out;
}
