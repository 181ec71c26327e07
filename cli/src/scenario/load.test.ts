// biome-ignore-all lint/suspicious/noTemplateCurlyInString: scenario references are written ${...} inside plain strings
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SCENARIO_DIR, SCHEMA_FILE } from '../paths';
import { loadScenarioDir, parseScenario, ScenarioFileError } from './load';
import { scenarioJsonSchema } from './schema';

const reasonsOf = (text: string): string[] => {
  try {
    parseScenario(text, 'test.yaml');
  } catch (error) {
    if (error instanceof ScenarioFileError) return [...error.reasons];
    throw error;
  }
  return [];
};

const minimal = (steps: string, extra = '') => `version: 1
name: t
description: a test
${extra}steps:
${steps}`;

describe('scenario files', () => {
  it('parses a valid scenario with defaults', () => {
    const scenario = parseScenario(minimal('  - call: serverTime\n'), 'ok.yaml');
    expect(scenario.tags).toEqual([]);
    expect(scenario.steps[0]).toEqual({ call: 'serverTime' });
  });

  it('accepts JSON as well as YAML', () => {
    const json = JSON.stringify({
      version: 1,
      name: 'j',
      description: 'json',
      steps: [{ call: 'serverTime' }],
    });
    expect(parseScenario(json, 'j.json').name).toBe('j');
  });

  it('refuses an unknown version, listing the valid ones', () => {
    expect(reasonsOf(minimal('  - call: serverTime\n').replace('version: 1', 'version: 2'))).toEqual([
      'version: unsupported version 2; valid versions: 1',
    ]);
  });

  it('refuses an unknown step kind, listing the valid ones', () => {
    const [reason] = reasonsOf(minimal('  - id: x\n    fetch: serverTime\n'));
    expect(reason).toBe(
      "steps[0] (x): unknown step kind 'fetch'; valid step kinds: call, poll, control, room, tokenizeCard, simulator",
    );
  });

  it('refuses an unknown endpoint, listing the valid calls', () => {
    const [reason] = reasonsOf(minimal('  - call: checkDisplayID\n'));
    expect(reason).toMatch(
      /^steps\[0\]\.call: unknown endpoint "checkDisplayID"; valid calls: serverTime, .*checkDisplayId/,
    );
  });

  it('refuses an unknown control action and an unknown fixture', () => {
    expect(reasonsOf(minimal('  - control: { rewind: {} }\n'))[0]).toMatch(
      /unknown control action 'rewind'; valid actions: reset, clock/,
    );
    expect(reasonsOf(minimal('  - call: serverTime\n', 'fixtures: { a: account.nobody }\n'))[0]).toMatch(
      /fixtures\.a: unknown fixture "account.nobody"; fixtures: .*account\.reem/,
    );
  });

  it('refuses references to later steps and undeclared fixtures', () => {
    const reasons = reasonsOf(
      minimal(
        '  - call: checkUid\n    params: { uid: "${steps.b.data.uid}", x: "${fixtures.who.uid}" }\n  - id: b\n    call: serverTime\n',
      ),
    );
    expect(reasons).toEqual([
      "steps[0]: refers to step 'b', which is not an earlier step",
      "steps[0]: refers to fixture 'who', not declared under fixtures (none)",
    ]);
  });

  it('loads the whole catalogue, and the JSON Schema file is up to date', () => {
    const loaded = loadScenarioDir(SCENARIO_DIR);
    expect(loaded.length).toBeGreaterThanOrEqual(50);
    const file = JSON.parse(readFileSync(join(SCENARIO_DIR, SCHEMA_FILE), 'utf8')) as unknown;
    expect(file).toEqual(JSON.parse(JSON.stringify(scenarioJsonSchema())));
  });

  it('reports every problem of a file at once, each with its JSON path and the one expected form', () => {
    const text = minimal(
      [
        '  - tokenizeCard: { provider: 17, cvv: 737 }',
        '  - call: createCoinPay',
        '    params: { uid: "${fixtures.card.uid}", pay_type: 23, source: 1 }',
        '  - call: checkDisplayId',
        '    params: { display_id: "${fixtures.crad.number}", source: 1 }',
        '    expect: { data: { status: { $eqq: 1 } } }',
        '',
      ].join('\n'),
      'fixtures: { card: card.visaApproved }\n',
    );
    expect(reasonsOf(text)).toEqual([
      'steps[0].tokenizeCard.cvv: expected a string, got 737',
      "steps[1]: fixture 'card' (card.visaApproved) has no field 'uid'; expected one of number, scheme, bin, last4, cvv, expiry, holder",
      "steps[2]: refers to fixture 'crad', not declared under fixtures (card)",
      'steps[2].expect.data.status.$eqq: unknown operator $eqq; expected one of $eq $ne $gt $gte $lt $lte $contains $notContains $matches $length $exists $oneOf $type $every $some $not',
    ]);
    // With the types right, the missing parameter of the call is found too.
    const missing = minimal('  - call: createCoinPay\n    params: { pay_type: 23, source: 1 }\n');
    expect(reasonsOf(missing)).toEqual([
      expect.stringMatching(/^steps\[0\]\.params: createCoinPay needs .*recharge_id/),
    ]);
  });
});
