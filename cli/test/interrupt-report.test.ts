// What an interrupted run reports: how many ran and how many did not (not "35 scenarios (35 not run)"),
// which signal stopped it (SIGTERM is not "Ctrl-C"), and the time the user waited, not the calls' alone.
import { describe, expect, it } from 'vitest';
import { checkContracts } from '../src/contract/check';
import { type FuzzReport, fuzzToJUnit } from '../src/fuzz/report';
import { Stopped } from '../src/interrupt';
import { contractToJUnit, formatContractTable } from '../src/report/contract';
import { scenariosToJUnit } from '../src/report/junit';
import { formatSummary } from '../src/report/pretty';
import { headOf, type RunReport, type ScenarioReport, totalsOf } from '../src/report/types';
import { parseScenario } from '../src/scenario/load';
import { runScenarios } from '../src/scenario/run';

const passed = (name: string): ScenarioReport => ({
  name,
  file: `${name}.yaml`,
  description: 'x',
  tags: [],
  status: 'passed',
  ms: 1,
  steps: [],
});
const names = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `s${from + i}`);

const interruptedRun = (ran: number, notRun: number, by?: string): RunReport => {
  const scenarios = names(ran).map(passed);
  return {
    kind: 'scenarios',
    target: 'mock',
    startedAt: '2026-11-28T09:00:00.000Z',
    ms: 3000,
    scenarios,
    totals: { scenarios: totalsOf(scenarios), steps: totalsOf([]) },
    interrupted: true,
    ...(by === undefined ? {} : { interruptedBy: by }),
    ...(notRun === 0 ? {} : { notRunScenarios: names(notRun, ran) }),
    passed: false,
  };
};

describe('an interrupted scenario run', () => {
  it.each([
    [35, 35, '35 of 70 scenarios ran (35 not run)'],
    [1, 2, '1 of 3 scenarios ran (2 not run)'],
    [3, 0, '3 scenarios'],
  ])('%i ran, %i not run: the head line counts both', (ran, notRun, count) => {
    const report = interruptedRun(ran, notRun);
    expect(headOf(report).count).toBe(count);
    expect(formatSummary(report, { colour: false, verbose: false })).toContain(
      `INTERRUPTED ${count} against mock`,
    );
  });

  it.each([
    [undefined, 'Ctrl-C'],
    ['SIGTERM', 'SIGTERM'],
  ])('stopped by %s: every reporter says %s', (by, says) => {
    const report = interruptedRun(0, 2, by);
    expect(headOf(report).why).toBe(`interrupted (${says}) before they started`);
    expect(scenariosToJUnit(report)).toContain(
      `the run was interrupted (${says}) before every scenario finished`,
    );
    expect(formatSummary(report, { colour: false, verbose: false })).toContain(
      `the run was interrupted (${says})`,
    );
  });

  it('runScenarios names the signal that stopped it', async () => {
    const stop = new AbortController();
    stop.abort(new Stopped('SIGTERM'));
    const scenario = parseScenario(
      'version: 1\nname: t\ndescription: x\nsteps:\n  - call: serverTime\n',
      't.yaml',
    );
    const report = await runScenarios(
      [{ file: 't.yaml', scenario }],
      [{ baseUrl: 'http://127.0.0.1:9', mock: false }],
      { fixtures: { kind: 'none' }, timeoutMs: 1000, signal: stop.signal },
    );
    expect(report).toMatchObject({ interrupted: true, interruptedBy: 'SIGTERM', notRunScenarios: ['t'] });
  });
});

describe('an interrupted contract check', () => {
  it.each([
    [new Stopped('SIGTERM'), 'SIGTERM'],
    [new Stopped('SIGINT'), 'Ctrl-C'],
  ])('counts the time since the command started and says what stopped it (%s)', async (reason, says) => {
    const stop = new AbortController();
    stop.abort(reason);
    // The command started 3 s ago (its target check hung), then Ctrl-C: the check sends nothing.
    const report = await checkContracts('http://127.0.0.1:9', {
      started: performance.now() - 3000,
      fixtures: {},
      safeWrites: [],
      expectRefusals: {},
      timeoutMs: 1000,
      only: ['serverTime'],
      signal: stop.signal,
    });
    expect(report.ms).toBeGreaterThanOrEqual(3000);
    expect(report.interruptedBy).toBe(says);
    expect(report.calls[0]?.skipReason).toBe(`not run: interrupted (${says})`);
    expect(formatContractTable(report, false)).toMatch(/INTERRUPTED contract check of .* in 3\.\d+ s/);
    expect(contractToJUnit(report)).toMatch(/<testsuites [^>]*time="3\.\d{3}"/);
    expect(contractToJUnit(report)).toContain(`the check was interrupted (${says})`);
  });
});

describe('an interrupted fuzz', () => {
  it.each([
    [undefined, 'Ctrl-C'],
    ['SIGTERM', 'SIGTERM'],
  ])('says what stopped it (%s)', (by, says) => {
    const report: FuzzReport = {
      kind: 'fuzz',
      target: 'mock',
      seed: 1,
      runs: 1,
      startedAt: '2026-11-28T09:00:00.000Z',
      ms: 10,
      calls: [],
      budget: 'b',
      interrupted: true,
      ...(by === undefined ? {} : { interruptedBy: by }),
      passed: false,
    } as FuzzReport;
    expect(fuzzToJUnit(report)).toContain(`the fuzz was interrupted (${says})`);
  });
});
