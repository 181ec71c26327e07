/**
 * `npm run bench -w cli`: times the whole scenario catalogue against the mock with --concurrency 4, and the
 * contract check against the mock without its control API, over several runs; prints min, median and max.
 * Runs in-process through the same code as `topup scenario run --all --target mock --concurrency 4` and
 * `topup contract check --target mock`. Usage: tsx bench/bench.ts [runs] (default 5).
 */
import { type StartedMock, startMock } from '../src/commands/mockServer';
import { checkContracts } from '../src/contract/check';
import { MOCK_SAFE_WRITES } from '../src/contract/plan';
import { SCENARIO_DIR } from '../src/paths';
import { CATALOGUE_FIXTURES } from '../src/scenario/fixtures';
import { loadScenarioDir } from '../src/scenario/load';
import { runScenarios } from '../src/scenario/run';

const runs = Number(process.argv[2] ?? 5);
const CONCURRENCY = 4;

interface Sample {
  readonly ms: number;
  readonly ok: boolean;
}

function summary(label: string, samples: readonly Sample[], unit: string): string {
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
  const median =
    sorted.length % 2 === 1
      ? (sorted[(sorted.length - 1) / 2] ?? 0)
      : ((sorted[sorted.length / 2 - 1] ?? 0) + (sorted[sorted.length / 2] ?? 0)) / 2;
  const failed = samples.filter((s) => !s.ok).length;
  return `${label.padEnd(44)} median ${median.toFixed(0).padStart(6)} ms   min ${String(sorted[0]).padStart(6)} ms   max ${String(sorted[sorted.length - 1]).padStart(6)} ms   ${unit}${failed > 0 ? `   (${failed} runs FAILED)` : ''}`;
}

async function timeCatalogue(): Promise<{ sample: Sample; startMs: number }> {
  const scenarios = loadScenarioDir(SCENARIO_DIR);
  const startStarted = performance.now();
  const mocks: StartedMock[] = [];
  for (let i = 0; i < CONCURRENCY; i += 1) mocks.push(await startMock());
  const startMs = Math.round(performance.now() - startStarted);
  try {
    const started = performance.now();
    const report = await runScenarios(
      scenarios,
      mocks.map((m) => m.target),
      { fixtures: { kind: 'catalogue' }, timeoutMs: 10_000 },
    );
    return {
      sample: { ms: Math.round(performance.now() - started), ok: report.totals.scenarios.failed === 0 },
      startMs,
    };
  } finally {
    await Promise.all(mocks.map((m) => m.close()));
  }
}

async function timeContractCheck(mock: StartedMock): Promise<Sample> {
  const started = performance.now();
  const report = await checkContracts(mock.target.baseUrl, {
    fixtures: CATALOGUE_FIXTURES,
    safeWrites: MOCK_SAFE_WRITES,
    timeoutMs: 10_000,
  });
  return { ms: Math.round(performance.now() - started), ok: report.passed };
}

const scenarioCount = loadScenarioDir(SCENARIO_DIR).length;
console.log(`topup bench: ${runs} runs; ${scenarioCount} scenarios, concurrency ${CONCURRENCY}\n`);
const catalogue: Sample[] = [];
const starts: Sample[] = [];
for (let i = 0; i < runs; i += 1) {
  const { sample, startMs } = await timeCatalogue();
  catalogue.push(sample);
  starts.push({ ms: startMs, ok: true });
}
const mock = await startMock({ control: false });
const contract: Sample[] = [];
try {
  await timeContractCheck(mock); // warm-up: the first call of each route compiles its schemas
  for (let i = 0; i < runs; i += 1) contract.push(await timeContractCheck(mock));
} finally {
  await mock.close();
}
console.log(
  summary(`scenario run --all (concurrency ${CONCURRENCY})`, catalogue, `${scenarioCount} scenarios`),
);
console.log(summary(`  starting ${CONCURRENCY} mocks`, starts, ''));
console.log(summary('contract check (mock, --no-control)', contract, 'all calls'));
process.exitCode = [...catalogue, ...contract].every((s) => s.ok) ? 0 : 1;
