import { randomUUID } from 'node:crypto';
import { type CallName, RoomId } from '@topup/contracts';
import { sendJson } from '../http/client';
import { stopOf } from '../interrupt';
import { curlOf } from '../report/curl';
import { type RunReport, type ScenarioReport, type StepReport, totalsOf, verdictOf } from '../report/types';
import { type FixtureSource, MissingFixturesError, resolveFixtures } from './fixtures';
import type { LoadedScenario } from './load';
import { roomStartSn } from './plainSteps';
import { type ReferenceScope, resolveReferences } from './references';
import { failedAttemptOf, notRetryableOf } from './retryable';
import { type InnerStep, kindOf, type Step } from './schema';
import { runStep } from './steps';
import { interruptedReason, isInterrupted, type StepContext } from './stepTypes';
import type { Target } from './target';
import { firstUnsafeWrite, unsafeWriteReason } from './writeGate';

export interface RunOptions {
  readonly fixtures: FixtureSource;
  readonly timeoutMs: number;
  /** Called as each step finishes and as each scenario finishes, for progress output. */
  readonly onStep?: (scenario: string, step: StepReport) => void;
  readonly onScenario?: (report: ScenarioReport) => void;
  /** Aborted on Ctrl-C: the running scenarios stop at their next step and are marked interrupted. */
  readonly signal?: AbortSignal;
  /** Runs of a failing scenario after the first; one that passes on a retry is reported flaky. */
  readonly retries?: number;
  /** Runs each scenario this many times (each run reported apart). */
  readonly repeatEach?: number;
  /** The writes a real backend may be sent (the fixtures file's safeWrites); the mock takes every call. */
  readonly safeWrites?: readonly CallName[];
}

/** A step's label for reports, its `${…}` references resolved where they can be (else left as written). */
export function stepLabel(step: Step | InnerStep, scope?: ReferenceScope): string {
  const label = rawLabel(step);
  if (scope === undefined || !label.includes('${')) return label;
  try {
    return String(resolveReferences(label, scope));
  } catch {
    return label;
  }
}

function rawLabel(step: Step | InnerStep): string {
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
  if (reset.networkError !== undefined) return `the mock did not answer: ${reset.networkError}`;
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
    const interrupted = options.signal?.aborted === true && steps.some((s) => isInterrupted(s.skipReason));
    const report: ScenarioReport = {
      ...base,
      status: interrupted ? 'failed' : status,
      ms: Math.round(performance.now() - started),
      steps,
      ...(error === undefined ? {} : { error }),
      ...(interrupted ? { interrupted: true, error: 'interrupted before it finished' } : {}),
    };
    return report;
  };

  let fixtures: Record<string, Record<string, unknown>>;
  try {
    fixtures = resolveFixtures(scenario.name, scenario.fixtures, options.fixtures);
  } catch (error) {
    if (error instanceof MissingFixturesError) return finish([], error.message);
    throw error;
  }
  const fixturesFile = options.fixtures.kind === 'file' ? options.fixtures.file : undefined;
  // A scenario that writes what a real backend may not take is not sent at all, not even its reads (its
  // fixtures are asked for first: a scenario missing them fails as it did).
  const write = target.mock ? undefined : firstUnsafeWrite(scenario.steps, options.safeWrites ?? []);
  if (write !== undefined) {
    const reason = `not sent: step ${write.index}'s ${unsafeWriteReason(write.call, fixturesFile)}`;
    const steps = scenario.steps.map((step, i): StepReport => {
      const index = String(i + 1);
      const own = write.index === index || write.index.startsWith(`${index}.`);
      const skipReason = own ? reason : `not sent: step ${write.index} (${write.call}) is a write`;
      return {
        index,
        label: stepLabel(step),
        kind: kindOf(step),
        status: 'skipped',
        ms: 0,
        failures: [],
        skipReason,
      };
    });
    for (const step of steps) options.onStep?.(scenario.name, step);
    return { ...finish(steps), writeGated: reason };
  }
  if (target.mock) {
    const problem = await prepareMock(target, loaded, options.timeoutMs);
    if (problem !== undefined) return finish([], problem);
  }
  const url = new URL(target.baseUrl);
  const ctx: StepContext = {
    target,
    roomStartSn: new Map<string, number>(),
    timeoutMs: options.timeoutMs,
    ...(options.signal === undefined ? {} : { signal: options.signal }),
    ...(options.safeWrites === undefined ? {} : { safeWrites: options.safeWrites }),
    ...(fixturesFile === undefined ? {} : { fixturesFile }),
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
  // The catalogue's rooms are read now, before any step moves them, for `+N` frame numbers.
  if (target.mock) for (const rid of Object.values(RoomId)) await roomStartSn(ctx, String(rid));
  const reports: StepReport[] = [];
  let failedAt: string | undefined;
  for (const [i, step] of scenario.steps.entries()) {
    const index = String(i + 1);
    const label = stepLabel(step, ctx.scope);
    const written = stepLabel(step);
    const common = {
      index,
      label,
      ...(written === label ? {} : { written }),
      kind: kindOf(step),
      ...(step.id === undefined ? {} : { id: step.id }),
    };
    const interrupted = options.signal?.aborted === true;
    if (failedAt !== undefined || interrupted) {
      const report: StepReport = {
        ...common,
        status: 'skipped',
        ms: 0,
        failures: [],
        skipReason: interrupted ? interruptedReason(options.signal) : `after step ${failedAt} failed`,
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
    const exchange = outcome.exchange;
    const report: StepReport = {
      ...common,
      status: outcome.status,
      startMs: Math.round(stepStarted - started),
      ms: Math.round(performance.now() - stepStarted),
      failures: outcome.failures,
      ...(outcome.skipReason === undefined ? {} : { skipReason: outcome.skipReason }),
      ...(outcome.call === undefined ? {} : { call: outcome.call }),
      ...(outcome.result === undefined ? {} : { result: outcome.result }),
      ...(outcome.tries === undefined ? {} : { tries: outcome.tries }),
      ...(outcome.observed === undefined ? {} : { observed: outcome.observed }),
      ...(exchange === undefined ? {} : { request: exchange.request, response: exchange.response }),
      ...(exchange !== undefined && outcome.status === 'failed' ? { curl: curlOf(exchange.request) } : {}),
      ...(outcome.frames === undefined ? {} : { frames: outcome.frames }),
    };
    reports.push(report);
    options.onStep?.(scenario.name, report);
    if (outcome.status === 'failed') failedAt = index;
  }
  return finish(reports);
}

/**
 * One scenario with its retries: the first pass ends it; passing after a failure makes it flaky. Only a
 * timing failure is retried (retryable.ts); each failed attempt's step, expected and got is kept.
 */
async function runWithRetries(
  loaded: LoadedScenario,
  target: Target,
  options: RunOptions,
): Promise<ScenarioReport> {
  const retries = options.retries ?? 0;
  let report = await runScenario(loaded, target, options);
  let attempts = 1;
  const failedAttempts = [];
  let fault = retries > 0 && report.status === 'failed' ? notRetryableOf(report) : undefined;
  while (report.status === 'failed' && attempts <= retries && options.signal?.aborted !== true && !fault) {
    failedAttempts.push(failedAttemptOf(report, attempts));
    attempts += 1;
    report = await runScenario(loaded, target, options);
    fault = report.status === 'failed' ? notRetryableOf(report) : undefined;
  }
  const notRetried = fault === undefined ? {} : { notRetried: fault };
  if (attempts === 1) return { ...report, ...notRetried };
  return {
    ...report,
    attempts,
    failedAttempts,
    ...(report.status === 'passed' ? { flaky: true } : {}),
    ...notRetried,
  };
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
  const repeat = Math.max(1, options.repeatEach ?? 1);
  const jobs = scenarios.flatMap((loaded) =>
    Array.from({ length: repeat }, (_, r) => ({ loaded, repeat: repeat > 1 ? r + 1 : undefined })),
  );
  const reports: (ScenarioReport | undefined)[] = new Array(jobs.length);
  let next = 0;
  const worker = async (target: Target) => {
    while (next < jobs.length && options.signal?.aborted !== true) {
      const index = next;
      next += 1;
      const job = jobs[index];
      if (job === undefined) continue;
      const report = await runWithRetries(job.loaded, target, options);
      reports[index] = job.repeat === undefined ? report : { ...report, repeat: job.repeat };
      options.onScenario?.(reports[index] ?? report);
    }
  };
  await Promise.all(targets.map(worker));
  // Interrupted: the scenarios that never started are named as not run; the report says it was interrupted.
  const finished = reports.filter((r): r is ScenarioReport => r !== undefined);
  const notStarted = [
    ...new Set(jobs.filter((_, i) => reports[i] === undefined).map((j) => j.loaded.scenario.name)),
  ];
  const steps = finished.flatMap((r) => r.steps);
  const report = {
    kind: 'scenarios' as const,
    target: targets[0]?.baseUrl ?? '',
    startedAt,
    ms: Math.round(performance.now() - started),
    scenarios: finished,
    totals: { scenarios: totalsOf(finished), steps: totalsOf(steps) },
    ...(options.signal?.aborted === true ? { interrupted: true, interruptedBy: stopOf(options.signal) } : {}),
    ...(notStarted.length === 0 ? {} : { notRunScenarios: notStarted }),
  };
  return { ...report, passed: verdictOf(report) };
}
