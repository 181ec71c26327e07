// biome-ignore-all lint/suspicious/noTemplateCurlyInString: scenario references are written ${...} inside plain strings
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SCENARIO_DIR, SCHEMA_FILE } from '../paths';
import { scenarioJsonSchema } from './jsonSchema';
import { loadScenarioDir, parseScenario, ScenarioFileError } from './load';

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
      /^steps\[0\]\.call: unknown endpoint "checkDisplayID"; did you mean checkDisplayId\?; valid calls: serverTime, .*checkDisplayId/,
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
        '  - call: checkUid\n    params: { uid: "${steps.b.data.uid}${fixtures.who.uid}" }\n  - id: b\n    call: serverTime\n',
      ),
    );
    expect(reasons).toEqual([
      "steps[0]: refers to step 'b', which is not an earlier step",
      "steps[0]: refers to fixture 'who', not declared under fixtures (none)",
    ]);
  });

  it('refuses a $matches pattern RE2 cannot run (lookaround, a backreference), naming the step and field', () => {
    const steps = `  - call: checkDisplayId
    params: { display_id: "10000001", source: 1 }
    expect: { data: { nickname: { $matches: "^(?=r)" }, display_id: { $matches: "^(.+)+[0-9]{8}$" } } }
`;
    expect(reasonsOf(minimal(steps))).toEqual([
      'steps[0].expect.data.nickname.$matches: not a regular expression this tool runs (RE2 syntax: no lookaround, no backreferences): "^(?=r)": error parsing regexp: invalid or unsupported Perl syntax: `(?=`',
    ]);
  });

  it('refuses a var that holds a reference (to another var, a cycle, a fixture), which would be sent as text', () => {
    const steps = '  - call: checkDisplayId\n    params: { display_id: "${vars.a}", source: 1 }\n';
    const hint =
      'but references inside vars are not resolved (it would be sent as that text); write the value itself, or write the reference where the var is used';
    expect(reasonsOf(minimal(steps, 'vars: { a: "${vars.b}", b: "10000001" }\n'))).toEqual([
      `vars.a: holds the reference \${vars.b}, ${hint}`,
    ]);
    expect(reasonsOf(minimal(steps, 'vars: { a: "${vars.b}", b: "${vars.a}" }\n'))).toEqual([
      `vars.a: holds the reference \${vars.b}, ${hint}`,
      `vars.b: holds the reference \${vars.a}, ${hint}`,
    ]);
    expect(reasonsOf(minimal(steps, 'vars: { a: "10000001", b: { list: ["x ${run.id}"] } }\n'))).toEqual([
      `vars.b.list[0]: holds the reference \${run.id}, ${hint}`,
    ]);
    expect(reasonsOf(minimal(steps, 'vars: { a: "10000001", b: "costs $${price}" }\n'))).toEqual([]);
  });

  it('reports a __proto__ key under params, expect.data and vars, which the schema would drop unseen', () => {
    const steps = `  - call: checkDisplayId
    params: { display_id: "10000001", source: 1, __proto__: { x: 1 } }
    expect: { data: { __proto__: 1, __proto__.polluted: 1 } }
`;
    const refused = "a key '__proto__' is refused (no parameter, field or name is called that)";
    expect(reasonsOf(minimal(steps, 'vars: { __proto__: { polluted: 1 } }\n'))).toEqual([
      `vars.__proto__: ${refused}`,
      `steps[0].params.__proto__: ${refused}`,
      `steps[0].expect.data.__proto__: ${refused}`,
      `steps[0].expect.data.__proto__.polluted: ${refused}`,
    ]);
  });

  it('refuses a file nested too deeply in one clear line, however deep', () => {
    for (const depth of [100, 50_000]) {
      const steps = `  - call: serverTime\n    expect: { data: { ts: ${'['.repeat(depth)}${']'.repeat(depth)} } }\n`;
      expect(reasonsOf(minimal(steps))).toEqual([
        'nested too deeply: a file here nests lists and mappings at most 64 levels deep',
      ]);
    }
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
      "steps[2]: refers to fixture 'crad', not declared under fixtures (card); did you mean card?",
      'steps[2].expect.data.status.$eqq: unknown operator $eqq; did you mean $eq?; expected one of $eq $ne $gt $gte $lt $lte $contains $notContains $matches $length $exists $oneOf $type $every $some $not',
      // The call's params are checked even though other steps have schema errors.
      'steps[1].params: createCoinPay needs recharge_id, ext; expected params with recharge_id: …, ext: …',
    ]);
    // Alone, the missing parameter of the call is found too.
    const missing = minimal('  - call: createCoinPay\n    params: { pay_type: 23, source: 1 }\n');
    expect(reasonsOf(missing)).toEqual([
      expect.stringMatching(/^steps\[0\]\.params: createCoinPay needs .*recharge_id/),
    ]);
  });

  it.each([
    ['no description', 'version: 1\nname: t\nsteps:\n', 'description: required: expected a string'],
    ['a bad tag', 'version: 1\nname: t\ndescription: d\ntags: [Bad Tag]\nsteps:\n', 'tags[0]: '],
    ['a misspelled top key', 'version: 1\nname: t\ndescription: d\nvar: {}\nsteps:\n', "unknown key 'var'"],
  ])('checks params and forced codes even with a schema error elsewhere (%s)', (_, head, schemaProblem) => {
    const text = `${head}${[
      '  - call: createCoinPay',
      '    params: { recharge_id: rc_1, uid: 1, pay_type: 99, source: 1, ext: { h5_deviceid: d }, colour: red }',
      '  - control: { force: { call: serverTime, answer: { result: 25001 } } }',
      '',
    ].join('\n')}`;
    expect(reasonsOf(text)).toEqual([
      expect.stringContaining(schemaProblem),
      expect.stringMatching(/^steps\[0\]\.params: unknown parameter 'colour' of createCoinPay/),
      expect.stringMatching(/^steps\[0\]\.params\.pay_type: expected one of 23, .*, got 99$/),
      expect.stringMatching(/^steps\[1\]\.control\.force\.answer\.result: serverTime cannot answer 25001; /),
    ]);
  });

  it.each([
    [
      'a misspelled field',
      'checkDisplayId',
      '{ display_id: "1", source: 1 }',
      '{ statuss: 1 }',
      "steps[0].expect.data.statuss: checkDisplayId's answer data has no field 'statuss'; did you mean status?; expected one of uid, display_id, is_guest, nickname, icon, status, streamer_state, room_id",
    ],
    [
      'a field inside a number',
      'serverTime',
      '{}',
      '{ ts.value: 1 }',
      "steps[0].expect.data.ts.value: serverTime's ts has nothing at 'value'",
    ],
    [
      'known fields, a length and an operator',
      'checkDisplayId',
      '{ display_id: "1", source: 1 }',
      '{ status: 1, nickname.length: { $gt: 0 }, uid: { $exists: true } }',
      undefined,
    ],
  ])('checks expect.data paths against the call answer schema: %s', (_, call, params, data, problem) => {
    const reasons = reasonsOf(
      minimal(`  - call: ${call}\n    params: ${params}\n    expect: { data: ${data} }\n`),
    );
    expect(reasons).toEqual(problem === undefined ? [] : [problem]);
  });

  it("checks each call's params against its contract before running: types, values, unknown keys", () => {
    const text = minimal(
      [
        '  - id: pay',
        '    call: createCoinPay',
        '    params:',
        '      recharge_id: rc_999',
        '      uid: "${fixtures.target.display_uid}"',
        '      pay_type: 99',
        '      source: 1',
        '      tokn: abc',
        '      ext: { h5_deviceid: 3, page_viewid: x }',
        '  - call: getPayError',
        '    params: { order_id: "${steps.pay.data.order_id}", source: "1" }',
        '  - poll:',
        '      call: payResultByOrderFast',
        '      params: { zp_orderid: 7 }',
        '      until: { data: { result: 0 } }',
        '',
      ].join('\n'),
      'fixtures: { target: account.omar }\n',
    );
    expect(reasonsOf(text)).toEqual([
      "steps[0].params: unknown parameter 'tokn' of createCoinPay; did you mean token?; expected one of recharge_id, uid, pay_type, source, source_id, platform_data, session_key, ext, kind, mock, uuid, token, cvv_token, bin, last4, scheme, name, card_valid_date, is_remember",
      "steps[0].params.ext: unknown parameter 'page_viewid' of createCoinPay's ext; did you mean page_view_id?; expected one of h5_deviceid, page_view_id, session_key, href, ua",
      // A reference to a catalogue fixture is checked with its value, and named.
      'steps[0].params.uid: expected a number, got "10000002" (from ${fixtures.target.display_uid})',
      'steps[0].params.pay_type: expected one of 23, 24, 25, 26, 27, 28, 29, 30, 31, 2528, got 99',
      'steps[0].params.ext.h5_deviceid: expected a string, got 3',
      'steps[1].params.source: expected one of 1, 4, got "1"',
      'steps[2].poll.params.zp_orderid: expected a string, got 7',
    ]);
  });

  it('leaves alone what only the run knows (step references, interpolations) and checks vars by value', () => {
    const ok = minimal(
      [
        '  - id: pay',
        '    call: createCoinPay',
        '    params:',
        '      { recharge_id: "${vars.pkg}", uid: "${fixtures.target.uid}", pay_type: "${steps.x.y}", source: 1,',
        '        token: "tok-${run.id}", ext: "${steps.x.ext}" }',
        '',
      ].join('\n'),
      'fixtures: { target: account.omar }\nvars: { pkg: rc_999 }\n',
    ).replace('steps:\n', 'steps:\n  - { id: x, call: serverTime }\n');
    expect(reasonsOf(ok)).toEqual([]);
    const badVar = ok.replace('pkg: rc_999', 'pkg: 999');
    expect(reasonsOf(badVar)).toEqual([
      'steps[1].params.recharge_id: expected a string, got 999 (from ${vars.pkg})',
    ]);
  });

  it('suggests the name meant for an unknown step kind, call, key, control action or fixture', () => {
    const text = minimal(
      [
        '  - tokenizeCrd: { provider: 13 }',
        '  - call: serverTime',
        '    expct: { result: 0 }',
        '  - control: { rset: {} }',
        '  - call: getPayError',
        '    params: { order_id: "${fixtures.crad.number}${fixtures.card.numbr}", source: 1 }',
        '',
      ].join('\n'),
      'fixtures: { card: card.visaAproved, ok: card.visaApproved }\n',
    );
    const reasons = reasonsOf(text);
    expect(reasons).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^steps\[0\]: unknown step kind 'tokenizeCrd'; did you mean tokenizeCard\?; valid/,
        ),
        "steps[1]: unknown key 'expct'; did you mean expect?",
        expect.stringMatching(/^steps\[2\]: unknown control action 'rset'; did you mean reset\?; valid/),
        expect.stringMatching(
          /^fixtures\.card: unknown fixture "card\.visaAproved"; did you mean card\.visaApproved\?/,
        ),
        expect.stringMatching(
          /^steps\[3\]: refers to fixture 'crad', not declared under fixtures \(card, ok\); did you mean card\?/,
        ),
      ]),
    );
    // A far-off word gets no guess.
    expect(reasonsOf(minimal('  - call: zzzzzzzz\n'))[0]).not.toContain('did you mean');
  });
});
