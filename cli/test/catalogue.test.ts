// Integration test: the CLI talks HTTP, so it runs against mock servers (or fake backends) listening on loopback, port 0.
// biome-ignore-all lint/suspicious/noTemplateCurlyInString: scenario references are written ${...} inside plain strings
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StartedMock, startMock } from '../src/commands/mockServer';
import { SCENARIO_DIR } from '../src/paths';
import { loadScenarioDir } from '../src/scenario/load';
import { runScenario, runScenarios } from '../src/scenario/run';

/** The whole catalogue against in-process mocks on free loopback ports, four at a time as `--concurrency 4`. */
describe('the scenario catalogue against the mock', () => {
  const mocks: StartedMock[] = [];
  let noControl: StartedMock;

  beforeAll(async () => {
    for (let i = 0; i < 4; i += 1) mocks.push(await startMock());
    noControl = await startMock({ control: false });
  });

  afterAll(async () => {
    await Promise.all([...mocks, noControl].map((m) => m.close()));
  });

  it('passes every scenario', async () => {
    const scenarios = loadScenarioDir(SCENARIO_DIR);
    const report = await runScenarios(
      scenarios,
      mocks.map((m) => m.target),
      { fixtures: { kind: 'catalogue' }, timeoutMs: 10_000 },
    );
    const failures = report.scenarios
      .filter((s) => s.status !== 'passed')
      .map((s) => `${s.name}: ${s.error ?? s.steps.flatMap((step) => step.failures).join('; ')}`);
    expect(failures).toEqual([]);
    expect(report.totals.scenarios.passed).toBe(scenarios.length);
  }, 30_000);

  it('skips, and reports as skipped, the steps that need the control API or a simulator on a target without them', async () => {
    const scenarios = loadScenarioDir(SCENARIO_DIR).filter((s) =>
      ['forced-failure-code', 'card-visa-approved'].includes(s.scenario.name),
    );
    const target = { ...noControl.target, mock: false };
    const [card, forced] = await Promise.all(
      scenarios.map((s) => runScenario(s, target, { fixtures: { kind: 'catalogue' }, timeoutMs: 5000 })),
    );
    expect(card?.name).toBe('card-visa-approved');
    // The card scenario: the tokenisation is skipped, and so is everything that depends on its token.
    expect(card?.steps.map((s) => s.status)).toEqual(['skipped', 'skipped', 'skipped']);
    expect(card?.steps[0]?.skipReason).toMatch(/need the mock/);
    expect(card?.steps[1]?.skipReason).toMatch(/step 'tok' was skipped/);
    expect(card?.status).toBe('skipped');
    // The forced-failure scenario: control steps skipped; the real calls run (and the first, no longer forced,
    // answers 0 where 10005 was expected, so it fails: that scenario is meaningful only on the mock).
    expect(forced?.steps[0]?.status).toBe('skipped');
    expect(forced?.steps[1]?.status).toBe('failed');
  });
});
