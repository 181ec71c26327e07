// Integration test: the CLI talks HTTP, so it runs against mock servers (or fake backends) listening on loopback, port 0.
// biome-ignore-all lint/suspicious/noTemplateCurlyInString: scenario references are written ${...} inside plain strings
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StartedMock, startMock } from '../src/commands/mockServer';
import { SCENARIO_DIR } from '../src/paths';
import { loadScenarioDir } from '../src/scenario/load';
import { runScenario, runScenarios } from '../src/scenario/run';

/**
 * The whole catalogue against in-process mocks on free loopback ports, four at a time as `--concurrency 4`,
 * once; then one test per scenario reports that scenario's own result under its name and the spec rows it
 * asserts (`spec:` in the file, as `@spec:<row>` in the test's name), so the coverage matrix's scenarios
 * column names each scenario (cli/src/coverage/results.ts counts this file's tests as scenarios).
 */
const catalogue = loadScenarioDir(SCENARIO_DIR);
const specTags = (rows: readonly string[]) => rows.map((row) => ` @spec:${row}`).join('');

describe('the scenario catalogue against the mock', () => {
  const mocks: StartedMock[] = [];
  let noControl: StartedMock;
  let report: Awaited<ReturnType<typeof runScenarios>>;

  beforeAll(async () => {
    for (let i = 0; i < 4; i += 1) mocks.push(await startMock());
    noControl = await startMock({ control: false });
    report = await runScenarios(
      catalogue,
      mocks.map((m) => m.target),
      { fixtures: { kind: 'catalogue' }, timeoutMs: 10_000 },
    );
  }, 30_000);

  afterAll(async () => {
    await Promise.all([...mocks, noControl].map((m) => m.close()));
  });

  it('runs every scenario of the catalogue', () => {
    expect(report.scenarios.map((s) => s.name).sort()).toEqual(catalogue.map((s) => s.scenario.name).sort());
  });

  it.each(
    catalogue.map((loaded) => [`${loaded.scenario.name}${specTags(loaded.scenario.spec)}`, loaded] as const),
  )('%s', (_title, loaded) => {
    const own = report.scenarios.find((s) => s.name === loaded.scenario.name);
    const failures =
      own === undefined
        ? ['not run']
        : own.status === 'passed'
          ? []
          : [own.error ?? own.steps.flatMap((step) => step.failures).join('; ')];
    expect(failures).toEqual([]);
  });

  it('skips, and reports as skipped, the steps that need the control API or a simulator on a target without them', async () => {
    const scenarios = loadScenarioDir(SCENARIO_DIR).filter((s) =>
      ['forced-failure-code', 'card-visa-approved'].includes(s.scenario.name),
    );
    const target = { ...noControl.target, mock: false };
    // A backend whose fixtures allow orders (safeWrites): else both scenarios would not be sent at all.
    const options = {
      fixtures: { kind: 'catalogue' as const },
      timeoutMs: 5000,
      safeWrites: ['createCoinPay' as const],
    };
    const [card, forced] = await Promise.all(scenarios.map((s) => runScenario(s, target, options)));
    expect(card?.name).toBe('card-visa-approved');
    // The card scenario: the tokenisation is skipped, and so is everything that depends on its token.
    // (The history reads around the payment name the token and the order, so they are skipped with them.)
    expect(card?.steps.map((s) => s.status)).toEqual(Array(7).fill('skipped'));
    expect(card?.steps[0]?.skipReason).toMatch(/need the mock/);
    expect(card?.steps[1]?.skipReason).toMatch(/step 'tok' was skipped/);
    expect(card?.status).toBe('skipped');
    // The forced-failure scenario: control steps skipped; the real calls run (and the first, no longer forced,
    // answers 0 where 10005 was expected, so it fails: that scenario is meaningful only on the mock).
    expect(forced?.steps[0]?.status).toBe('skipped');
    expect(forced?.steps[1]?.status).toBe('failed');
  });
});
