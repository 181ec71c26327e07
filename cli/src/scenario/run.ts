import { randomUUID } from 'node:crypto';
import { sendJson } from '../http/client';
import { type RunReport, type ScenarioReport, type StepReport, totalsOf } from '../report/types';
import { type FixtureSource, MissingFixturesError, resolveFixtures } from './fixtures';
import type { LoadedScenario } from './load';
import { type InnerStep, kindOf, type Step } from './schema';
import { runStep, type StepContext } from './steps';
import type { Target } from './target';

export interface RunOptions {
  readonly fixtures: FixtureSource;
  readonly timeoutMs: number;
  /** Called as each step finishes and as each scenario finishes, for progress output. */
  readonly onStep?: (scenario: string, step: StepReport) => void;
  readonly onScenario?: (report: ScenarioReport) => void;
}

export function stepLabel(step: Step | InnerStep): string {
  if (step.name !== undefined) return step.name;
  const kind = kindOf(step);
  if ('call' in step) return step.call;
  if ('poll' in step) return `poll ${step.poll.call}`;
  if ('control' in step) return `control ${Object.keys(step.control as object)[0] ?? ''}`;
  if ('room' in step) return `room ${String(step.room.rid)}`;
  if ('tokenizeCard' in step) return `tokenizeCard (provider ${step.tokenizeCard.provider})`;
  if ('simulator' in step) return `simulator ${step.simulator.method} ${step.simulator.path}`;
  return kind;
}

/** Puts a mock in the scenario's starting state: a fresh world, then its frozen time if it asks for one. */
async function prepareMock(
  target: Target,
  loaded: LoadedScenario,
  timeoutMs: number,
): Promise<string | undefined> {
  const { mock } = loaded.scenario;
  const reset = await sendJson(
    target.baseUrl,
    'POST',
    '/__mock/reset',
    mock?.seed === undefined ? {} : { seed: mock.seed },
    timeoutMs,
  );
  if (reset.status !== 200)
    return `the mock did not reset (HTTP ${reset.status}${reset.networkError ? `: ${reset.networkError}` : ''})`;
  if (mock?.now !== undefined) {
    const clock = await sendJson(target.baseUrl, 'POST', '/__mock/clock', { set: mock.now }, timeoutMs);
    if (clock.status !== 200) return `the mock's clock could not be set (HTTP ${clock.status})`;
  }
  return undefined;
}

export async function runScenario(
  loaded: LoadedScenario,
  target: Target,
  options: RunOptions,
): Promise<ScenarioReport> {
  const { scenario, file } = loaded;
  const started = performance.now();
  const base = { name: scenario.name, file, description: scenario.description, tags: scenario.tags };
  const finish = (steps: StepReport[], error?: string): ScenarioReport => {
    const status =
      error !== undefined || steps.some((s) => s.status === 'failed')
        ? 'failed'
        : steps.every((s) => s.status === 'skipped')
          ? 'skipped'
          : 'passed';
    const report: ScenarioReport = {
      ...base,
      status,
      ms: Math.round(performance.now() - started),
      steps,
      ...(error === undefined ? {} : { error }),
    };
    options.onScenario?.(report);
    return report;
  };

  let fixtures: Record<string, Record<string, unknown>>;
  try {
    fixtures = resolveFixtures(scenario.name, scenario.fixtures, options.fixtures);
  } catch (error) {
    if (error instanceof MissingFixturesError) return finish([], error.message);
    throw error;
  }
  if (target.mock) {
    const problem = await prepareMock(target, loaded, options.timeoutMs);
    if (problem !== undefined) return finish([], problem);
  }
  const url = new URL(target.baseUrl);
  const ctx: StepContext = {
    target,
    timeoutMs: options.timeoutMs,
    scope: {
      steps: {},
      fixtures,
      vars: scenario.vars,
      run: {
        id: randomUUID(),
        target: target.baseUrl,
        host: url.host,
        hostname: url.hostname,
        origin: url.origin,
        mock: target.mock,
      },
    },
  };
  const reports: StepReport[] = [];
  let failedAt: string | undefined;
  for (const [i, step] of scenario.steps.entries()) {
    const index = String(i + 1);
    const label = stepLabel(step);
    const common = { index, label, kind: kindOf(step), ...(step.id === undefined ? {} : { id: step.id }) };
    if (failedAt !== undefined) {
      const report: StepReport = {
        ...common,
        status: 'skipped',
        ms: 0,
        failures: [],
        skipReason: `after step ${failedAt} failed`,
      };
      reports.push(report);
      options.onStep?.(scenario.name, report);
      continue;
    }
    const stepStarted = performance.now();
    let outcome: Awaited<ReturnType<typeof runStep>>;
    try {
      outcome = await runStep(step, ctx);
    } catch (error) {
      outcome = { status: 'failed', failures: [`the step broke: ${(error as Error).message}`], record: {} };
    }
    if (step.id !== undefined) ctx.scope.steps[step.id] = outcome.record;
    const report: StepReport = {
      ...common,
      status: outcome.status,
      ms: Math.round(performance.now() - stepStarted),
      failures: outcome.failures,
      ...(outcome.skipReason === undefined ? {} : { skipReason: outcome.skipReason }),
      ...(outcome.call === undefined ? {} : { call: outcome.call }),
      ...(outcome.result === undefined ? {} : { result: outcome.result }),
      ...(outcome.tries === undefined ? {} : { tries: outcome.tries }),
      ...(outcome.observed === undefined ? {} : { observed: outcome.observed }),
    };
    reports.push(report);
    options.onStep?.(scenario.name, report);
    if (outcome.status === 'failed') failedAt = index;
  }
  return finish(reports);
}

/**
 * Runs scenarios over a pool of targets, one scenario per target at a time: each target is reset before
 * each scenario, so scenarios never see each other's state. Reports keep the input order.
 */
export async function runScenarios(
  scenarios: readonly LoadedScenario[],
  targets: readonly Target[],
  options: RunOptions,
): Promise<RunReport> {
  const startedAt = new Date().toISOString();
  const started = performance.now();
  const reports: ScenarioReport[] = new Array(scenarios.length);
  let next = 0;
  const worker = async (target: Target) => {
    while (next < scenarios.length) {
      const index = next;
      next += 1;
      const loaded = scenarios[index];
      if (loaded !== undefined) reports[index] = await runScenario(loaded, target, options);
    }
  };
  await Promise.all(targets.map(worker));
  const steps = reports.flatMap((r) => r.steps);
  return {
    kind: 'scenarios',
    target: targets[0]?.baseUrl ?? '',
    startedAt,
    ms: Math.round(performance.now() - started),
    scenarios: reports,
    totals: { scenarios: totalsOf(reports), steps: totalsOf(steps) },
  };
}
