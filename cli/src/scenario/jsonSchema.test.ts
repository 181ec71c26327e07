// biome-ignore-all lint/suspicious/noTemplateCurlyInString: scenario references are written ${...} inside plain strings
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { SCENARIO_DIR } from '../paths';
import { scenarioJsonSchema } from './jsonSchema';
import { scenarioFilesIn } from './load';

/** What an editor does with the JSON Schema: every catalogue scenario passes, a mistyped param does not. */
describe('the JSON Schema of scenario files', () => {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  const validate = ajv.compile(scenarioJsonSchema());
  const scenario = (step: unknown) => ({ version: 1, name: 't', description: 'd', steps: [step] });

  it('accepts every catalogue scenario', () => {
    for (const file of scenarioFilesIn(SCENARIO_DIR)) {
      const ok = validate(parseYaml(readFileSync(file, 'utf8')));
      expect(ok ? [] : [file, JSON.stringify(validate.errors?.slice(0, 3))]).toEqual([]);
    }
  });

  it("types each call's params by the call: wrong types and unknown shapes are flagged, references pass", () => {
    const table: [unknown, boolean][] = [
      [{ call: 'checkDisplayId', params: { display_id: '10000001', source: 1 } }, true],
      [{ call: 'checkDisplayId', params: { display_id: '${fixtures.target.display_uid}', source: 1 } }, true],
      [{ call: 'checkDisplayId', params: { display_id: 10000001, source: 1 } }, false],
      [{ call: 'getFineInfo', params: { id: 'seven' } }, false],
      [{ call: 'getFineInfo', params: { id: '${fixtures.fine.id}' } }, true],
      [{ poll: { call: 'getFineInfo', params: { id: 'seven' }, until: { result: 0 } } }, false],
    ];
    for (const [step, valid] of table) expect([step, validate(scenario(step))]).toEqual([step, valid]);
  });
});
